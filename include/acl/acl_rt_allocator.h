/*
 * acl/acl_rt_allocator.h — callback types of a user-supplied device memory allocator
 * (aclnn-cpu). aclnn-cpu declares the types only; registering an allocator is not supported.
 */
#ifndef INC_EXTERNAL_ACL_ACL_RT_ALLOCATOR_H_
#define INC_EXTERNAL_ACL_ACL_RT_ALLOCATOR_H_

#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Returns a block of at least size bytes from the user allocator. */
typedef void *(*aclrtAllocatorAllocFunc)(aclrtAllocator allocator, size_t size);

/* Gives a block obtained from the alloc callback back to the user allocator. */
typedef void (*aclrtAllocatorFreeFunc)(aclrtAllocator allocator, aclrtAllocatorBlock block);

/* Like the alloc callback, with a preferred address as a hint. */
typedef void *(*aclrtAllocatorAllocAdviseFunc)(aclrtAllocator allocator, size_t size,
                                               aclrtAllocatorAddr addr);

/* Device address held by a block. */
typedef void *(*aclrtAllocatorGetAddrFromBlockFunc)(aclrtAllocatorBlock block);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_ACL_RT_ALLOCATOR_H_ */
