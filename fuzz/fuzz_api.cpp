// libFuzzer target: decodes bytes into a sequence of public API calls (device memory, copies,
// tensors with arbitrary shapes / strides / offsets / dtypes / formats, scalars, both
// operators through both phases, executor reuse, queries) and runs them. Any crash, sanitizer
// report or hang is a bug: every misuse must come back as a status code.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstring>
#include <iterator>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_swish_backward.h"

namespace {

constexpr size_t kHostBytes = 1 << 16;
alignas(64) unsigned char gHost[kHostBytes];
aclrtStream gStream = nullptr;

// Kept as ints: codes outside the enumerators (77, -5) and outside what the enum types can hold
// (1000, INT32_MIN) are part of what is fuzzed, as a C caller may pass them. An enum object
// holding the latter would be undefined behaviour in this file, so they only ever exist as the
// prvalue handed to the library, which reads enum arguments as integers (-fsanitize=enum is on).
const int kDtypes[] = {ACL_FLOAT,  ACL_FLOAT16,      ACL_BF16, ACL_INT32,     ACL_INT8,
                       ACL_DOUBLE, ACL_INT64,        ACL_BOOL, ACL_COMPLEX64, ACL_UINT8,
                       ACL_STRING, ACL_DT_UNDEFINED, 77,       1000,          INT32_MIN};
const int kFormats[] = {
    ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_FRACTAL_NZ, -5, 64, INT32_MAX};

aclDataType AnyDtype(FuzzedDataProvider& in);
aclFormat AnyFormat(FuzzedDataProvider& in);

struct State {
  std::vector<void*> live;  // aclrtMalloc'd
  std::vector<size_t> sizes;
  std::vector<void*> freed;  // released: must be refused wherever used
  std::vector<aclTensor*> tensors;
  std::vector<aclScalar*> scalars;
  std::vector<aclOpExecutor*> executors;  // repeatable ones we still own
};

template <typename V>
auto Pick(FuzzedDataProvider& in, const V& v) -> decltype(v[0]) {
  return v[in.ConsumeIntegralInRange<size_t>(0, std::size(v) - 1)];
}

int64_t Dim(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0:
      return -in.ConsumeIntegralInRange<int64_t>(1, 3);
    case 1:
      return int64_t{1} << in.ConsumeIntegralInRange<int>(20, 62);
    case 2:
      return 0;
    default:
      return in.ConsumeIntegralInRange<int64_t>(1, 9);
  }
}

int64_t Stride(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0:
      return -in.ConsumeIntegralInRange<int64_t>(1, 8);
    case 1:
      return in.ConsumeIntegral<int64_t>();
    case 2:
      return 0;
    default:
      return in.ConsumeIntegralInRange<int64_t>(1, 16);
  }
}

aclDataType AnyDtype(FuzzedDataProvider& in) { return static_cast<aclDataType>(Pick(in, kDtypes)); }
aclFormat AnyFormat(FuzzedDataProvider& in) { return static_cast<aclFormat>(Pick(in, kFormats)); }

void* Address(FuzzedDataProvider& in, State& s) {
  switch (in.ConsumeIntegralInRange<int>(0, 9)) {
    case 0:
      return nullptr;
    case 1:
      return gHost + in.ConsumeIntegralInRange<size_t>(0, 64);
    case 2:
      return s.freed.empty() ? nullptr : Pick(in, s.freed);
    default: {
      if (s.live.empty()) return nullptr;
      const size_t i = in.ConsumeIntegralInRange<size_t>(0, s.live.size() - 1);
      const size_t shift = in.ConsumeBool() ? 0 : in.ConsumeIntegralInRange<size_t>(0, s.sizes[i]);
      return static_cast<char*>(s.live[i]) + shift;
    }
  }
}

void MakeTensor(FuzzedDataProvider& in, State& s) {
  const size_t rank = in.ConsumeIntegralInRange<size_t>(0, 9);
  std::vector<int64_t> dims(rank), strides(rank);
  for (auto& d : dims) d = Dim(in);
  for (auto& st : strides) st = Stride(in);
  std::vector<int64_t> storage = dims;
  if (in.ConsumeBool()) {
    storage.resize(in.ConsumeIntegralInRange<size_t>(0, 3));
    for (auto& d : storage) d = Dim(in);
  }
  const int64_t offset = in.ConsumeBool() ? 0 : in.ConsumeIntegralInRange<int64_t>(-8, 64);
  const bool contiguous = in.ConsumeBool();
  aclTensor* t =
      aclCreateTensor(dims.data(), rank, AnyDtype(in), contiguous ? nullptr : strides.data(),
                      offset, AnyFormat(in), storage.data(), storage.size(), Address(in, s));
  if (t != nullptr) s.tensors.push_back(t);
}

aclTensor* AnyTensor(FuzzedDataProvider& in, State& s) {
  if (s.tensors.empty() || in.ConsumeIntegralInRange<int>(0, 15) == 0) return nullptr;
  return Pick(in, s.tensors);
}

void RunOp(FuzzedDataProvider& in, State& s, bool swish) {
  aclTensor* a = AnyTensor(in, s);
  aclTensor* b = in.ConsumeBool() ? a : AnyTensor(in, s);
  aclTensor* out = in.ConsumeBool() ? a : AnyTensor(in, s);
  aclScalar* beta = s.scalars.empty() || in.ConsumeBool() ? nullptr : Pick(in, s.scalars);
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  const int rc = swish ? aclnnSwishBackwardGetWorkspaceSize(a, b, beta, out, &ws, &exec)
                       : aclnnSeluBackwardGetWorkspaceSize(a, b, out, &ws, &exec);
  if (rc != 0 || exec == nullptr) return;
  const bool repeatable = in.ConsumeBool() && aclSetAclOpExecutorRepeatable(exec) == 0;
  if (in.ConsumeIntegralInRange<int>(0, 7) == 0 && !s.live.empty()) {
    aclSetInputTensorAddr(exec, in.ConsumeIntegralInRange<size_t>(0, 2), a, Address(in, s));
  }
  const int runs = in.ConsumeIntegralInRange<int>(0, 3);
  for (int r = 0; r < runs; ++r) {
    if (swish) {
      aclnnSwishBackward(nullptr, 0, exec, in.ConsumeBool() ? gStream : nullptr);
    } else {
      aclnnSeluBackward(nullptr, 0, exec, in.ConsumeBool() ? gStream : nullptr);
    }
  }
  if (repeatable || runs == 0) {
    if (in.ConsumeBool()) {
      aclDestroyAclOpExecutor(exec);
      if (in.ConsumeBool()) aclDestroyAclOpExecutor(exec);  // twice: refused
    } else {
      s.executors.push_back(exec);
    }
  }
}

void Copy(FuzzedDataProvider& in, State& s) {
  void* dev = Address(in, s);
  const size_t count = in.ConsumeIntegralInRange<size_t>(0, 5000);
  const size_t hostOff = in.ConsumeIntegralInRange<size_t>(0, kHostBytes - 5000);
  void* host = gHost + hostOff;  // always has `count` bytes
  // Any int: out-of-range kinds must be refused. Held as an int here (see kDtypes).
  const int kind =
      in.ConsumeBool() ? in.ConsumeIntegralInRange<int>(0, 7) : in.ConsumeIntegral<int>();
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0:
      aclrtMemcpy(dev, count, host, count, ACL_MEMCPY_HOST_TO_DEVICE);
      break;
    case 1:
      aclrtMemcpy(host, count, dev, count, ACL_MEMCPY_DEVICE_TO_HOST);
      break;
    case 2:
      aclrtMemcpyAsync(
          dev, count, Address(in, s), count,
          static_cast<aclrtMemcpyKind>(kind == ACL_MEMCPY_DEVICE_TO_HOST
                                           ? static_cast<int>(ACL_MEMCPY_DEVICE_TO_DEVICE)
                                           : kind),
          gStream);
      break;
    case 3:
      aclrtMemset(dev, count, in.ConsumeIntegral<int32_t>(), count);
      break;
    case 4:
      aclrtMemsetAsync(dev, count, in.ConsumeIntegral<int32_t>(), count, gStream);
      break;
    default:
      aclrtMemcpy(dev, count, Address(in, s), count, ACL_MEMCPY_DEVICE_TO_DEVICE);
      break;
  }
}

void Query(FuzzedDataProvider& in, State& s) {
  aclTensor* t = AnyTensor(in, s);
  int64_t* values = nullptr;
  uint64_t n = 0;
  if (aclGetViewShape(t, &values, &n) == 0) delete[] values;
  if (aclGetViewStrides(t, &values, &n) == 0) delete[] values;
  if (aclGetStorageShape(t, &values, &n) == 0) delete[] values;
  int64_t offset = 0;
  aclGetViewOffset(t, &offset);
  aclDataType dt;
  aclGetDataType(t, &dt);
}

void Step(FuzzedDataProvider& in, State& s) {
  switch (in.ConsumeIntegralInRange<int>(0, 11)) {
    case 0: {
      void* p = nullptr;
      const size_t size = in.ConsumeIntegralInRange<size_t>(0, 8192);
      // Any policy code: an unknown one gets the default flags, as in CANN.
      const int policy = in.ConsumeBool() ? 0 : in.ConsumeIntegral<int>();
      if (s.live.size() < 6 &&
          aclrtMalloc(&p, size, static_cast<aclrtMemMallocPolicy>(policy)) == 0) {
        s.live.push_back(p);
        s.sizes.push_back(size);
      }
      break;
    }
    case 1:
      if (!s.live.empty()) {
        const size_t i = in.ConsumeIntegralInRange<size_t>(0, s.live.size() - 1);
        aclrtFree(s.live[i]);
        s.freed.push_back(s.live[i]);
        s.live.erase(s.live.begin() + i);
        s.sizes.erase(s.sizes.begin() + i);
      } else if (!s.freed.empty()) {
        aclrtFree(Pick(in, s.freed));  // double free: refused
      }
      break;
    case 2:
    case 3:
      MakeTensor(in, s);
      break;
    case 4:
      if (!s.tensors.empty()) {
        const size_t i = in.ConsumeIntegralInRange<size_t>(0, s.tensors.size() - 1);
        aclDestroyTensor(s.tensors[i]);
        if (in.ConsumeBool()) aclDestroyTensor(s.tensors[i]);  // twice: refused
        s.tensors.erase(s.tensors.begin() + i);
      }
      break;
    case 5: {
      unsigned char value[16];
      for (auto& v : value) v = in.ConsumeIntegral<unsigned char>();
      aclScalar* sc = aclCreateScalar(value, AnyDtype(in));
      if (sc != nullptr) s.scalars.push_back(sc);
      break;
    }
    case 6:
    case 7:
      RunOp(in, s, true);
      break;
    case 8:
      RunOp(in, s, false);
      break;
    case 9:
      Copy(in, s);
      break;
    case 10:
      Query(in, s);
      break;
    default:
      aclrtSynchronizeStream(in.ConsumeBool() ? gStream : nullptr);
      break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtCreateStream(&gStream);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  State s;
  for (int steps = 0; steps < 64 && in.remaining_bytes() > 0; ++steps) Step(in, s);
  aclrtSynchronizeStream(gStream);
  aclrtSynchronizeStream(nullptr);
  for (aclOpExecutor* e : s.executors) aclDestroyAclOpExecutor(e);
  for (aclTensor* t : s.tensors) aclDestroyTensor(t);
  for (aclScalar* sc : s.scalars) aclDestroyScalar(sc);
  for (void* p : s.live) aclrtFree(p);
  aclGetRecentErrMsg();
  return 0;
}
