// Table-driven helpers for the GELU-family operator tests (tests/ops/test_gelu_*.cpp): tensors
// described as data, both phases run through the public API, results decoded to double.
#pragma once

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "op_test_util.h"

namespace geluop {

using optest::AclEnvironment;

// A tensor argument: shape, dtype, format, values (cycled to fill it; empty: zeros), or null.
struct Arg {
  std::vector<int64_t> shape = {2, 3};
  aclDataType dtype = ACL_FLOAT;
  std::vector<double> values = {};
  aclFormat format = ACL_FORMAT_ND;
  bool null = false;
};

inline size_t ElemSize(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
      return 2;
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
      return 1;
    case ACL_DOUBLE:
    case ACL_INT64:
    case ACL_COMPLEX64:
      return 8;
    case ACL_COMPLEX128:
      return 16;
    default:
      return 4;
  }
}

inline void Encode(aclDataType t, double v, uint8_t* p) {
  switch (t) {
    case ACL_FLOAT: {
      const float f = static_cast<float>(v);
      std::memcpy(p, &f, 4);
      return;
    }
    case ACL_FLOAT16: {
      const uint16_t h = optest::FloatToHalfRne(static_cast<float>(v));
      std::memcpy(p, &h, 2);
      return;
    }
    case ACL_BF16: {
      const uint16_t h = optest::FloatToBf16Rne(static_cast<float>(v));
      std::memcpy(p, &h, 2);
      return;
    }
    case ACL_DOUBLE:
      std::memcpy(p, &v, 8);
      return;
    case ACL_INT32: {
      const int32_t i = static_cast<int32_t>(v);
      std::memcpy(p, &i, 4);
      return;
    }
    case ACL_INT64: {
      const int64_t i = static_cast<int64_t>(v);
      std::memcpy(p, &i, 8);
      return;
    }
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
      *p = static_cast<uint8_t>(static_cast<int>(v));
      return;
    default:
      std::memset(p, 0, ElemSize(t));
  }
}

inline double Decode(aclDataType t, const uint8_t* p) {
  switch (t) {
    case ACL_FLOAT: {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    case ACL_FLOAT16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      return optest::HalfToFloat(h);
    }
    case ACL_BF16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      return optest::Bf16ToFloat(h);
    }
    case ACL_DOUBLE: {
      double d;
      std::memcpy(&d, p, 8);
      return d;
    }
    case ACL_INT32: {
      int32_t i;
      std::memcpy(&i, p, 4);
      return i;
    }
    case ACL_INT64: {
      int64_t i;
      std::memcpy(&i, p, 8);
      return static_cast<double>(i);
    }
    case ACL_INT8:
      return static_cast<int8_t>(*p);
    case ACL_UINT8:
    case ACL_BOOL:
      return *p;
    default:
      return NAN;
  }
}

// Phase 1 over the tensors of a case (null where the Arg says so).
using Phase1Fn = std::function<aclnnStatus(aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex)>;
using Phase2Fn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

struct Outcome {
  aclnnStatus status = 0;
  std::string message;
  std::vector<std::vector<double>> values;  // every tensor after the run (successful runs)
};

// Creates the tensors (each in its own device region, written with its values), runs phase 1
// and, when it succeeds, phase 2; decodes every tensor afterwards.
inline Outcome RunOp(const std::vector<Arg>& args, const Phase1Fn& phase1, Phase2Fn phase2,
                     bool nullWs = false, bool nullExec = false) {
  constexpr size_t kRegion = 4096;
  optest::DeviceBuffer mem(kRegion * args.size());
  std::vector<optest::Tensor> tensors;
  std::vector<aclTensor*> handles;
  for (size_t i = 0; i < args.size(); ++i) {
    const Arg& a = args[i];
    const int64_t n = optest::NumElements(a.shape);
    std::vector<uint8_t> bytes(static_cast<size_t>(n) * ElemSize(a.dtype) + 1);
    for (int64_t k = 0; k < n; ++k) {
      const double v = a.values.empty() ? 0.0 : a.values[k % a.values.size()];
      Encode(a.dtype, v, &bytes[k * ElemSize(a.dtype)]);
    }
    char* base = static_cast<char*>(mem.data()) + i * kRegion;
    mem.Upload(bytes.data(), bytes.size() - 1, i * kRegion);
    tensors.emplace_back(a.shape, a.dtype, base, nullptr, 0, a.format);
    handles.push_back(a.null ? nullptr : tensors.back().get());
  }
  uint64_t ws = 777;
  aclOpExecutor* exec = nullptr;
  optest::TakeErrMsg();
  Outcome o;
  o.status = phase1(handles.data(), nullWs ? nullptr : &ws, nullExec ? nullptr : &exec);
  o.message = optest::TakeErrMsg();
  if (o.status != ACLNN_SUCCESS) return o;
  EXPECT_EQ(ws, 0u);
  o.status = phase2(nullptr, 0, exec, AclEnvironment::Stream());
  if (o.status == ACLNN_SUCCESS) {
    o.status = aclrtSynchronizeStream(AclEnvironment::Stream());
  }
  const std::vector<uint8_t> all = mem.Download();
  for (size_t i = 0; i < args.size(); ++i) {
    const int64_t n = optest::NumElements(args[i].shape);
    std::vector<double> v;
    for (int64_t k = 0; k < n; ++k) {
      v.push_back(Decode(args[i].dtype, &all[i * kRegion + k * ElemSize(args[i].dtype)]));
    }
    o.values.push_back(v);
  }
  return o;
}

// One row of a failure table.
struct Case {
  const char* name;
  std::vector<Arg> args;
  aclnnStatus status;
  const char* messagePart;  // must appear in aclGetRecentErrMsg ("" for success)
  bool nullWs = false;
  bool nullExec = false;
};

inline void RunTable(const std::vector<Case>& cases, const Phase1Fn& phase1, Phase2Fn phase2) {
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.name) + " on " + optest::SocName());
    const Outcome o = RunOp(c.args, phase1, phase2, c.nullWs, c.nullExec);
    EXPECT_EQ(o.status, c.status);
    EXPECT_NE(o.message.find(c.messagePart), std::string::npos) << o.message;
  }
}

// |got − want| within `rel` of |want| (plus `abs`), NaN matching NaN, infinities and the sign
// of zero matching exactly.
inline void ExpectNear(double got, double want, double rel, double abs = 0) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << "got " << got;
  } else if (std::isinf(want) || want == 0) {
    EXPECT_EQ(got, want);
    EXPECT_EQ(std::signbit(got), std::signbit(want)) << "got " << got << " want " << want;
  } else {
    EXPECT_NEAR(got, want, rel * std::fabs(want) + abs) << "want " << want;
  }
}

// The fp32 / fp16 / bf16 relative precision of a dtype (a few ulps of the result).
inline double RelTol(aclDataType t) {
  return t == ACL_FLOAT16 ? 2e-3 : (t == ACL_BF16 ? 1.6e-2 : (t == ACL_DOUBLE ? 1e-14 : 1e-6));
}

// An absolute floor: `floor`, or the smallest subnormal of a 16-bit dtype when larger (a result
// below it rounds to 0 or to a few subnormal steps).
inline double AbsTol(aclDataType t, double floor) {
  const double sub = t == ACL_FLOAT16 ? 6e-8 : (t == ACL_BF16 ? 1e-40 : 0);
  return floor > sub ? floor : sub;
}

}  // namespace geluop
