#include "common/check_level.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <utility>

#include "common/log.h"

namespace aclcpu {
namespace {

int ReadCheckLevel() {
  const char* text = std::getenv("ACLNN_CPU_CHECK");
  if (text == nullptr || *text == '\0') return 1;
  if (text[1] == '\0' && text[0] >= '0' && text[0] <= '2') return text[0] - '0';
  Log(LogLevel::kWarning, "ACLNN_CPU_CHECK=\"%s\" is not 0, 1 or 2; using 1", text);
  return 1;
}

struct Reporters {
  std::mutex mu;
  std::vector<LeakReporter> list;
};

Reporters& TheReporters() {
  static auto* reporters = new Reporters();  // never destroyed: finalize may run during exit
  return *reporters;
}

}  // namespace

int CheckLevel() {
  static const int level = ReadCheckLevel();
  return level;
}

void RegisterLeakReporter(LeakReporter reporter) {
  Reporters& r = TheReporters();
  std::lock_guard<std::mutex> lock(r.mu);
  r.list.push_back(std::move(reporter));
}

std::vector<LeakCount> CollectLeaks() {
  std::vector<LeakReporter> list;
  {
    Reporters& r = TheReporters();
    std::lock_guard<std::mutex> lock(r.mu);
    list = r.list;
  }
  std::vector<LeakCount> all;
  for (const LeakReporter& report : list) report(&all);
  std::vector<LeakCount> live;
  for (LeakCount& c : all) {
    if (c.count > 0) live.push_back(std::move(c));
  }
  return live;
}

}  // namespace aclcpu
