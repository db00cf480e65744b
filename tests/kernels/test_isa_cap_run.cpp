// The kernels.isa_<cap> ctest runs (tests/kernels/CMakeLists.txt) repeat the row sweeps with
// ACLNN_CPU_MAX_ISA=<cap>. When the cap does not lower the choice (the CPU's best variant is at or
// below it) that run would repeat the uncapped one case for case: with
// ACLNN_CPU_TEST_SKIP_UNLESS_CAPPED=1 the program then says so and ends before any case, and
// ctest reports the run as skipped (its SKIP_REGULAR_EXPRESSION matches the line).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "isa/isa.h"

namespace {

namespace k = aclcpu::kernels;

class SkipUnlessCapped : public ::testing::Environment {
 public:
  void SetUp() override {
    const char* flag = std::getenv("ACLNN_CPU_TEST_SKIP_UNLESS_CAPPED");
    if (flag == nullptr || std::strcmp(flag, "1") != 0) return;
    const k::Isa chosen = k::SelectedIsa();
    if (chosen != k::UncappedIsa()) return;
    std::printf("ISA cap does not lower the choice: %s is this CPU's best variant; skipped\n",
                k::IsaName(chosen));
    std::fflush(stdout);
    std::exit(0);
  }
};

const ::testing::Environment* const kSkipUnlessCapped =
    ::testing::AddGlobalTestEnvironment(new SkipUnlessCapped);

}  // namespace

// The uncapped choice agrees with the dispatcher when nothing caps it.
TEST(IsaCapRun, UncappedIsaIsTheChoiceWithoutACap) {
  const char* cap = std::getenv("ACLNN_CPU_MAX_ISA");
  if (cap != nullptr && *cap != '\0') GTEST_SKIP() << "ACLNN_CPU_MAX_ISA is set";
  EXPECT_EQ(static_cast<int>(k::UncappedIsa()), static_cast<int>(k::SelectedIsa()));
}
