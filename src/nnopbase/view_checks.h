// Geometry of tensor views for the operator checks (internal to nnopbase): one description for
// both an aclTensor (phase 1) and a TensorSnapshot (phase 2), and the overlap decisions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "nnopbase/objects.h"

namespace aclcpu {
namespace opcheck {

struct ViewRef {
  const int64_t* shape = nullptr;    // elements
  const int64_t* strides = nullptr;  // elements, one per dim
  size_t rank = 0;
  int64_t offset = 0;  // elements
  aclDataType dtype = ACL_DT_UNDEFINED;
  const void* data = nullptr;
  const std::vector<int64_t>* storage = nullptr;    // storage dims (null: none given)
  const std::vector<int64_t>* viewShape = nullptr;  // the aclTensor's own vector, when any
};

ViewRef RefOf(const aclTensor* t);
ViewRef RefOf(const TensorSnapshot& s);

// "view [..] strides [..] offset N" for messages.
std::string ViewString(const ViewRef& v);

// Exactly the same elements in the same index order, through any base/offset spelling: an
// output may alias such an input (in place).
bool SameElements(const ViewRef& a, const ViewRef& b);

// Whether some byte of an element of `a` is also a byte of an element of `b`. Exact when both
// views, after dropping size-1 dims and merging dims that walk memory as one, have at most two
// dims each (and the search stays within its budget); otherwise conservative (true unless a gcd
// argument proves the views disjoint).
bool ViewsShareBytes(const ViewRef& a, const ViewRef& b);

// Whether two different indices of `v` land on one element. Exact for views of at most two
// non-trivial dims, conservative (may say true for a legal view) beyond.
bool WritesElementTwice(const ViewRef& v);

}  // namespace opcheck
}  // namespace aclcpu
