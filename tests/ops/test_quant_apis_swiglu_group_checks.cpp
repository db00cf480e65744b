// aclnnSwigluGroupQuant's phase 1: the refusal off the 950, and on the 950 the nulls (161001),
// the def table's dtype columns (161002), each tiling's checks in order (561002) with messages
// naming the operator, the argument and the fault, and the FLOAT4 outputs aclnn-cpu refuses.
#include <functional>

#include "aclnnop/aclnn_swiglu_group_quant.h"
#include "quant_test_util.h"

using namespace quanttest;

namespace {

// Valid mode-0 arguments by default; each table row edits a copy.
struct Args {
  const aclTensor* x = nullptr;
  const aclTensor* w = nullptr;
  const aclTensor* gi = nullptr;
  const aclTensor* scale = nullptr;
  int64_t dstType = ACL_FLOAT8_E4M3FN, mode = 0, blockSize = 0;
  bool roundScale = false;
  double clamp = -1.0, dstMax = 15.0;
  bool origin = false;
  const aclTensor* y = nullptr;
  const aclTensor* ys = nullptr;
  const aclTensor* yo = nullptr;
};

aclnnStatus Phase1(const Args& a) {
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  return aclnnSwigluGroupQuantGetWorkspaceSize(a.x, a.w, a.gi, a.scale, a.dstType, a.mode,
                                               a.blockSize, a.roundScale, a.clamp, a.dstMax,
                                               a.origin, a.y, a.ys, a.yo, &ws, &exec);
}

TEST(SwigluGroupQuant, OtherChipsRefuse) {
  if (ChipIs950()) GTEST_SKIP() << "Ascend 950 runs the operator";
  DevTensor x({2, 256}, ACL_FLOAT16), ys({2, 1}, ACL_FLOAT), yo({2, 128}, ACL_FLOAT16);
  ByteTensor y({2, 128}, ACL_FLOAT8_E4M3FN);
  Args a;
  a.x = x.get();
  a.y = y.get();
  a.ys = ys.get();
  a.yo = yo.get();
  EXPECT_EQ(Phase1(a), ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"aclnnSwigluGroupQuant", "not supported on", "Ascend 950"});
}

TEST(SwigluGroupQuant, FailureTable) {
  if (!ChipIs950()) GTEST_SKIP();
  DevTensor x({2, 256}, ACL_FLOAT16), x32({2, 256}, ACL_FLOAT), xOdd({2, 7}, ACL_FLOAT16),
      x200({2, 200}, ACL_FLOAT16), x1d({256}, ACL_FLOAT16), x0({0, 256}, ACL_FLOAT16),
      x8({1, 1, 1, 1, 1, 1, 2, 256}, ACL_FLOAT16), x7({1, 1, 1, 1, 1, 2, 256}, ACL_FLOAT16),
      xInt({2, 256}, ACL_INT32);
  DevTensor w({2}, ACL_FLOAT), w3({3}, ACL_FLOAT), w16({2}, ACL_FLOAT16), gi({2}, ACL_INT64),
      gi32({2}, ACL_INT32), gi2d({1, 2}, ACL_INT64), gi0({0}, ACL_INT64), sc1({1}, ACL_FLOAT),
      sc2({2}, ACL_FLOAT), sc16({1}, ACL_FLOAT16);
  ByteTensor y({2, 128}, ACL_FLOAT8_E4M3FN), yE5({2, 128}, ACL_FLOAT8_E5M2),
      yH({2, 128}, ACL_HIFLOAT8), yH3({2, 3}, ACL_HIFLOAT8), yInt8({2, 128}, ACL_INT8),
      yBad({2, 64}, ACL_FLOAT8_E4M3FN), yFp4({2, 128}, ACL_FLOAT4_E2M1);
  DevTensor ys({2, 1}, ACL_FLOAT), ys2({2, 2}, ACL_FLOAT), ys1({1}, ACL_FLOAT), ysG({2}, ACL_FLOAT),
      ys16({2, 1}, ACL_FLOAT16), yo({2, 128}, ACL_FLOAT16), yo32({2, 128}, ACL_FLOAT),
      yoBad({2, 64}, ACL_FLOAT16), yo3({2, 3}, ACL_FLOAT16);
  ByteTensor ysE({2, 2, 2}, ACL_FLOAT8_E8M0), ysE1({2, 1, 2}, ACL_FLOAT8_E8M0),
      ysEf({2, 1}, ACL_FLOAT8_E8M0);
  const int nul = ACLNN_ERR_PARAM_NULLPTR, inv = ACLNN_ERR_PARAM_INVALID,
            til = ACLNN_ERR_INNER_TILING_ERROR;
  Args base;
  base.x = x.get();
  base.y = y.get();
  base.ys = ys.get();
  base.yo = yo.get();
  auto mx = [&](Args& a) {
    a.mode = 1;
    a.roundScale = true;
    a.ys = ysE.get();
  };
  auto hif = [&](Args& a, int64_t mode) {
    a.mode = mode;
    a.y = yH.get();
    a.ys = ys1.get();
    if (mode == 2) a.scale = sc1.get();
  };
  struct Row {
    const char* name;
    std::function<void(Args&)> edit;
    int code;
    std::vector<std::string> fragments;
  };
  const Row rows[] = {
      {"null x", [&](Args& a) { a.x = nullptr; }, nul, {"x"}},
      {"null yOut", [&](Args& a) { a.y = nullptr; }, nul, {"yOut"}},
      {"null yScaleOut", [&](Args& a) { a.ys = nullptr; }, nul, {"yScaleOut"}},
      {"null yOriginOut", [&](Args& a) { a.yo = nullptr; }, nul, {"yOriginOut"}},
      {"x INT32", [&](Args& a) { a.x = xInt.get(); }, inv, {"x dtype INT32"}},
      {"weight FLOAT16", [&](Args& a) { a.w = w16.get(); }, inv, {"weightOptional dtype FLOAT16"}},
      {"groupIndex INT32",
       [&](Args& a) { a.gi = gi32.get(); },
       inv,
       {"groupIndexOptional dtype INT32"}},
      {"scale FLOAT16", [&](Args& a) { a.scale = sc16.get(); }, inv, {"scaleOptional dtype"}},
      {"y INT8", [&](Args& a) { a.y = yInt8.get(); }, inv, {"yOut dtype INT8"}},
      {"x FLOAT with fp8 y",
       [&](Args& a) {
         a.x = x32.get();
         a.yo = yo32.get();
       },
       inv,
       {"yOut dtype FLOAT8_E4M3FN is not supported with x dtype FLOAT"}},
      {"yScale FLOAT16", [&](Args& a) { a.ys = ys16.get(); }, inv, {"yScaleOut dtype FLOAT16"}},
      {"hif8 with e8m0 scale",
       [&](Args& a) {
         a.y = yH.get();
         a.ys = ysEf.get();
       },
       inv,
       {"yScaleOut dtype FLOAT8_E8M0", "HIFLOAT8"}},
      {"yOrigin FLOAT", [&](Args& a) { a.yo = yo32.get(); }, inv, {"yOriginOut"}},
      {"quantMode 4", [&](Args& a) { a.mode = 4; }, til, {"quantMode 4 must be 0, 1, 2 or 3"}},
      // modes 0/1, in the tiling's order
      {"mode 0 x FLOAT",
       [&](Args& a) {
         a.x = x32.get();
         a.y = yH.get();
         a.yo = yo32.get();
       },
       til,
       {"x dtype FLOAT must be FLOAT16 or BFLOAT16"}},
      {"x 1-D", [&](Args& a) { a.x = x1d.get(); }, til, {"x shape [256] must have 2 to 8 dims"}},
      {"mode 1 x 8-D",
       [&](Args& a) {
         mx(a);
         a.x = x8.get();
       },
       til,
       {"must have 2 to 7 dims in quantMode 1"}},
      {"no rows", [&](Args& a) { a.x = x0.get(); }, til, {"at least one row"}},
      {"D 200", [&](Args& a) { a.x = x200.get(); }, til, {"multiple of 256 (got 200)"}},
      {"D odd", [&](Args& a) { a.x = xOdd.get(); }, til, {"multiple of 256 (got 7)"}},
      {"weight count", [&](Args& a) { a.w = w3.get(); }, til, {"weightOptional shape [3]"}},
      {"groupIndex 2-D", [&](Args& a) { a.gi = gi2d.get(); }, til, {"must be 1-D"}},
      {"groupIndex empty", [&](Args& a) { a.gi = gi0.get(); }, til, {"must not be empty"}},
      {"dstType 27", [&](Args& a) { a.dstType = 27; }, til, {"dstType 27 (BFLOAT16) must be"}},
      {"fp4 in mode 0",
       [&](Args& a) { a.dstType = ACL_FLOAT4_E2M1; },
       til,
       {"dstType FLOAT4_E2M1 needs quantMode 1 (MX), got 0"}},
      {"blockSize 64", [&](Args& a) { a.blockSize = 64; }, til, {"blockSize 64 must be 0 or 128"}},
      {"mode 1 blockSize 128",
       [&](Args& a) {
         mx(a);
         a.blockSize = 128;
       },
       til,
       {"blockSize 128 must be 0 or 32 in quantMode 1"}},
      {"mode 1 without roundScale",
       [&](Args& a) {
         mx(a);
         a.roundScale = false;
       },
       til,
       {"roundScale must be true in quantMode 1"}},
      {"outputOrigin in mode 0",
       [&](Args& a) { a.origin = true; },
       til,
       {"outputOrigin must be false in quantMode 0"}},
      {"clamp 0", [&](Args& a) { a.clamp = 0.0; }, til, {"clampLimit 0.000000 must be -1"}},
      {"y dtype vs dstType",
       [&](Args& a) { a.y = yE5.get(); },
       til,
       {"yOut dtype FLOAT8_E5M2 must equal dstType 36"}},
      {"mode 0 e8m0 scale",
       [&](Args& a) { a.ys = ysEf.get(); },
       til,
       {"yScaleOut dtype FLOAT8_E8M0 must be FLOAT in quantMode 0"}},
      {"y shape", [&](Args& a) { a.y = yBad.get(); }, til, {"yOut shape [2,64] must be x shape"}},
      {"mode 0 yScale shape",
       [&](Args& a) { a.ys = ys2.get(); },
       til,
       {"yScaleOut shape [2,2]", "[..., 1]"}},
      {"mode 1 yScale shape",
       [&](Args& a) {
         mx(a);
         a.ys = ysE1.get();
       },
       til,
       {"yScaleOut shape [2,1,2]", "[..., 2, 2]"}},
      {"fp4 refused by aclnn-cpu",
       [&](Args& a) {
         mx(a);
         a.dstType = ACL_FLOAT4_E2M1;
         a.y = yFp4.get();
       },
       inv,
       {"FLOAT4_E2M1 (packed FLOAT4) is not supported by aclnn-cpu"}},
      // modes 2/3
      {"mode 2 y fp8",
       [&](Args& a) {
         hif(a, 2);
         a.y = y.get();
       },
       til,
       {"yOut dtype FLOAT8_E4M3FN must be HIFLOAT8 in quantMode 2"}},
      {"mode 3 clamp -2",
       [&](Args& a) {
         hif(a, 3);
         a.clamp = -2.0;
       },
       til,
       {"clampLimit -2.000000 must be -1"}},
      {"mode 3 dstTypeMax 0",
       [&](Args& a) {
         hif(a, 3);
         a.dstMax = 0.0;
       },
       til,
       {"dstTypeMax 0.000000 must be greater than 0"}},
      {"mode 3 odd last dim",
       [&](Args& a) {
         hif(a, 3);
         a.x = xOdd.get();
       },
       til,
       {"x shape [2,7] needs an even last dim"}},
      {"mode 3 weight count",
       [&](Args& a) {
         hif(a, 3);
         a.w = w3.get();
       },
       til,
       {"weightOptional shape [3] must hold one element per row"}},
      {"mode 2 without scale",
       [&](Args& a) {
         hif(a, 2);
         a.scale = nullptr;
       },
       til,
       {"scaleOptional is required in quantMode 2"}},
      {"mode 2 scale per group",
       [&](Args& a) {
         hif(a, 2);
         a.gi = gi.get();
       },
       til,
       {"scaleOptional shape [1] must be [2] (one value per group)"}},
      {"mode 2 scale without groups",
       [&](Args& a) {
         hif(a, 2);
         a.scale = sc2.get();
       },
       til,
       {"scaleOptional shape [2] must be [1] without a group index"}},
      {"mode 3 no rows",
       [&](Args& a) {
         hif(a, 3);
         a.x = x0.get();
       },
       til,
       {"has no rows"}},
      {"mode 3 y shape",
       [&](Args& a) {
         hif(a, 3);
         a.y = yH3.get();
       },
       til,
       {"yOut shape [2,3] must be x shape [2,256] with the last dim halved (128)"}},
      {"mode 3 yScale per group",
       [&](Args& a) {
         hif(a, 3);
         a.gi = gi.get();
       },
       til,
       {"yScaleOut shape [1] must be [2] (one value per group)"}},
      {"mode 3 yOrigin shape",
       [&](Args& a) {
         hif(a, 3);
         a.origin = true;
         a.yo = yoBad.get();
       },
       til,
       {"yOriginOut shape [2,64]"}},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(r.name);
    Args a = base;
    r.edit(a);
    TakeErrMsg();
    EXPECT_EQ(Phase1(a), r.code);
    const std::string msg = TakeErrMsg();
    ExpectMessage(msg, {"aclnnSwigluGroupQuant"});
    ExpectMessage(msg, r.fragments);
  }
  // Accepted: every mode with its outputs; clamp 0 in modes 2/3 (no clamp there); x of 7 dims
  // in mode 1 (yScale of 8).
  ByteTensor ysE7({1, 1, 1, 1, 1, 2, 2, 2}, ACL_FLOAT8_E8M0);
  ByteTensor y7({1, 1, 1, 1, 1, 2, 128}, ACL_FLOAT8_E4M3FN);
  DevTensor yo7({1, 1, 1, 1, 1, 2, 128}, ACL_FLOAT16);
  const std::function<void(Args&)> ok[] = {
      [&](Args&) {},
      [&](Args& a) { mx(a); },
      [&](Args& a) {
        hif(a, 2);
        a.clamp = 0.0;
        a.dstType = 27;
      },
      [&](Args& a) {
        hif(a, 3);
        a.origin = true;
        a.w = w.get();
      },
      [&](Args& a) {
        mx(a);
        a.x = x7.get();
        a.y = y7.get();
        a.ys = ysE7.get();
        a.yo = yo7.get();
      },
  };
  for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); ++i) {
    Args a = base;
    ok[i](a);
    uint64_t ws = 1;
    aclOpExecutor* exec = nullptr;
    EXPECT_EQ(aclnnSwigluGroupQuantGetWorkspaceSize(a.x, a.w, a.gi, a.scale, a.dstType, a.mode,
                                                    a.blockSize, a.roundScale, a.clamp, a.dstMax,
                                                    a.origin, a.y, a.ys, a.yo, &ws, &exec),
              ACLNN_SUCCESS)
        << "case " << i << ": " << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnSwigluGroupQuant, ws, exec), ACLNN_SUCCESS) << "case " << i;
  }
}

}  // namespace
