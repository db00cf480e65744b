// aclInit / aclFinalize / aclFinalizeReference: a process-wide reference count around the
// registry. Runtime calls made before aclInit are allowed (CANN's behaviour there is not
// confirmed; being lenient keeps programs that skip aclInit working).
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "common/check_level.h"
#include "common/error.h"
#include "common/log.h"
#include "common/precision.h"
#include "common/soc.h"
#include "isa/isa.h"
#include "runtime/cache_size.h"
#include "runtime/json_syntax.h"
#include "runtime/memory.h"
#include "runtime/registry.h"
#include "runtime/rt_impl.h"

namespace aclcpu {
namespace rt {
namespace {

// Reads the whole config file; returns false (with *why) when it cannot be read.
// CANN's limits on the aclInit file: 10 MiB, and at most 10 levels of objects and 10 of arrays,
// counted over the raw characters (brackets inside strings count too, as CANN counts them).
constexpr off_t kMaxConfigBytes = off_t{10} << 20;
constexpr int kMaxConfigDepth = 10;

bool NestingWithinLimits(const std::string& text, std::string* why) {
  int objects = 0, arrays = 0, maxObjects = 0, maxArrays = 0;
  for (char c : text) {
    if (c == '{') maxObjects = std::max(maxObjects, ++objects);
    if (c == '}' && objects > 0) --objects;
    if (c == '[') maxArrays = std::max(maxArrays, ++arrays);
    if (c == ']' && arrays > 0) --arrays;
  }
  if (maxObjects <= kMaxConfigDepth && maxArrays <= kMaxConfigDepth) return true;
  *why = "objects nest " + std::to_string(maxObjects) + " deep and arrays " +
         std::to_string(maxArrays) + " deep; CANN allows at most " +
         std::to_string(kMaxConfigDepth) + " of each";
  return false;
}

// err_msg_mode: "1" gathers the error messages of all threads for aclGetRecentErrMsg, "0" (the
// default) keeps them per thread; another value is reported and the default kept.
bool ProcessLevelErrMsgs(const std::string& config) {
  std::string raw;
  if (config.empty() || !TopLevelMember(config, "err_msg_mode", &raw)) return false;
  if (raw == "\"1\"" || raw == "1") return true;
  if (raw != "\"0\"" && raw != "0") {
    Log(LogLevel::kWarning,
        "aclInit: err_msg_mode %s is neither \"0\" (messages per thread) nor \"1\" (per "
        "process); keeping them per thread",
        raw.c_str());
  }
  return false;
}

bool ReadConfig(const char* path, std::string* content, std::string* why) {
  struct stat st {};
  if (stat(path, &st) != 0) {
    *why = std::strerror(errno);
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    *why = "not a regular file";
    return false;
  }
  if (st.st_size > kMaxConfigBytes) {
    *why = "larger than the 10 MiB CANN reads (" + std::to_string(st.st_size) + " bytes)";
    return false;
  }
  std::FILE* f = std::fopen(path, "rb");
  if (f == nullptr) {
    *why = std::strerror(errno);
    return false;
  }
  char buffer[4096];
  size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof(buffer), f)) > 0) content->append(buffer, n);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) *why = "read error";
  return !failed;
}

bool AnyDeviceInUse(Registry& reg) {
  if (!reg.contexts.empty()) return true;
  for (const DeviceUse& d : reg.devices) {
    if (d.refCount > 0) return true;
  }
  return false;
}

// What the user created and did not release, counted as the runtime finalises.
struct Leftovers {
  uint64_t streams = 0;   // created with aclrtCreateStream
  uint64_t contexts = 0;  // created with aclrtCreateContext
};

// Drops every context and stream and marks the runtime finalised (lock held); the streams are
// returned so that the caller drains them outside the lock.
std::vector<std::shared_ptr<Stream>> FinalizeLocked(Registry& reg, Leftovers* left) {
  SetProcessLevelErrMsgs(false);  // err_msg_mode lasts until the runtime finalises
  std::vector<std::shared_ptr<Stream>> streams;
  for (auto& entry : reg.streams) {
    if (!entry.second->isDefault()) ++left->streams;
    streams.push_back(std::move(entry.second));
  }
  for (auto& entry : reg.contexts) {
    if (!entry.second->isDefault) ++left->contexts;
  }
  reg.streams.clear();
  reg.contexts.clear();
  for (DeviceUse& d : reg.devices) {
    d.refCount = 0;
    d.defaultContext = 0;
  }
  reg.initialized = false;
  reg.initRefs = 0;
  reg.initConfig.clear();
  SetThreadContext(0);
  return streams;
}

void Report(const char* api, uint64_t count, uint64_t bytes, const char* what) {
  if (count == 0) return;
  if (bytes > 0) {
    Log(LogLevel::kWarning, "%s: leak: %llu %s, %llu bytes, still live", api,
        static_cast<unsigned long long>(count), what, static_cast<unsigned long long>(bytes));
  } else {
    Log(LogLevel::kWarning, "%s: leak: %llu %s still live", api,
        static_cast<unsigned long long>(count), what);
  }
}

// One WARNING line per kind of object still alive when the runtime finalises; then releases
// what the runtime owns (memory, events; streams and contexts are gone already), so that a
// later report does not count it again. nnopbase's handles are host objects the user may still
// use after a new aclInit: they stay, and its reporter counts each once.
void ReportLeaks(const char* api, const Leftovers& left) {
  const std::vector<LeakCount> nnopbase =
      CollectLeaks();  // always: it advances the count-once mark
  if (!LogEnabled(LogLevel::kWarning)) {
    ReleaseAllMemory();
    ReleaseAllEvents();
    return;
  }
  const LiveMemory memory = CountLiveMemory();
  Report(api, memory.deviceCount, memory.deviceBytes,
         "device allocation(s) (aclrtMalloc without aclrtFree)");
  Report(api, memory.hostCount, memory.hostBytes,
         "host allocation(s) (aclrtMallocHost without aclrtFreeHost)");
  Report(api, left.streams, 0, "stream(s) (aclrtCreateStream without aclrtDestroyStream)");
  Report(api, left.contexts, 0, "context(s) (aclrtCreateContext without aclrtDestroyContext)");
  Report(api, LiveEventCount(), 0, "event(s) (aclrtCreateEvent without aclrtDestroyEvent)");
  for (const LeakCount& c : nnopbase) Report(api, c.count, c.bytes, c.what.c_str());
  ReleaseAllMemory();
  ReleaseAllEvents();
}

}  // namespace

int Init(const char* configPath) {
  std::string config;
  if (configPath != nullptr && *configPath != '\0') {
    std::string why;
    if (!ReadConfig(configPath, &config, &why)) {
      return Failf(ACL_ERROR_INVALID_FILE, "aclInit: cannot read the config file \"%s\": %s",
                   configPath, why.c_str());
    }
    if (!NestingWithinLimits(config, &why) || !CheckJsonSyntax(config, &why)) {
      return Failf(ACL_ERROR_PARSE_FILE, "aclInit: the config file \"%s\" is not valid JSON: %s",
                   configPath, why.c_str());
    }
  }
  std::string socError;
  if (SelectedSoc(&socError) == nullptr) {
    return Fail(ACL_ERROR_RT_SOC_VERSION, "aclInit: " + socError);
  }
  std::string precisionError;
  if (!SelectedPrecision(nullptr, &precisionError)) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclInit: " + precisionError);
  }
  const std::string isaError = kernels::IsaCapError();
  if (!isaError.empty()) return Fail(ACL_ERROR_INVALID_PARAM, "aclInit: " + isaError);
  if (int rc = ConfigureLastLevelCache("aclInit")) return rc;
  if (LogEnabled(LogLevel::kInfo)) {
    const char* cap = std::getenv("ACLNN_CPU_MAX_ISA");
    Log(LogLevel::kInfo, "kernels: the %s variant (the best this CPU runs; ACLNN_CPU_MAX_ISA %s)",
        kernels::IsaName(kernels::SelectedIsa()), cap != nullptr && *cap != '\0' ? cap : "unset");
  }
  Registry& reg = Reg();
  std::lock_guard<std::mutex> lock(reg.mu);
  if (reg.initialized) {
    if (config != reg.initConfig) {
      return Failf(ACL_ERROR_INVALID_PARAM,
                   "aclInit: already initialised with a different configuration (configPath "
                   "\"%s\")",
                   configPath != nullptr ? configPath : "");
    }
    ++reg.initRefs;
    return Failf(ACL_ERROR_REPEAT_INITIALIZE,
                 "aclInit: already initialised (reference count now %llu); this can be ignored",
                 static_cast<unsigned long long>(reg.initRefs));
  }
  if (!AnyDeviceInUse(reg)) ReadDeviceEnvironment(reg);
  SetProcessLevelErrMsgs(ProcessLevelErrMsgs(config));
  reg.initialized = true;
  reg.initRefs = 1;
  reg.initConfig = config;
  return ACL_SUCCESS;
}

int Finalize() {
  Registry& reg = Reg();
  Leftovers left;
  std::vector<std::shared_ptr<Stream>> streams;
  {
    std::lock_guard<std::mutex> lock(reg.mu);
    if (!reg.initialized) {
      return Fail(ACL_ERROR_REPEAT_FINALIZE,
                  "aclFinalize: not initialised (aclInit was not called, or aclFinalize already "
                  "ran)");
    }
    streams = FinalizeLocked(reg, &left);
  }
  ShutdownStreams(streams, false);
  ShutdownDevicePools();
  ReportLeaks("aclFinalize", left);
  return ACL_SUCCESS;
}

int FinalizeReference(uint64_t* refCount) {
  Registry& reg = Reg();
  std::vector<std::shared_ptr<Stream>> streams;
  uint64_t left = 0;
  Leftovers leftovers;
  {
    std::lock_guard<std::mutex> lock(reg.mu);
    if (!reg.initialized || reg.initRefs < 1) {
      if (refCount != nullptr) *refCount = 0;
      return Fail(ACL_ERROR_REPEAT_FINALIZE,
                  "aclFinalizeReference: not initialised (reference count is 0)");
    }
    left = --reg.initRefs;
    if (left == 0) streams = FinalizeLocked(reg, &leftovers);
  }
  if (refCount != nullptr) *refCount = left;
  ShutdownStreams(streams, false);
  if (left == 0) {
    ShutdownDevicePools();
    ReportLeaks("aclFinalizeReference", leftovers);
  }
  return ACL_SUCCESS;
}

bool IsInitialized() {
  Registry& reg = Reg();
  std::lock_guard<std::mutex> lock(reg.mu);
  return reg.initialized;
}

}  // namespace rt
}  // namespace aclcpu
