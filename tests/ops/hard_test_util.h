// Helpers for the hard group's operator tests: device tensors filled from double values in any
// float dtype (or INT32), both phases of a call, and the status plus message of a phase 1.
#pragma once

#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "op_test_util.h"

namespace hardtest {

using optest::AclEnvironment;
using optest::DeviceBuffer;
using optest::Tensor;

inline size_t ItemSize(aclDataType dt) { return aclDataTypeSize(dt); }
inline void Store(aclDataType dt, double v, uint8_t* out) {
  if (dt == ACL_FLOAT) {
    const float f = static_cast<float>(v);
    std::memcpy(out, &f, 4);
  } else if (dt == ACL_DOUBLE) {
    std::memcpy(out, &v, 8);
  } else if (dt == ACL_INT32) {
    const int32_t i = static_cast<int32_t>(v);
    std::memcpy(out, &i, 4);
  } else if (dt == ACL_INT64) {
    const int64_t i = static_cast<int64_t>(v);
    std::memcpy(out, &i, 8);
  } else if (dt == ACL_BOOL || dt == ACL_UINT8 || dt == ACL_INT8) {
    out[0] = static_cast<uint8_t>(static_cast<int>(v));
  } else if (dt == ACL_INT16 || dt == ACL_UINT16) {
    const int16_t i = static_cast<int16_t>(v);
    std::memcpy(out, &i, 2);
  } else {
    const float f = static_cast<float>(v);
    const uint16_t h = dt == ACL_FLOAT16 ? optest::FloatToHalfRne(f) : optest::FloatToBf16Rne(f);
    std::memcpy(out, &h, 2);
  }
}
inline double Load(aclDataType dt, const uint8_t* in) {
  if (dt == ACL_FLOAT) {
    float f;
    std::memcpy(&f, in, 4);
    return f;
  }
  if (dt == ACL_DOUBLE) {
    double d;
    std::memcpy(&d, in, 8);
    return d;
  }
  if (dt == ACL_INT32) {
    int32_t i;
    std::memcpy(&i, in, 4);
    return i;
  }
  uint16_t h;
  std::memcpy(&h, in, 2);
  return dt == ACL_FLOAT16 ? optest::HalfToFloat(h) : optest::Bf16ToFloat(h);
}
// The value as stored in the dtype (what the operator reads).
inline double InDtype(aclDataType dt, double v) {
  uint8_t b[8];
  Store(dt, v, b);
  return Load(dt, b);
}

constexpr uint8_t kSentinel = 0x5a;

// A contiguous device tensor holding `values` (or the sentinel when values is empty).
struct DevTensor {
  DevTensor(const std::vector<int64_t>& shape, aclDataType dt, const std::vector<double>& values,
            aclFormat format = ACL_FORMAT_ND)
      : dtype(dt),
        count(optest::NumElements(shape)),
        buf(static_cast<size_t>(count) * ItemSize(dt)) {
    std::vector<uint8_t> host(buf.bytes(), kSentinel);
    for (size_t i = 0; i < values.size() && static_cast<int64_t>(i) < count; ++i) {
      Store(dt, values[i], &host[i * ItemSize(dt)]);
    }
    if (!host.empty()) buf.Upload(host.data(), host.size());
    tensor = Tensor(shape, dt, buf.data(), nullptr, 0, format);
  }
  std::vector<double> Read() const {
    const std::vector<uint8_t> bytes = buf.Download();
    optest::ExpectNotTrivial(bytes, kSentinel);
    std::vector<double> v(static_cast<size_t>(count));
    for (int64_t i = 0; i < count; ++i) v[i] = Load(dtype, &bytes[i * ItemSize(dtype)]);
    return v;
  }
  aclTensor* get() const { return tensor.get(); }
  aclDataType dtype;
  int64_t count;
  DeviceBuffer buf;
  Tensor tensor;
};

struct Result {
  aclnnStatus status;
  std::string message;
};

using Phase1Fn = std::function<aclnnStatus(uint64_t*, aclOpExecutor**)>;
using Phase2Fn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

// Phase 1 (with the given workspaceSize / executor pointers nulled on request); on success also
// phase 2 and a synchronize.
inline Result RunApi(const Phase1Fn& phase1, Phase2Fn phase2, bool nullWs = false,
                     bool nullExec = false) {
  uint64_t ws = 77;
  aclOpExecutor* exec = nullptr;
  optest::TakeErrMsg();
  Result r;
  r.status = phase1(nullWs ? nullptr : &ws, nullExec ? nullptr : &exec);
  r.message = optest::TakeErrMsg();
  if (r.status == ACLNN_SUCCESS) {
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(phase2(nullptr, 0, exec, AclEnvironment::Stream()), ACLNN_SUCCESS)
        << optest::TakeErrMsg();
    EXPECT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
  }
  return r;
}

// An aclScalar owned by the test.
struct Scalar {
  Scalar(double v, aclDataType dt = ACL_FLOAT) {
    uint8_t b[8];
    Store(dt, v, b);
    s = aclCreateScalar(b, dt);
  }
  ~Scalar() { aclDestroyScalar(s); }
  Scalar(const Scalar&) = delete;
  Scalar& operator=(const Scalar&) = delete;
  aclScalar* s;
};

// Expects got == want bit-for-bit in meaning: NaN matches NaN; zeros compare with their sign.
inline void ExpectSame(double got, double want, const std::string& what) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what << ": got " << got << ", want NaN";
  } else {
    EXPECT_EQ(got, want) << what;
    EXPECT_EQ(std::signbit(got), std::signbit(want)) << what << ": sign of zero";
  }
}

inline std::vector<aclDataType> FloatDtypesOnChip() {
  std::vector<aclDataType> d = {ACL_FLOAT, ACL_FLOAT16};
  if (optest::ChipHasBf16()) d.push_back(ACL_BF16);
  return d;
}

}  // namespace hardtest
