// How much checking the library does beyond what CANN does (ACLNN_CPU_CHECK), and the hooks
// that let upper layers report what is still alive when the runtime finalises.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace aclcpu {

// ACLNN_CPU_CHECK, read once:
//   0  only the checks that keep the process alive (phase-1 view bounds, pointer kinds,
//      executor identity); no phase-2 re-check, no write-range bookkeeping
//   1  default: all of the above plus the phase-2 re-check of every view and precise
//      missing-synchronisation warnings
//   2  also track which device bytes were ever written and refuse operators that read
//      never-written memory
// Anything else (or unset) means 1.
int CheckLevel();
inline bool CheckEnabled(int level) { return CheckLevel() >= level; }

// One line of the leak report: "3 aclTensor(s)" with an optional byte count.
struct LeakCount {
  std::string what;
  uint64_t count = 0;
  uint64_t bytes = 0;  // 0 when bytes do not apply
};

// A layer that owns handles registers a function listing what is still alive. Registration is
// meant for static-initialisation time; reporters run in registration order.
using LeakReporter = std::function<void(std::vector<LeakCount>* out)>;
void RegisterLeakReporter(LeakReporter reporter);
// Every registered reporter's counts with count > 0.
std::vector<LeakCount> CollectLeaks();

}  // namespace aclcpu
