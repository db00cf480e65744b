// aclnnSwigluGroupQuant's kernel gives bitwise identical y, yScale and yOrigin for pools of 1, 2
// and 3 threads in every quant mode (the dynamic HIFLOAT8 amax over the whole tensor and per
// group included), over rows spanning several pool tasks, and never writes the gaps of strided
// outputs.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "quant/swiglu_group_quant.h"
#include "thread_pool.h"

namespace {

using namespace aclcpu::kernels;
using namespace aclcpu::kernels::quant;

constexpr uint8_t kGap = 0xA5;

View Make(const void* data, std::vector<int64_t> shape, std::vector<int64_t> strides) {
  View v;
  v.data = data;
  v.ndim = static_cast<int>(shape.size());
  for (int d = 0; d < v.ndim; ++d) {
    v.shape[d] = shape[static_cast<size_t>(d)];
    v.strides[d] = strides[static_cast<size_t>(d)];
  }
  return v;
}

struct Outputs {
  std::vector<uint8_t> y, yScale, yOrigin;
};

Outputs RunOnce(SwigluQuantMode mode, const std::vector<int64_t>* groups, int threads) {
  const int64_t rows = 300, h = 128;  // 64 rows per task: five tasks
  std::mt19937 gen(5);
  std::uniform_real_distribution<float> dist(-6.0f, 6.0f);
  std::vector<float> x(static_cast<size_t>(rows * 2 * h)), w(static_cast<size_t>(rows));
  for (float& v : x) v = dist(gen);
  for (float& v : w) v = 0.5f + std::fabs(dist(gen));
  std::vector<float> scale = {0.5f, 2.0f, 8.0f};
  Outputs o;
  o.y.assign(static_cast<size_t>(rows * h * 2), kGap);  // every other byte
  o.yScale.assign(static_cast<size_t>(rows * 4 * 4), kGap);
  o.yOrigin.assign(static_cast<size_t>(rows * h * 4), kGap);
  SwigluGroupQuantProblem p;
  p.rows = rows;
  p.h = h;
  p.dtype = DType::F32;
  p.x = Make(x.data(), {rows, 2 * h}, {2 * h, 1});
  p.weight = Make(w.data(), {rows}, {1});
  p.y = Make(o.y.data(), {rows, h}, {2 * h, 2});
  p.mode = mode;
  p.clamp = 4.0f;
  if (groups != nullptr) {
    p.groupIndex = groups->data();
    p.groupCount = static_cast<int64_t>(groups->size());
  }
  const int64_t g = groups != nullptr ? p.groupCount : 1;
  switch (mode) {
    case SwigluQuantMode::kBlockFp8:
      p.target = Target::kFloat8E4M3FN;
      p.yScale = Make(o.yScale.data(), {rows, 1}, {1, 1});
      break;
    case SwigluQuantMode::kMxFp8:
      p.target = Target::kFloat8E5M2;
      p.roundScale = true;
      p.yScale = Make(o.yScale.data(), {rows, 2, 2}, {4, 2, 1});
      break;
    case SwigluQuantMode::kStaticHif8:
      p.target = Target::kHiFloat8;
      p.scale = Make(scale.data(), {g}, {1});
      p.scaleCount = g;
      p.yOrigin = Make(o.yOrigin.data(), {rows, h}, {h, 1});
      break;
    case SwigluQuantMode::kDynamicHif8:
      p.target = Target::kHiFloat8;
      p.dstTypeMax = 15.0f;
      p.yScale = Make(o.yScale.data(), {g}, {1});
      p.yOrigin = Make(o.yOrigin.data(), {rows, h}, {h, 1});
      break;
  }
  ThreadPool pool(threads);
  RunSwigluGroupQuant(p, &pool);
  return o;
}

TEST(SwigluGroupQuantThreads, EveryModeIsBitwiseIndependentOfTheThreadCount) {
  const std::vector<int64_t> groups = {100, 0, 170};  // rows 270..299 past the sum
  for (int m = 0; m < 4; ++m) {
    for (const std::vector<int64_t>* gr :
         {static_cast<const std::vector<int64_t>*>(nullptr), &groups}) {
      SCOPED_TRACE("mode " + std::to_string(m) + (gr ? " grouped" : ""));
      const SwigluQuantMode mode = static_cast<SwigluQuantMode>(m);
      const Outputs a = RunOnce(mode, gr, 1), b = RunOnce(mode, gr, 2), c = RunOnce(mode, gr, 3);
      EXPECT_EQ(a.y, b.y);
      EXPECT_EQ(a.y, c.y);
      EXPECT_EQ(a.yScale, b.yScale);
      EXPECT_EQ(a.yScale, c.yScale);
      EXPECT_EQ(a.yOrigin, b.yOrigin);
      EXPECT_EQ(a.yOrigin, c.yOrigin);
      int written = 0;
      for (size_t i = 0; i < a.y.size(); i += 2) written += a.y[i] != kGap;
      EXPECT_GT(written, 270 * 128 / 2);
      for (size_t i = 1; i < a.y.size(); i += 2) ASSERT_EQ(a.y[i], kGap) << "gap " << i;
      if (m <= 1 && gr != nullptr) {  // rows past the group sum are left untouched
        for (size_t i = 270 * 256; i < a.y.size(); ++i) ASSERT_EQ(a.y[i], kGap) << i;
      }
      if (m >= 2 && gr != nullptr) {  // ... or zeroed in the HIFLOAT8 modes
        for (size_t i = 270 * 256; i < a.y.size(); i += 2) ASSERT_EQ(a.y[i], 0) << i;
      }
    }
  }
}

}  // namespace
