// API call tracing: ACLNN_CPU_TRACE=1 (stderr) or ACLNN_CPU_TRACE=<file> writes one line per
// exported call, with its arguments decoded, its status, and what it wrote through its output
// parameters; an operator's phase 2 adds a second line when its work on the stream completes:
//
//   [aclnn_cpu trace] aclrtMalloc(devPtr=&out, size=32, policy=ACL_MEM_MALLOC_HUGE_FIRST)
//       = 0 (ACL_SUCCESS); *devPtr=dev#1                                  (one line in the file)
//   [aclnn_cpu trace] aclnnSwishBackward completed in 12 us (executor#1 on stream#1, npu numerics)
//
// Lines carry no timestamps and name memory and objects by allocation and creation order
// (dev#3+64, tensor#2, stream#1), so that the traces of two runs can be diffed.
//
// Cost when off: Traced() is one predictable branch on a flag read once at load time. The
// decoding of what only the layers above know (which allocation a pointer is in, a tensor's and a
// scalar's fields) comes through hooks those layers install; trace.cpp depends on neither.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "acl/acl_rt.h"
#include "aclnn/acl_meta.h"

namespace aclcpu {
namespace trace {

namespace detail {
extern const bool gEnabled;               // ACLNN_CPU_TRACE set (and not "0"), read at load time
void WriteLine(const std::string& text);  // "[aclnn_cpu trace] " + text, to the trace sink
}  // namespace detail

inline bool On() { return __builtin_expect(detail::gEnabled, 0); }

// Builds and writes one trace line. Arguments are added in signature order before the call
// runs (so that objects are decoded before a destroy frees them); Wrote() adds output values
// afterwards; Status() / Returned() write the line.
class Call {
 public:
  explicit Call(const char* api);
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;

  Call& Int(const char* name, long long value);
  Call& UInt(const char* name, unsigned long long value);
  Call& Hex(const char* name, unsigned long long value);
  Call& Float(const char* name, double value);
  Call& Text(const char* name, const char* text);  // quoted; NULL when null
  Call& Mem(const char* name, const void* p);      // named by allocation: dev#3+64
  Call& Out(const char* name, const void* p);      // an output parameter: &out or NULL
  Call& Object(const char* name, const char* kind, const void* p);  // stream#1, executor#2
  Call& Tensor(const char* name, const aclTensor* tensor);
  Call& Scalar(const char* name, const aclScalar* scalar);
  Call& Dims(const char* name, const int64_t* values, uint64_t count);
  Call& Floats(const char* name, const float* values, uint64_t count);
  Call& Bools(const char* name, const bool* values, uint64_t count);
  Call& Tensors(const char* name, const aclTensor* const* values, uint64_t count);
  Call& Scalars(const char* name, const aclScalar* const* values, uint64_t count);
  // Enum-typed arguments as the integer codes the caller passed (common/enum_code.h).
  Call& Dtype(const char* name, int32_t dtype);
  Call& Format(const char* name, int32_t format);
  Call& MemcpyKind(const char* name, int32_t kind);
  Call& MallocPolicy(const char* name, int32_t policy);
  Call& LogLevel(const char* name, int level);
  // Any other argument, already as text (e.g. an enumerator name).
  void Arg(const char* name, const std::string& value);

  // An output value, written after the status: "; *devPtr=dev#1".
  Call& Wrote(const char* name, const std::string& value);

  void Status(int status);              // "= 0 (ACL_SUCCESS)"; writes the line
  void Returned(const std::string& v);  // "= tensor#1"; writes the line

 private:
  void Emit(const std::string& result);

  const char* api_;
  std::string args_;
  std::string wrote_;
};

// Names for what a line shows (thread-safe).
std::string MemName(const void* p);  // NULL, dev#3, dev#3+64, freed:dev#3, host#2, 0x7ffd…
// The name given to `p` at creation ("kind#N"), or "kind@0x…" for one never seen.
std::string ObjectName(const char* kind, const void* p);
// Gives `p` the next number of `kind` and returns the name (nullptr → "NULL").
std::string NewObject(const char* kind, const void* p);
// Marks `p` destroyed: later lines show "tensor#2(destroyed)" and never decode it.
void Destroyed(const void* p);
std::string FloatText(double value);  // shortest text that reads back as the same float
// A live tensor or scalar this process created, decoded:
// tensor#2{FLOAT, shape=[4,2], strides=[2,1], offset=0, ND, storage=[4,2], data=dev#1},
// scalar#1{FLOAT 1.1}; just the name for anything else (never dereferenced).
std::string TensorText(const aclTensor* tensor);
std::string ScalarText(const aclScalar* scalar);
std::string FormatName(int32_t format);                  // ACL_FORMAT_ND
std::string DtypeText(int32_t dtype);                    // ACL_FLOAT16
std::string DimsText(const std::vector<int64_t>& dims);  // [4,2] (long lists shortened)
std::string ScalarValueText(aclDataType dtype, const unsigned char* bytes);  // 1.1, true, 3

// Hooks installed by the layers above (nothing is decoded until they are): the runtime names a
// pointer by its allocation ("dev#3+64"; empty when it is not one of its allocations), nnopbase
// decodes a live tensor's or scalar's fields ("{FLOAT, shape=[4,2], …}").
using PointerNamer = std::string (*)(const void* p);
using ObjectDecoder = std::string (*)(const void* object);
void SetPointerNamer(PointerNamer namer);
void SetTensorDecoder(ObjectDecoder decoder);
void SetScalarDecoder(ObjectDecoder decoder);

// Runs `run` (which returns the API's result) and traces it: `in(call)` adds the arguments,
// `out(call, result)` adds what the call wrote and ends the line.
template <typename Run, typename In, typename Out>
auto Traced(const char* api, In&& in, Run&& run, Out&& out) -> decltype(run()) {
  if (!On()) return run();
  Call call(api);
  in(call);
  auto result = run();
  out(call, result);
  return result;
}

// Same for a function that returns a status and writes no outputs worth showing.
template <typename Run, typename In>
auto Traced(const char* api, In&& in, Run&& run) -> decltype(run()) {
  if (!On()) return run();
  Call call(api);
  in(call);
  auto status = run();
  call.Status(static_cast<int>(status));
  return status;
}

// `out` functions for Traced: the status, and on success the value written through `p`.
template <typename T>
auto WroteNumber(const char* name, const T* p) {
  return [name, p](Call& c, int status) {
    if (status == 0 && p != nullptr) c.Wrote(name, std::to_string(*p));
    c.Status(status);
  };
}
// An object handle written through `p`: a new one (numbered now) or an existing one.
template <typename T>
auto WroteObject(const char* name, const char* kind, T* const* p, bool created) {
  return [=](Call& c, int status) {
    if (status == 0 && p != nullptr)
      c.Wrote(name, created ? NewObject(kind, *p) : ObjectName(kind, *p));
    c.Status(status);
  };
}
// A memory address written through `p` (aclrtMalloc's devPtr), named by allocation.
inline auto WroteMem(const char* name, void* const* p) {
  return [=](Call& c, int status) {
    if (status == 0 && p != nullptr) c.Wrote(name, MemName(*p));
    c.Status(status);
  };
}
// For destroy functions: the status, and the object marked destroyed when that succeeded.
inline auto DestroyedOnSuccess(const void* object) {
  return [object](Call& c, int status) {
    if (status == 0) Destroyed(object);
    c.Status(status);
  };
}
// For create functions returning the object (nullptr on failure).
template <typename T>
auto ReturnedNew(const char* kind) {
  return [kind](Call& c, T* created) { c.Returned(NewObject(kind, created)); };
}

// For an operator's phase 1: the workspace size and the new executor it wrote.
inline auto WrotePlan(const uint64_t* workspaceSize, aclOpExecutor* const* executor) {
  return [=](Call& c, int status) {
    if (status == 0 && workspaceSize != nullptr) {
      c.Wrote("workspaceSize", std::to_string(*workspaceSize));
    }
    if (status == 0 && executor != nullptr) c.Wrote("executor", NewObject("executor", *executor));
    c.Status(status);
  };
}

}  // namespace trace
}  // namespace aclcpu
