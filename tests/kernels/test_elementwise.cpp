// Numeric sweeps of every kernels.inc entry against the independent reference.
#include <gtest/gtest.h>

#include <cstring>
#include <iostream>

#include "harness.h"

namespace reftest {
namespace {

using aclcpu::kernels::kBlockElems;

class KernelSweep : public ::testing::TestWithParam<KernelDesc> {};

std::string ParamName(const ::testing::TestParamInfo<KernelDesc>& info) { return info.param.name; }

const int64_t kSizes[] = {1, kBlockElems - 1, kBlockElems, kBlockElems + 1, 3 * kBlockElems + 7};

TEST_P(KernelSweep, SizesAroundTheBlock) {
  const KernelDesc& k = GetParam();
  ThreadPool pool(2);
  uint32_t seed = 1000;
  for (int64_t n : kSizes) {
    for (double range : {5.0, 8.0}) {
      EXPECT_TRUE(RunAndCheck(k, Contiguous({n}), seed++, range, 1.0f, &pool));
      if (k.op == Op::SwishBackward) {
        EXPECT_TRUE(RunAndCheck(k, Contiguous({n}), seed++, range, 1.7f, &pool));
      }
    }
  }
}

std::vector<TestLayout> StridedLayouts() {
  std::vector<TestLayout> ls;
  const std::vector<std::vector<int64_t>> shapes = {{3, 5}, {127, 129}, {128, 128}, {193, 257}};
  for (const auto& s : shapes) {
    const std::vector<int64_t> c = ContigStrides(s);
    const TestView contig = MakeView(s, c);
    const TestView trans = MakeView(s, {1, s[0]});
    const TestView rowBcast = MakeView(s, {0, 1});
    const TestView colBcast = MakeView(s, {1, 0});
    const TestView scalar = MakeView(s, {0, 0});
    const TestView reversed = MakeView(s, {-c[0], -1});
    const TestView revRows = MakeView(s, {-c[0], 1});
    const TestView everyOther = MakeView(s, {2 * c[0], 2});
    const TestView padded = MakeView(s, {s[1] + 3, 1});
    const std::string tag = std::to_string(s[0]) + "x" + std::to_string(s[1]);
    ls.push_back({"transposed_in0_" + tag, s, contig, trans, contig});
    ls.push_back({"transposed_all_" + tag, s, trans, trans, trans});
    ls.push_back({"transposed_out_" + tag, s, trans, contig, contig});
    ls.push_back({"bcast_rows_" + tag, s, contig, rowBcast, contig});
    ls.push_back({"bcast_cols_" + tag, s, contig, contig, colBcast});
    ls.push_back({"bcast_scalar_" + tag, s, contig, scalar, scalar});
    ls.push_back({"negative_" + tag, s, contig, reversed, revRows});
    ls.push_back({"strided_out_" + tag, s, everyOther, contig, contig});
    ls.push_back({"strided_all_" + tag, s, everyOther, padded, everyOther});
    ls.push_back({"padded_rows_" + tag, s, padded, padded, padded});
    ls.push_back({"inplace_in0_" + tag, s, contig, contig, trans, 0});
    ls.push_back({"inplace_in1_" + tag, s, everyOther, contig, everyOther, 1});
  }
  // A slice that only partly coalesces, a 9-D view, a 0-dim tensor, size-1 dims.
  const std::vector<int64_t> s3 = {4, 5, 3001};
  ls.push_back({"slice_3d", s3, MakeView(s3, ContigStrides(s3)), MakeView(s3, {5 * 3002, 3002, 1}),
                MakeView(s3, ContigStrides(s3))});
  const std::vector<int64_t> s9 = {2, 3, 2, 2, 3, 2, 2, 3, 5};
  ls.push_back(Contiguous(s9, "nine_dims"));
  std::vector<int64_t> s9t = ContigStrides(s9);
  std::reverse(s9t.begin(), s9t.end());
  ls.push_back({"nine_dims_reversed_strides", s9, MakeView(s9, ContigStrides(s9)),
                MakeView(s9, s9t), MakeView(s9, ContigStrides(s9))});
  ls.push_back(Contiguous({}, "zero_dim"));
  ls.push_back({"zero_dim_inplace", {}, MakeView({}, {}), MakeView({}, {}), MakeView({}, {}), 0});
  ls.push_back(Contiguous({1, 1, 1}, "ones"));
  const std::vector<int64_t> s1 = {1, 700, 1, 90};
  ls.push_back({"unit_dims_strided", s1, MakeView(s1, {7, 180, 3, 2}), MakeView(s1, {0, 90, 0, 1}),
                MakeView(s1, {1, -1, 5, -700})});
  return ls;
}

TEST_P(KernelSweep, StridedLayouts) {
  const KernelDesc& k = GetParam();
  ThreadPool pool(2);
  uint32_t seed = 2000;
  for (const TestLayout& l : StridedLayouts()) {
    EXPECT_TRUE(RunAndCheck(k, l, seed++, 8.0, 1.0f, &pool));
  }
}

// Results must be bitwise identical whatever the pool: blocks are fixed, not per thread.
TEST_P(KernelSweep, BitwiseIdenticalAcrossThreadCounts) {
  const KernelDesc& k = GetParam();
  const std::vector<TestLayout> layouts = {Contiguous({9 * kBlockElems + 123}),
                                           {"strided",
                                            {317, 411},
                                            MakeView({317, 411}, {2 * 411, 2}),
                                            MakeView({317, 411}, {1, 317}),
                                            MakeView({317, 411}, {0, -1})}};
  ThreadPool p1(1), p2(2), p7(7);
  for (const TestLayout& l : layouts) {
    const CaseData ref = RunCase(k, l, 77, 8.0, 1.3f, nullptr);
    EXPECT_TRUE(RunAndCheck(k, l, 77, 8.0, 1.3f, &p7));
    for (ThreadPool* p : {&p1, &p2, &p7}) {
      const CaseData d = RunCase(k, l, 77, 8.0, 1.3f, p);
      EXPECT_EQ(0, std::memcmp(ref.out.data(), d.out.data(), ref.out.size()))
          << k.name << " " << l.name << " differs with " << p->NumThreads() << " threads";
    }
  }
}

// The checker must reject an output that was never computed (all zeros) or left as poison.
TEST_P(KernelSweep, CheckerRejectsZeroAndUntouchedOutput) {
  const KernelDesc& k = GetParam();
  const TestLayout l = Contiguous({4096});
  CaseData d = RunCase(k, l, 5, 8.0, 1.0f, nullptr);
  const CheckResult good = CheckCase(k, l, d, 1.0f, false);
  EXPECT_EQ(0, good.mismatches) << good.first;
  EXPECT_GT(good.nonzero, good.checked * 3 / 4);
  std::fill(d.out.begin(), d.out.end(), 0);
  EXPECT_GT(CheckCase(k, l, d, 1.0f, false).mismatches, good.checked / 2);
  std::fill(d.out.begin(), d.out.end(), 0xA5);
  EXPECT_GT(CheckCase(k, l, d, 1.0f, false).mismatches, good.checked / 2);
}

INSTANTIATE_TEST_SUITE_P(AllKernels, KernelSweep, ::testing::ValuesIn(AllKernels()), ParamName);

class PrintWorstUlps : public ::testing::Environment {
 public:
  void TearDown() override {
    for (const auto& [name, ulps] : WorstUlps()) {
      std::cout << "[ worst ] " << name << ": " << ulps << " ulp\n";
    }
  }
};
const auto* const kPrinter = ::testing::AddGlobalTestEnvironment(new PrintWorstUlps);

}  // namespace
}  // namespace reftest
