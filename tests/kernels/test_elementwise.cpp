// Every kernel-list row (kernels/elementwise/lists/*.inc) against its operator's Reference:
// sizes around the packet, chunk and block sizes, strided / transposed / offset / broadcast /
// aliased / 0-d / empty layouts, the References' special values, both precision modes, and
// bitwise identity across thread counts. A row of an operator without a Reference does not
// compile (the table below instantiates every operator of ops.inc).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "harness.h"
#include "references_all.h"

namespace reftest {
namespace {

using aclcpu::kernels::kBlockElems;

struct OpTester {
  std::vector<KernelParams> (*params)();
  std::vector<double> (*specials)(int k);
  CaseData (*run)(const KernelRow&, Precision, const TestLayout&, const CaseSpec&, ThreadPool*);
  int64_t (*check)(const KernelRow&, Precision, const TestLayout&, const CaseSpec&, const CaseData&,
                   std::string*, int64_t*);
};

const OpTester kTesters[] = {
#define ACLCPU_OP(name, nIn, nOut)                                         \
  {&Reference<OpId::k##name>::Params, &Reference<OpId::k##name>::Specials, \
   &RowTester<OpId::k##name>::Run, &RowTester<OpId::k##name>::Check},
#include "elementwise/ops.inc"
#undef ACLCPU_OP
};
static_assert(sizeof(kTesters) / sizeof(kTesters[0]) ==
                  static_cast<size_t>(aclcpu::kernels::OpId::kCount),
              "one tester per operator");

const OpTester& TesterOf(const KernelRow& row) { return kTesters[static_cast<int>(row.op)]; }

std::vector<const KernelRow*> AllRows() {
  size_t n = 0;
  const KernelRow* rows = aclcpu::kernels::KernelRows(&n);
  std::vector<const KernelRow*> v;
  for (size_t i = 0; i < n; ++i) v.push_back(&rows[i]);
  return v;
}

std::string RowName(const ::testing::TestParamInfo<const KernelRow*>& info) {
  std::string s = info.param->name;
  for (char& ch : s) {
    if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return s;
}

class RowSweep : public ::testing::TestWithParam<const KernelRow*> {
 protected:
  // Runs every parameter block of the row's operator over `l` and checks the result.
  void RunLayout(const TestLayout& l, Precision prec, bool specials = false,
                 ThreadPool* pool = nullptr, size_t maxParams = SIZE_MAX) {
    const KernelRow& row = *GetParam();
    const OpTester& t = TesterOf(row);
    uint32_t seed = 12345;
    std::vector<KernelParams> params = t.params();
    if (params.size() > maxParams) params.resize(maxParams);
    for (const KernelParams& p : params) {
      CaseSpec c;
      c.seed = seed++;
      c.specials = specials;
      c.params = p;
      const CaseData d = t.run(row, prec, l, c, pool);
      std::string first;
      const int64_t bad = t.check(row, prec, l, c, d, &first, nullptr);
      EXPECT_EQ(bad, 0) << row.name << (prec == Precision::Golden ? " golden" : " npu")
                        << " layout " << l.name << " shape " << l.shape.size() << "-D, seed "
                        << c.seed << ", f0 " << p.f[0] << " mode " << p.mode << ": " << first;
    }
  }
  int NumIn() const { return aclcpu::kernels::GetOpInfo(GetParam()->op).numIn; }
};

// The small sizes at three start offsets (aligned, odd, 3 elements in): every packet and tail
// position. The two sizes around the block take one offset each: a block starts at the same
// alignment as the tensor, so the offsets add nothing there that the small sizes have not
// covered, and those two sizes were 95 % of this test's time (the suite runs it once per ISA
// variant and again under ASan).
TEST_P(RowSweep, SizesAroundPacketChunkAndBlock) {
  for (int64_t n : {int64_t{1}, int64_t{7}, int64_t{15}, int64_t{17}, int64_t{33}, int64_t{255},
                    int64_t{256}, int64_t{257}, int64_t{1000}}) {
    for (int64_t pad : {0, 1, 3}) {
      RunLayout(Contiguous({n}, pad), Precision::Npu);
    }
  }
  RunLayout(Contiguous({kBlockElems - 1}, 0), Precision::Npu);
  RunLayout(Contiguous({kBlockElems + 1}, 3), Precision::Npu);
}

// ACLNN_CPU_TEST_LAYOUT_PARAMS=N runs the layouts below with the operator's first N parameter
// blocks only. The AArch64 run under qemu sets it to 1: there the references' long double is
// software binary128 and every parameter block costs seconds per row, while what the layouts
// check, the walk over the views, does not depend on the parameter values (the special values,
// run with every block there, and the native run check those).
size_t LayoutParamsLimit() {
  const char* v = std::getenv("ACLNN_CPU_TEST_LAYOUT_PARAMS");
  if (v == nullptr || *v == '\0') return SIZE_MAX;
  const long n = std::strtol(v, nullptr, 10);
  return n > 0 ? static_cast<size_t>(n) : SIZE_MAX;
}

TEST_P(RowSweep, StridedTransposedBroadcastAliasedZeroDimEmpty) {
  const size_t np = LayoutParamsLimit();
  auto run = [&](const TestLayout& l) { RunLayout(l, Precision::Npu, false, nullptr, np); };
  run(Contiguous({}));      // 0-d: one element
  run(Contiguous({0, 5}));  // empty: nothing written
  run(Uniform("strided", {37, 9}, {20, 2}));
  run(Uniform("negative", {300}, {-1}));
  TestLayout t = Contiguous({70, 130});
  t.name = "transposed-inputs";
  for (int k = 0; k < NumIn(); ++k) t.in[k] = MakeView({70, 130}, {1, 70});
  run(t);
  TestLayout to = Contiguous({70, 130});
  to.name = "transposed-output";
  to.out[0] = MakeView({70, 130}, {1, 70});
  run(to);
  TestLayout b = Contiguous({64, 40});
  b.name = "broadcast-last-input";
  b.in[NumIn() - 1] = MakeView({64, 40}, {0, 1});
  run(b);
  TestLayout a = Contiguous({1000});
  a.name = "alias-in0";
  a.alias = 0;
  run(a);
}

TEST_P(RowSweep, SpecialValues) {
  int64_t n = 1;
  for (int k = 0; k < NumIn(); ++k)
    n *= static_cast<int64_t>(TesterOf(*GetParam()).specials(k).size());
  RunLayout(Contiguous({n}), Precision::Npu, true);
}

TEST_P(RowSweep, GoldenMode) {
  if (GetParam()->golden == nullptr) GTEST_SKIP() << "exact integer row: golden = npu";
  RunLayout(Contiguous({1000}), Precision::Golden);
  RunLayout(Uniform("strided", {37, 9}, {20, 2}), Precision::Golden);
  int64_t n = 1;
  for (int k = 0; k < NumIn(); ++k)
    n *= static_cast<int64_t>(TesterOf(*GetParam()).specials(k).size());
  RunLayout(Contiguous({n}), Precision::Golden, true);
}

TEST_P(RowSweep, BitwiseIdenticalAcrossThreadCounts) {
  const KernelRow& row = *GetParam();
  const OpTester& t = TesterOf(row);
  ThreadPool one(1), three(3);
  TestLayout l = Contiguous({3 * kBlockElems + 77});
  TestLayout tr = Contiguous({300, 170});
  for (int k = 0; k < NumIn(); ++k) tr.in[k] = MakeView({300, 170}, {1, 300});
  for (const TestLayout* layout : {&l, &tr}) {
    CaseSpec c;
    c.params = t.params().front();
    const CaseData a = t.run(row, Precision::Npu, *layout, c, &one);
    const CaseData b = t.run(row, Precision::Npu, *layout, c, &three);
    EXPECT_EQ(a.out, b.out) << row.name << " " << layout->name;
  }
}

// The checker itself: an output of zeros, or the untouched sentinel, must fail.
TEST_P(RowSweep, CheckerRejectsZeroAndUntouchedOutput) {
  const KernelRow& row = *GetParam();
  const OpTester& t = TesterOf(row);
  const TestLayout l = Contiguous({500});
  CaseSpec c;
  c.params = t.params().front();
  CaseData d = t.run(row, Precision::Npu, l, c, nullptr);
  std::string first;
  int64_t nonzero = 0;
  ASSERT_EQ(t.check(row, Precision::Npu, l, c, d, &first, &nonzero), 0) << first;
  for (auto& o : d.out) std::fill(o.begin(), o.end(), 0);
  if (nonzero > 0) {
    EXPECT_GT(t.check(row, Precision::Npu, l, c, d, &first, nullptr), 0);
  }
  for (auto& o : d.out) std::fill(o.begin(), o.end(), 0xA5);
  EXPECT_GT(t.check(row, Precision::Npu, l, c, d, &first, nullptr), 0);
}

INSTANTIATE_TEST_SUITE_P(AllRows, RowSweep, ::testing::ValuesIn(AllRows()), RowName);

// Prints the worst error per row at exit (ulps of the output dtype at the expected value).
class WorstUlpsReporter : public ::testing::EmptyTestEventListener {
  void OnTestProgramEnd(const ::testing::UnitTest&) override {
    std::lock_guard<std::mutex> lock(StatsMutex());
    for (const auto& [name, ulps] : WorstUlps())
      std::printf("worst %-40s %.3f ulp\n", name.c_str(), ulps);
  }
};
const bool kReporter = [] {
  ::testing::UnitTest::GetInstance()->listeners().Append(new WorstUlpsReporter);
  return true;
}();

}  // namespace
}  // namespace reftest
