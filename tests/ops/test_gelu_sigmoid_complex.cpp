// aclnnSigmoid / aclnnInplaceSigmoid / aclnnSigmoidBackward with COMPLEX64 / COMPLEX128 tensors
// (the vendor's AICPU kernels): values against std::complex<long double> references of
// 1 / (1 + e^-z) and conj((1 - y) y) g, real <-> complex casts around them, broadcasting,
// strided outputs and empty tensors.
#include <gtest/gtest.h>

#include <complex>
#include <cstring>
#include <vector>

#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "op_test_util.h"

namespace {

using optest::AclEnvironment;
using optest::DeviceBuffer;
using optest::Tensor;
using CL = std::complex<long double>;

std::vector<uint8_t> Bytes(const std::vector<CL>& v, aclDataType t) {
  std::vector<uint8_t> b;
  for (const CL& z : v) {
    if (t == ACL_COMPLEX64) {
      const float p[2] = {static_cast<float>(z.real()), static_cast<float>(z.imag())};
      b.insert(b.end(), reinterpret_cast<const uint8_t*>(p),
               reinterpret_cast<const uint8_t*>(p) + 8);
    } else if (t == ACL_COMPLEX128) {
      const double p[2] = {static_cast<double>(z.real()), static_cast<double>(z.imag())};
      b.insert(b.end(), reinterpret_cast<const uint8_t*>(p),
               reinterpret_cast<const uint8_t*>(p) + 16);
    } else {  // FLOAT
      const float f = static_cast<float>(z.real());
      b.insert(b.end(), reinterpret_cast<const uint8_t*>(&f),
               reinterpret_cast<const uint8_t*>(&f) + 4);
    }
  }
  return b;
}

CL Element(const std::vector<uint8_t>& b, size_t i, aclDataType t) {
  if (t == ACL_COMPLEX64) {
    float p[2];
    std::memcpy(p, b.data() + 8 * i, 8);
    return {p[0], p[1]};
  }
  if (t == ACL_COMPLEX128) {
    double p[2];
    std::memcpy(p, b.data() + 16 * i, 16);
    return {p[0], p[1]};
  }
  float f;
  std::memcpy(&f, b.data() + 4 * i, 4);
  return {f, 0.0L};
}

size_t Item(aclDataType t) { return t == ACL_COMPLEX64 ? 8 : (t == ACL_COMPLEX128 ? 16 : 4); }

CL Sig(CL z) { return 1.0L / (1.0L + std::exp(-z)); }

// |got - want| within `rel` of |want| (+ a tiny absolute floor).
void ExpectClose(CL got, CL want, long double rel, const char* what, size_t i) {
  EXPECT_LE(std::abs(got - want), rel * std::abs(want) + 1e-30L)
      << what << " element " << i << ": got (" << static_cast<double>(got.real()) << ", "
      << static_cast<double>(got.imag()) << "), want (" << static_cast<double>(want.real()) << ", "
      << static_cast<double>(want.imag()) << ")";
}

struct Run1 {
  aclnnStatus status;
  std::vector<uint8_t> out;
};

Run1 RunSigmoid(const std::vector<CL>& x, aclDataType in, aclDataType outType) {
  const int64_t n = static_cast<int64_t>(x.size());
  const std::vector<uint8_t> bytes = Bytes(x, in);
  DeviceBuffer dx(bytes.size()), dout(n * Item(outType));
  dx.Upload(bytes.data(), bytes.size());
  Tensor self({n}, in, dx.data()), out({n}, outType, dout.data());
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  aclnnStatus s = aclnnSigmoidGetWorkspaceSize(self.get(), out.get(), &ws, &ex);
  if (s == 0) s = aclnnSigmoid(nullptr, ws, ex, AclEnvironment::Stream());
  if (s == 0) s = aclrtSynchronizeStream(AclEnvironment::Stream());
  return {s, dout.Download()};
}

const std::vector<CL> kZ = {{0, 0},    {1, 0},     {0, 1},   {-2, 0.5}, {3, -1},
                            {0.25, 2}, {-0.5, -3}, {10, 10}, {-10, 0.1}};

TEST(GeluSigmoidComplex, SigmoidComplex64And128) {
  for (aclDataType t : {ACL_COMPLEX64, ACL_COMPLEX128}) {
    const Run1 r = RunSigmoid(kZ, t, t);
    ASSERT_EQ(r.status, 0) << optest::TakeErrMsg();
    const long double rel = t == ACL_COMPLEX64 ? 1e-6L : 1e-14L;
    for (size_t i = 0; i < kZ.size(); ++i) {
      // The reference on the input as stored (COMPLEX64 rounds the parts to float).
      ExpectClose(Element(r.out, i, t), Sig(Element(Bytes({kZ[i]}, t), 0, t)), rel, "sigmoid", i);
    }
  }
}

TEST(GeluSigmoidComplex, RealAndComplexCasts) {
  // FLOAT self, COMPLEX64 out: the fp32 sigmoid, imaginary part 0.
  const Run1 a = RunSigmoid(kZ, ACL_FLOAT, ACL_COMPLEX64);
  ASSERT_EQ(a.status, 0) << optest::TakeErrMsg();
  for (size_t i = 0; i < kZ.size(); ++i) {
    const CL got = Element(a.out, i, ACL_COMPLEX64);
    EXPECT_EQ(got.imag(), 0.0L) << i;
    ExpectClose(got, Sig(CL(static_cast<float>(kZ[i].real()), 0)), 1e-6L, "float->c64", i);
  }
  // COMPLEX64 self, FLOAT out: no castability check; the complex result's real part.
  const Run1 b = RunSigmoid(kZ, ACL_COMPLEX64, ACL_FLOAT);
  ASSERT_EQ(b.status, 0) << optest::TakeErrMsg();
  for (size_t i = 0; i < kZ.size(); ++i) {
    const CL want = Sig(Element(Bytes({kZ[i]}, ACL_COMPLEX64), 0, ACL_COMPLEX64));
    ExpectClose(Element(b.out, i, ACL_FLOAT), CL(want.real(), 0), 1e-6L, "c64->float", i);
  }
}

TEST(GeluSigmoidComplex, InplaceAndEmpty) {
  const std::vector<uint8_t> bytes = Bytes(kZ, ACL_COMPLEX128);
  DeviceBuffer d(bytes.size());
  d.Upload(bytes.data(), bytes.size());
  Tensor t({static_cast<int64_t>(kZ.size())}, ACL_COMPLEX128, d.data());
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnInplaceSigmoidGetWorkspaceSize(t.get(), &ws, &ex), 0);
  ASSERT_EQ(aclnnInplaceSigmoid(nullptr, ws, ex, AclEnvironment::Stream()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), 0);
  const std::vector<uint8_t> got = d.Download();
  for (size_t i = 0; i < kZ.size(); ++i) {
    ExpectClose(Element(got, i, ACL_COMPLEX128), Sig(kZ[i]), 1e-14L, "inplace", i);
  }
  // Empty complex tensors: success, nothing run (the vendor accepts them).
  DeviceBuffer e(16);
  Tensor es({0, 3}, ACL_COMPLEX64, e.data()), eo({0, 3}, ACL_COMPLEX64, e.data());
  EXPECT_EQ(aclnnSigmoidGetWorkspaceSize(es.get(), eo.get(), &ws, &ex), 0);
  EXPECT_EQ(aclnnSigmoid(nullptr, ws, ex, AclEnvironment::Stream()), 0);
}

// gradInput = conj((1 - y) y) g, g [2, 1] broadcast against y [1, 3] into a gradInput whose rows
// are 4 elements apart (a strided view); the gaps stay untouched.
TEST(GeluSigmoidComplex, BackwardBroadcastStrided) {
  for (aclDataType t : {ACL_COMPLEX64, ACL_COMPLEX128}) {
    const std::vector<CL> g = {{1, 2}, {-0.5, 0.25}};
    const std::vector<CL> y = {{0.5, 0.1}, {0.9, -0.2}, {-1, 3}};
    const std::vector<uint8_t> gb = Bytes(g, t), yb = Bytes(y, t);
    DeviceBuffer dg(gb.size()), dy(yb.size()), dgi(8 * Item(t));
    dg.Upload(gb.data(), gb.size());
    dy.Upload(yb.data(), yb.size());
    const std::vector<uint8_t> fill(8 * Item(t), 0x5a);
    dgi.Upload(fill.data(), fill.size());
    const std::vector<int64_t> giStrides = {4, 1};
    Tensor tg({2, 1}, t, dg.data()), ty({1, 3}, t, dy.data());
    Tensor tgi({2, 3}, t, dgi.data(), &giStrides);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnSigmoidBackwardGetWorkspaceSize(tg.get(), ty.get(), tgi.get(), &ws, &ex), 0)
        << optest::TakeErrMsg();
    ASSERT_EQ(aclnnSigmoidBackward(nullptr, ws, ex, AclEnvironment::Stream()), 0);
    ASSERT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), 0);
    const std::vector<uint8_t> out = dgi.Download();
    const long double rel = t == ACL_COMPLEX64 ? 1e-6L : 1e-14L;
    for (size_t r = 0; r < 2; ++r) {
      for (size_t c = 0; c < 3; ++c) {
        const CL yv = Element(yb, c, t), gv = Element(gb, r, t);
        ExpectClose(Element(out, 4 * r + c, t), std::conj((1.0L - yv) * yv) * gv, rel, "grad",
                    4 * r + c);
      }
      for (size_t k = 0; k < Item(t); ++k) EXPECT_EQ(out[(4 * r + 3) * Item(t) + k], 0x5a);
    }
  }
}

}  // namespace
