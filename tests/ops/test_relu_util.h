// Shared helpers of the ReLU-family operator tests: device tensors filled from doubles in any
// dtype and read back as doubles, a phase-1 outcome (status + message), and running phase 2.
#pragma once

#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "op_test_util.h"

namespace relutest {

using optest::AclEnvironment;

inline size_t ItemBytes(aclDataType dt) {
  switch (dt) {
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
      return 1;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
      return 2;
    case ACL_DOUBLE:
    case ACL_INT64:
      return 8;
    default:
      return 4;
  }
}

// v must be a value of dt (integers in range).
inline void Put(aclDataType dt, double v, uint8_t* p) {
  auto put = [p](auto x) { std::memcpy(p, &x, sizeof(x)); };
  switch (dt) {
    case ACL_FLOAT:
      return put(static_cast<float>(v));
    case ACL_FLOAT16:
      return put(optest::FloatToHalfRne(static_cast<float>(v)));
    case ACL_BF16:
      return put(optest::FloatToBf16Rne(static_cast<float>(v)));
    case ACL_DOUBLE:
      return put(v);
    case ACL_INT8:
      return put(static_cast<int8_t>(v));
    case ACL_UINT8:
      return put(static_cast<uint8_t>(v));
    case ACL_INT16:
      return put(static_cast<int16_t>(v));
    case ACL_INT32:
      return put(static_cast<int32_t>(v));
    case ACL_INT64:
      return put(static_cast<int64_t>(v));
    default:
      return put(static_cast<uint8_t>(v != 0));
  }
}
inline double Get(aclDataType dt, const uint8_t* p) {
  auto get = [p](auto x) {
    std::memcpy(&x, p, sizeof(x));
    return x;
  };
  switch (dt) {
    case ACL_FLOAT:
      return get(0.0f);
    case ACL_FLOAT16:
      return optest::HalfToFloat(get(uint16_t{0}));
    case ACL_BF16:
      return optest::Bf16ToFloat(get(uint16_t{0}));
    case ACL_DOUBLE:
      return get(0.0);
    case ACL_INT8:
      return get(int8_t{0});
    case ACL_UINT8:
      return get(uint8_t{0});
    case ACL_INT16:
      return get(int16_t{0});
    case ACL_INT32:
      return get(int32_t{0});
    case ACL_INT64:
      return static_cast<double>(get(int64_t{0}));
    default:
      return get(uint8_t{0});
  }
}

// A contiguous device tensor holding `values` (or zero-filled with `n` elements when values is
// empty), of `dtype`.
class DevTensor {
 public:
  DevTensor(const std::vector<int64_t>& shape, aclDataType dtype,
            const std::vector<double>& values = {})
      : dtype_(dtype),
        n_(optest::NumElements(shape)),
        buf_(std::max<size_t>(64, static_cast<size_t>(n_) * ItemBytes(dtype))),
        t_(shape, dtype, buf_.data()) {
    std::vector<uint8_t> bytes(buf_.bytes(), 0xA5);  // a sentinel where no value is given
    for (size_t i = 0; i < values.size(); ++i) Put(dtype, values[i], &bytes[i * ItemBytes(dtype)]);
    buf_.Upload(bytes.data(), bytes.size());
  }
  aclTensor* get() const { return t_.get(); }
  std::vector<double> Read() const {
    const std::vector<uint8_t> bytes = buf_.Download();
    std::vector<double> out(static_cast<size_t>(n_));
    for (int64_t i = 0; i < n_; ++i) out[i] = Get(dtype_, &bytes[i * ItemBytes(dtype_)]);
    return out;
  }
  // int64 elements read exactly (doubles lose bits above 2^53).
  std::vector<int64_t> ReadI64() const {
    const std::vector<uint8_t> bytes = buf_.Download();
    std::vector<int64_t> out(static_cast<size_t>(n_));
    std::memcpy(out.data(), bytes.data(), out.size() * 8);
    return out;
  }
  void UploadI64(const std::vector<int64_t>& v) { buf_.Upload(v.data(), v.size() * 8); }

 private:
  aclDataType dtype_;
  int64_t n_;
  optest::DeviceBuffer buf_;
  optest::Tensor t_;
};

struct Outcome {
  aclnnStatus status = 0;
  std::string message;
};

// Phase 2 + synchronize after a successful phase 1 (workspace must be 0).
template <typename Phase2>
inline aclnnStatus RunPhase2(Phase2 phase2, aclnnStatus phase1, uint64_t ws, aclOpExecutor* exec) {
  if (phase1 != ACLNN_SUCCESS) return phase1;
  EXPECT_EQ(ws, 0u);
  const aclnnStatus st = phase2(nullptr, ws, exec, AclEnvironment::Stream());
  if (st != ACLNN_SUCCESS) return st;
  return aclrtSynchronizeStream(AclEnvironment::Stream());
}

// Phase 1 (which fills *ws and *exec), then phase 2 on success.
template <typename Phase1Fn, typename Phase2>
inline aclnnStatus RunBoth(Phase1Fn phase1, Phase2 phase2, uint64_t* ws, aclOpExecutor** exec) {
  const aclnnStatus st = phase1();
  return RunPhase2(phase2, st, *ws, *exec);
}

// Expects a and b equal element by element: NaN matches NaN, zeros must agree in sign.
inline void ExpectSame(const std::vector<double>& got, const std::vector<double>& want,
                       const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << what << " [" << i << "] got " << got[i];
      continue;
    }
    EXPECT_EQ(got[i], want[i]) << what << " [" << i << "]";
    EXPECT_EQ(std::signbit(got[i]), std::signbit(want[i])) << what << " sign [" << i << "]";
  }
}

// RAII aclScalar.
class Scalar {
 public:
  Scalar(double v, aclDataType dt) {
    uint8_t bytes[16] = {};
    Put(dt, v, bytes);
    s_ = aclCreateScalar(bytes, dt);
  }
  ~Scalar() { aclDestroyScalar(s_); }
  Scalar(const Scalar&) = delete;
  Scalar& operator=(const Scalar&) = delete;
  aclScalar* get() const { return s_; }

 private:
  aclScalar* s_ = nullptr;
};

// Outcome of a failing phase 1: the status and the recorded message.
template <typename F>
inline Outcome Phase1(F f) {
  optest::TakeErrMsg();
  Outcome o;
  o.status = f();
  o.message = optest::TakeErrMsg();
  return o;
}

inline void ExpectFailure(const Outcome& o, aclnnStatus status, const std::string& api,
                          const std::string& part) {
  EXPECT_EQ(o.status, status) << o.message;
  if (status == ACLNN_SUCCESS) return;
  EXPECT_NE(o.message.find(api), std::string::npos) << o.message;
  EXPECT_NE(o.message.find(part), std::string::npos) << "want '" << part << "' in " << o.message;
}

}  // namespace relutest
