// Every split-and-gate formula gives bitwise identical results for pools of 1, 2 and 3 threads
// (the partition is fixed), on strided operands spanning several blocks; and outputs large
// enough to take the streaming-store path are written completely and correctly.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "rowwise/split_problem.h"
#include "thread_pool.h"

namespace {

using namespace aclcpu::kernels;
using split::Op;
using split::Problem;

struct OpCase {
  Op op;
  int numIn, numOut;
};

const OpCase kOps[] = {
    {Op::kSwiGlu, 2, 1},
    {Op::kGlu, 2, 1},
    {Op::kGluHalfSteps, 2, 1},
    {Op::kGeGluTanh, 2, 2},
    {Op::kGeGluErf, 2, 2},
    {Op::kGeGluTanhHalfGelu, 2, 2},
    {Op::kSwiGluGrad, 3, 2},
    {Op::kGluGrad, 3, 2},
    {Op::kGluGradBf16Steps, 3, 2},
    {Op::kGeGluGradTanh, 4, 2},
    {Op::kGeGluGradErf, 4, 2},
    {Op::kGeluMulTanh, 2, 1},
    {Op::kGeluMulErf, 2, 1},
    {Op::kFatreluMul, 3, 1},
    {Op::kSituGlu, 2, 1},
    {Op::kClippedSwiglu, 2, 1},
    {Op::kClippedSwigluMode1, 2, 1},
    {Op::kSwigluGroup, 2, 1},
    {Op::kSwigluGroupWeighted, 3, 1},
    {Op::kSituGluGrad, 3, 2},
    {Op::kClippedSwigluGrad, 3, 2},
};

TEST(SplitThreads, EveryOpIsBitwiseIndependentOfTheThreadCount) {
  const int64_t rows = 5, h = 3500;  // 17500 elements: two blocks
  std::mt19937 gen(42);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  // Inputs: x [rows, 2h] read transposed-ish through a row stride of 2h + 3; others [rows, h].
  std::vector<float> x(rows * (2 * h + 3)), a1(rows * h), a2(rows * h);
  for (float& v : x) v = dist(gen);
  for (float& v : a1) v = dist(gen);
  for (float& v : a2) v = dist(gen) + 5.0f;  // positive (gelu values, weights)
  for (const OpCase& c : kOps) {
    SCOPED_TRACE("op " + std::to_string(static_cast<int>(c.op)));
    std::vector<std::vector<float>> results;
    for (int threads : {1, 2, 3}) {
      ThreadPool pool(threads);
      std::vector<float> out(rows * h * 2 * 2, -1.0f);  // two outputs, every other element
      Problem p;
      p.op = c.op;
      p.ndim = 2;
      p.shape[0] = rows;
      p.shape[1] = h;
      p.rowDims = 1;
      p.params.alpha = 1.5f;
      p.params.limit = 2.5f;
      p.params.bias = 0.5f;
      p.params.beta = 1.25f;
      p.params.linearBeta = 2.0f;
      p.numInputs = c.numIn;
      p.numOutputs = c.numOut;
      const bool backward = c.numOut == 2 && c.numIn >= 3;
      int k = 0;
      if (backward) p.in[k++] = {a1.data(), {h, 1}, DType::F32};
      p.in[k++] = {x.data(), {2 * h + 3, 1}, DType::F32};
      p.in[k++] = {x.data() + h, {2 * h + 3, 1}, DType::F32};
      if (c.op == Op::kFatreluMul) p.in[k++] = {a2.data(), {0, 0}, DType::F32};
      if (c.op == Op::kSwigluGroupWeighted) p.in[k++] = {a2.data(), {1, 0}, DType::F32};
      if (c.numIn == 4) p.in[k++] = {a2.data(), {h, 1}, DType::F32};
      ASSERT_EQ(k, c.numIn);
      p.out[0] = {out.data(), {2 * h, 2}, DType::F32};
      p.out[1] = {out.data() + rows * h * 2, {2 * h, 2}, DType::F32};
      ASSERT_TRUE(split::Run(p, &pool));
      results.push_back(out);
    }
    ASSERT_EQ(0, std::memcmp(results[0].data(), results[1].data(), results[0].size() * 4));
    ASSERT_EQ(0, std::memcmp(results[0].data(), results[2].data(), results[0].size() * 4));
    int written = 0;
    for (int64_t i = 0; i < rows * h; ++i) written += results[0][2 * i] != -1.0f;
    EXPECT_GT(written, rows * h / 2);  // computed, not left untouched
  }
}

// 4M fp32 outputs (16 MiB): written with streaming stores; every element written, one in 61
// checked against float64.
TEST(SplitThreads, LargeOutputsAreComplete) {
  const int64_t rows = 1024, h = 4096;
  std::vector<float> x(rows * 2 * h), out(rows * h, -1.0f);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 977) * 0.01f - 4.0f;
  ThreadPool pool(2);
  Problem p;
  p.op = Op::kSwiGlu;
  p.ndim = 2;
  p.shape[0] = rows;
  p.shape[1] = h;
  p.numInputs = 2;
  p.numOutputs = 1;
  p.in[0] = {x.data(), {2 * h, 1}, DType::F32};
  p.in[1] = {x.data() + h, {2 * h, 1}, DType::F32};
  p.out[0] = {out.data(), {h, 1}, DType::F32};
  ASSERT_TRUE(split::Run(p, &pool));
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < h; ++c) {
      ASSERT_NE(out[r * h + c], -1.0f) << r << "," << c;
      if ((r * h + c) % 61 != 0) continue;
      const double a = x[r * 2 * h + c], b = x[r * 2 * h + h + c];
      const double ref = a / (1.0 + std::exp(-a)) * b;
      ASSERT_NEAR(out[r * h + c], ref, 1e-6 * (std::fabs(ref) + 1e-3)) << r << "," << c;
    }
  }
}

}  // namespace
