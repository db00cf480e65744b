// aclnnSwish, aclnnSilu, aclnnSiluBackward, aclnnSelu, aclnnInplaceSelu through the public API:
// the failure tables in the vendor's order (codes and message fragments, per chip), 0-d, empty,
// rank rules, and values against a float64 reference written here.
#include <cmath>
#include <functional>

#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_silu_backward.h"
#include "aclnnop/aclnn_swish.h"
#include "op_test_util.h"

using namespace optest;

namespace {

bool Is950() { return !ChipIsLegacy(); }

// One operand of a call: dtype, shape, and whether it is passed as null.
struct Arg {
  aclDataType dtype = ACL_FLOAT;
  std::vector<int64_t> shape = {2, 3};
  bool null = false;
};

struct Outcome {
  aclnnStatus status;
  std::string message;
};

// Runs phase 1 (and, on success, phase 2) of an API over tensors made from `args`; `call`
// receives the tensors (null where asked) and the workspace/executor out-pointers.
using Phase1 =
    std::function<aclnnStatus(const std::vector<aclTensor*>&, uint64_t*, aclOpExecutor**)>;
using Phase2 = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

Outcome RunApi(const std::vector<Arg>& args, const Phase1& call, Phase2 run, bool nullWs = false) {
  DeviceBuffer mem(1 << 16);
  std::vector<Tensor> tensors;
  std::vector<aclTensor*> raw;
  size_t offset = 0;
  for (const Arg& a : args) {
    tensors.emplace_back(a.shape, a.dtype, static_cast<char*>(mem.data()) + offset);
    offset += 8192;
    raw.push_back(a.null ? nullptr : tensors.back().get());
  }
  std::vector<uint8_t> zeros(mem.bytes(), 0);
  mem.Upload(zeros.data(), zeros.size());
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  TakeErrMsg();
  Outcome o;
  o.status = call(raw, nullWs ? nullptr : &ws, &exec);
  o.message = TakeErrMsg();
  if (o.status == ACLNN_SUCCESS) {
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(run(nullptr, 0, exec, AclEnvironment::Stream()), ACLNN_SUCCESS) << TakeErrMsg();
    EXPECT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
  }
  return o;
}

void Expect(const Outcome& o, aclnnStatus status, const std::string& part, const char* what) {
  EXPECT_EQ(o.status, status) << what << ": " << o.message;
  if (!part.empty()) {
    EXPECT_NE(o.message.find(part), std::string::npos) << what << ": " << o.message;
  }
}

Phase1 Swish(aclScalar* beta) {
  return [beta](const std::vector<aclTensor*>& t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnSwishGetWorkspaceSize(t[0], beta, t[1], ws, ex);
  };
}
const Phase1 kSilu = [](const std::vector<aclTensor*>& t, uint64_t* ws, aclOpExecutor** ex) {
  return aclnnSiluGetWorkspaceSize(t[0], t[1], ws, ex);
};
const Phase1 kSiluBackward = [](const std::vector<aclTensor*>& t, uint64_t* ws,
                                aclOpExecutor** ex) {
  return aclnnSiluBackwardGetWorkspaceSize(t[0], t[1], t[2], ws, ex);
};
const Phase1 kSelu = [](const std::vector<aclTensor*>& t, uint64_t* ws, aclOpExecutor** ex) {
  return aclnnSeluGetWorkspaceSize(t[0], t[1], ws, ex);
};
const Phase1 kInplaceSelu = [](const std::vector<aclTensor*>& t, uint64_t* ws, aclOpExecutor** ex) {
  return aclnnInplaceSeluGetWorkspaceSize(t[0], ws, ex);
};

TEST(SwishFamilyValidation, Swish) {
  float betaValue = 1.5f;
  aclScalar* beta = aclCreateScalar(&betaValue, ACL_FLOAT);
  const Phase1 call = Swish(beta);
  Expect(RunApi({Arg{}, Arg{}}, call, aclnnSwish), ACLNN_SUCCESS, "", "ok");
  Expect(RunApi({Arg{}, Arg{}}, Swish(nullptr), aclnnSwish), ACLNN_SUCCESS, "", "null beta = 1");
  Expect(RunApi({Arg{ACL_FLOAT, {2, 3}, true}, Arg{}}, call, aclnnSwish, true),
         ACLNN_ERR_PARAM_NULLPTR, "aclnnSwish: workspaceSize must not be null", "ws before self");
  Expect(RunApi({Arg{ACL_FLOAT, {2, 3}, true}, Arg{}}, call, aclnnSwish), ACLNN_ERR_PARAM_NULLPTR,
         "self must not be null", "null self");
  Expect(RunApi({Arg{}, Arg{ACL_FLOAT, {2, 3}, true}}, call, aclnnSwish), ACLNN_ERR_PARAM_NULLPTR,
         "out must not be null", "null out");
  Expect(RunApi({Arg{ACL_INT32}, Arg{ACL_INT32}}, call, aclnnSwish), ACLNN_ERR_PARAM_INVALID,
         "aclnnSwish: self dtype INT32 is not supported", "int32");
  Expect(RunApi({Arg{}, Arg{ACL_FLOAT16}}, call, aclnnSwish), ACLNN_ERR_PARAM_INVALID,
         "out dtype FLOAT16 must equal self dtype FLOAT", "out dtype");
  Expect(RunApi({Arg{ACL_BF16}, Arg{ACL_BF16}}, call, aclnnSwish),
         ChipHasBf16() ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID, "", "bf16 per chip");
  const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 3};
  Expect(RunApi({Arg{ACL_FLOAT, nine}, Arg{ACL_FLOAT, nine}}, call, aclnnSwish),
         ACLNN_ERR_PARAM_INVALID, "self rank 9 exceeds the maximum of 8", "rank 9");
  Expect(RunApi({Arg{}, Arg{ACL_FLOAT, {3, 2}}}, call, aclnnSwish), ACLNN_ERR_PARAM_INVALID,
         "out shape [3,2] must equal self shape [2,3]", "shape");
  Expect(RunApi({Arg{ACL_FLOAT, {0, 3}}, Arg{ACL_FLOAT, {0, 3}}}, call, aclnnSwish), ACLNN_SUCCESS,
         "", "empty");
  Expect(RunApi({Arg{ACL_FLOAT, {}}, Arg{ACL_FLOAT, {}}}, call, aclnnSwish), ACLNN_SUCCESS, "",
         "0-d");
  double complexParts[2] = {1, 0};
  aclScalar* complexBeta = aclCreateScalar(complexParts, ACL_COMPLEX128);
  Expect(RunApi({Arg{}, Arg{}}, Swish(complexBeta), aclnnSwish), ACLNN_ERR_PARAM_INVALID,
         "betaOptional dtype COMPLEX128", "complex beta");
  aclDestroyScalar(complexBeta);
  aclDestroyScalar(beta);
}

TEST(SwishFamilyValidation, SiluHasNoRankLimit) {
  const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 3};
  Expect(RunApi({Arg{ACL_FLOAT, nine}, Arg{ACL_FLOAT, nine}}, kSilu, aclnnSilu), ACLNN_SUCCESS, "",
         "rank 9");
  Expect(RunApi({Arg{ACL_FLOAT16}, Arg{ACL_FLOAT}}, kSilu, aclnnSilu), ACLNN_ERR_PARAM_INVALID,
         "out dtype FLOAT must equal self dtype FLOAT16", "dtype");
  Expect(RunApi({Arg{}, Arg{}}, kSilu, aclnnSilu, true), ACLNN_ERR_PARAM_NULLPTR,
         "aclnnSilu: workspaceSize must not be null", "null ws");
}

TEST(SwishFamilyValidation, SiluBackwardMixedDtypesAndBroadcastOnlyOn950) {
  const Outcome mixed =
      RunApi({Arg{ACL_FLOAT16}, Arg{ACL_FLOAT}, Arg{ACL_FLOAT}}, kSiluBackward, aclnnSiluBackward);
  Expect(mixed, Is950() ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
         Is950() ? "" : "self dtype FLOAT must equal gradOutput dtype FLOAT16", "mixed");
  Expect(RunApi({Arg{ACL_FLOAT16}, Arg{ACL_FLOAT}, Arg{ACL_FLOAT16}}, kSiluBackward,
                aclnnSiluBackward),
         ACLNN_ERR_PARAM_INVALID, Is950() ? "gradInput dtype FLOAT16 must be FLOAT" : "",
         "mixed with a 16-bit gradInput");
  const Outcome bcast =
      RunApi({Arg{ACL_FLOAT, {1, 3}}, Arg{ACL_FLOAT, {2, 1}}, Arg{ACL_FLOAT, {2, 3}}},
             kSiluBackward, aclnnSiluBackward);
  Expect(bcast, Is950() ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID, "", "broadcast");
  Expect(RunApi({Arg{ACL_FLOAT, {1, 3}}, Arg{ACL_FLOAT, {2, 3}}, Arg{ACL_FLOAT, {3, 3}}},
                kSiluBackward, aclnnSiluBackward),
         ACLNN_ERR_PARAM_INVALID, "", "out shape");
  Expect(RunApi({Arg{}, Arg{ACL_FLOAT, {2, 3}, true}, Arg{}}, kSiluBackward, aclnnSiluBackward),
         ACLNN_ERR_PARAM_NULLPTR, "self must not be null", "null self");
  Expect(
      RunApi({Arg{ACL_DOUBLE}, Arg{ACL_DOUBLE}, Arg{ACL_DOUBLE}}, kSiluBackward, aclnnSiluBackward),
      ACLNN_ERR_PARAM_INVALID, "gradOutput dtype DOUBLE is not supported", "double");
}

TEST(SwishFamilyValidation, SeluAcceptsAnyListedOutDtypeAndAnyRank) {
  Expect(RunApi({Arg{}, Arg{ACL_INT8}}, kSelu, aclnnSelu), ACLNN_SUCCESS, "", "F32 -> I8 out");
  Expect(RunApi({Arg{ACL_INT16}, Arg{ACL_INT16}}, kSelu, aclnnSelu), ACLNN_ERR_PARAM_INVALID,
         "aclnnSelu: self dtype INT16 is not supported", "int16");
  Expect(RunApi({Arg{}, Arg{ACL_DOUBLE}}, kSelu, aclnnSelu), ACLNN_ERR_PARAM_INVALID,
         "out dtype DOUBLE is not supported", "double out");
  const std::vector<int64_t> ten(10, 1);
  Expect(RunApi({Arg{ACL_FLOAT, ten}, Arg{ACL_FLOAT, ten}}, kSelu, aclnnSelu), ACLNN_SUCCESS, "",
         "rank 10");
  Expect(RunApi({Arg{ACL_FLOAT, {2, 3}, true}}, kInplaceSelu, aclnnInplaceSelu),
         ACLNN_ERR_PARAM_NULLPTR, "aclnnInplaceSelu: self must not be null", "inplace null");
  Expect(RunApi({Arg{ACL_INT32}}, kInplaceSelu, aclnnInplaceSelu), ACLNN_SUCCESS, "",
         "inplace i32");
}

// ---- values through the public API, against float64 ----

double Selu(double x) {
  return x > 0 ? 1.0507009873554805 * x : 1.7580993408473769 * std::expm1(x);
}
double Sigmoid(double v) { return 1 / (1 + std::exp(-v)); }

// Runs a one-input FLOAT API on `xs` and returns the output.
std::vector<float> RunUnary(const Phase1& call, Phase2 run, const std::vector<float>& xs,
                            bool inplace = false) {
  const std::vector<int64_t> shape = {static_cast<int64_t>(xs.size())};
  const size_t bytes = xs.size() * sizeof(float);
  DeviceBuffer in(bytes), out(bytes);
  in.Upload(xs.data(), bytes);
  Tensor tin(shape, ACL_FLOAT, in.data()), tout(shape, ACL_FLOAT, out.data());
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  std::vector<aclTensor*> args = {tin.get(), inplace ? tin.get() : tout.get()};
  EXPECT_EQ(call(args, &ws, &exec), ACLNN_SUCCESS) << TakeErrMsg();
  EXPECT_EQ(run(nullptr, ws, exec, AclEnvironment::Stream()), ACLNN_SUCCESS) << TakeErrMsg();
  EXPECT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
  const std::vector<uint8_t> raw = (inplace ? in : out).Download();
  std::vector<float> r(xs.size());
  std::memcpy(r.data(), raw.data(), bytes);
  return r;
}

TEST(SwishFamilyValues, Fp32AgainstFloat64) {
  Rng rng(7);
  std::vector<float> xs(3000);
  for (float& x : xs) x = rng.Uniform(-30.0f, 30.0f);
  float betaValue = 0.8f;
  aclScalar* beta = aclCreateScalar(&betaValue, ACL_FLOAT);
  const auto swish = RunUnary(Swish(beta), aclnnSwish, xs);
  const auto silu = RunUnary(kSilu, aclnnSilu, xs);
  const auto selu = RunUnary(kSelu, aclnnSelu, xs);
  const auto inplace = RunUnary(kInplaceSelu, aclnnInplaceSelu, xs, true);
  for (size_t i = 0; i < xs.size(); ++i) {
    const double x = xs[i];
    const double sw = x * Sigmoid(0.8 * x), si = x * Sigmoid(x), se = Selu(x);
    // The vendor rounds (−x)·β to fp32 before exp: a relative error of |βx|·2⁻²⁴ in σ.
    EXPECT_NEAR(swish[i], sw, (4 + std::fabs(0.8 * x)) * std::ldexp(std::fabs(sw), -23) + 1e-30)
        << x;
    EXPECT_NEAR(silu[i], si, 4e-7 * std::fabs(si) + 1e-30) << x;
    // exp(x) - 1 cancels near 0: a few ulps of λα.
    EXPECT_NEAR(selu[i], se, 4e-7 * std::fabs(se) + 4e-7) << x;
    EXPECT_EQ(inplace[i], selu[i]) << x;
  }
  ExpectNotTrivial(
      std::vector<uint8_t>(reinterpret_cast<const uint8_t*>(selu.data()),
                           reinterpret_cast<const uint8_t*>(selu.data() + selu.size())),
      0);
  aclDestroyScalar(beta);
}

TEST(SwishFamilyValues, SiluBackwardFp32AgainstFloat64) {
  Rng rng(9);
  const size_t n = 2000;
  std::vector<float> g(n), x(n);
  for (size_t i = 0; i < n; ++i) {
    g[i] = rng.Uniform(-3.0f, 3.0f);
    x[i] = rng.Uniform(-20.0f, 20.0f);
  }
  const std::vector<int64_t> shape = {static_cast<int64_t>(n)};
  DeviceBuffer dg(n * 4), dx(n * 4), dout(n * 4);
  dg.Upload(g.data(), n * 4);
  dx.Upload(x.data(), n * 4);
  Tensor tg(shape, ACL_FLOAT, dg.data()), tx(shape, ACL_FLOAT, dx.data()),
      tout(shape, ACL_FLOAT, dout.data());
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnSiluBackwardGetWorkspaceSize(tg.get(), tx.get(), tout.get(), &ws, &exec),
            ACLNN_SUCCESS);
  ASSERT_EQ(aclnnSiluBackward(nullptr, ws, exec, AclEnvironment::Stream()), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
  const std::vector<uint8_t> raw = dout.Download();
  std::vector<float> out(n);
  std::memcpy(out.data(), raw.data(), n * 4);
  for (size_t i = 0; i < n; ++i) {
    const double s = Sigmoid(x[i]);
    const double want = g[i] * s * (1 + x[i] * (1 - s));
    // 1 − s cancels for large x, and s's fp32 rounding is amplified by x in x·(1 − s): the bar
    // is (4 + |x|) fp32 ulps of the terms |g·s| + |g·s·x·(1 − s)|.
    const double terms = std::fabs(g[i] * s) + std::fabs(g[i] * s * x[i] * (1 - s));
    EXPECT_NEAR(out[i], want, (4 + std::fabs(x[i])) * std::ldexp(terms, -23) + 1e-30)
        << g[i] << " " << x[i];
  }
}

}  // namespace
