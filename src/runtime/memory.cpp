// The allocation table behind aclrtMalloc / aclrtFree / aclrtMallocHost and ClassifyPointer.
//
// Device memory is mapped with mmap, one mapping per allocation, apart from the heap that host
// code allocates from. A freed device range is not unmapped at once: it is replaced by an
// inaccessible reservation (PROT_NONE, no memory behind it) and kept in a quarantine bounded by
// bytes of address space (kQuarantineBytes), so that no allocation can reuse the address while
// we still report it as "freed device memory" — the classification stays unambiguous, and a
// stale executor can never write into a new owner's buffer. An allocation pinned by enqueued
// work (PinAllocation) stays mapped until the last pin goes, whatever aclrtFree does meanwhile.
#include "runtime/memory.h"

#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <limits>
#include <map>
#include <mutex>
#include <vector>

#include "common/check_level.h"
#include "common/enum_code.h"
#include "common/error.h"
#include "common/log.h"
#include "common/soc.h"
#include "runtime/registry.h"
#include "runtime/rt_impl.h"

namespace aclcpu {
namespace rt {
namespace {

// Fresh allocations are filled with 0xFF bytes: every floating type then reads as NaN (fp32
// 0xFFFFFFFF, fp16/bf16 0xFFFF, fp64 all ones) and every integer as -1 / its maximum, so a
// kernel that reads memory nobody wrote produces an output that cannot pass for a result.
constexpr unsigned char kPoisonByte = 0xFF;

// Address space only, no memory: 1 TiB is 1/128 of x86-64's user address space, and as many
// frees as a program makes before a freed range is reused: 268 million frees of one-page
// buffers, 1024 of 1 GiB ones. When the kernel refuses a new mapping (RLIMIT_AS, the map-count
// limit), the oldest quarantined ranges are released first and the mapping is retried.
constexpr size_t kQuarantineBytes = size_t{1} << 40;
constexpr size_t kHugePageHint = size_t{2} << 20;

struct Block {
  uintptr_t base = 0;
  size_t requested = 0;  // what the user asked for; bounds checks use this
  size_t rounded = 0;    // what CANN would reserve (size rounding + padding)
  size_t mapped = 0;     // whole pages actually mapped
  uint64_t id = 0;
  int32_t device = 0;
  uint32_t pins = 0;            // enqueued work using it (PinAllocation)
  bool releasePending = false;  // freed while pinned: retired at the last unpin
};

struct Table {
  std::mutex mu;
  std::map<uintptr_t, Block> live;
  std::map<uintptr_t, Block> freed;
  std::deque<uintptr_t> freedOrder;
  size_t freedBytes = 0;
  std::map<uintptr_t, Block> host;
  uint64_t nextId = 1;
};

Table& T() {
  static Table* table = new Table;  // leaked: kernels may classify pointers during exit
  return *table;
}

size_t PageSize() {
  static const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return page;
}

size_t PhysicalBytes() {
  struct sysinfo si {};
  if (sysinfo(&si) != 0) return std::numeric_limits<size_t>::max();
  return static_cast<size_t>(si.totalram) * si.mem_unit;
}

// The block of `m` whose [base, base + rounded) holds p (rounded >= 1), or nullptr.
const Block* Find(const std::map<uintptr_t, Block>& m, uintptr_t p) {
  auto it = m.upper_bound(p);
  if (it == m.begin()) return nullptr;
  --it;
  const size_t extent = it->second.rounded > 0 ? it->second.rounded : 1;
  return p - it->first < extent ? &it->second : nullptr;
}

// Releases the oldest quarantined range; false when there is none.
bool EvictOldest(Table& t) {
  while (!t.freedOrder.empty()) {
    auto it = t.freed.find(t.freedOrder.front());
    t.freedOrder.pop_front();
    if (it == t.freed.end() || it->second.releasePending) continue;
    munmap(reinterpret_cast<void*>(it->first), it->second.mapped);
    t.freedBytes -= it->second.mapped;
    t.freed.erase(it);
    return true;
  }
  return false;
}

// Drops the pages of a freed, unpinned block and keeps its range reserved.
void Retire(Table& t, Block b) {
  void* p = reinterpret_cast<void*>(b.base);
  // Replacing the mapping drops its pages at once and keeps the address reserved.
  void* r =
      mmap(p, b.mapped, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
  if (r == MAP_FAILED) {
    munmap(p, b.mapped);
    t.freed.erase(b.base);
    return;
  }
  b.releasePending = false;
  t.freed[b.base] = b;
  t.freedOrder.push_back(b.base);
  t.freedBytes += b.mapped;
  while (t.freedBytes > kQuarantineBytes && EvictOldest(t)) {
  }
}

// The live block `it` leaves the table (aclrtFree, or aclFinalize releasing a leak): retired
// now, or at its last unpin when enqueued work still uses it (lock held).
void Release(Table& t, std::map<uintptr_t, Block>::iterator it) {
  Block b = it->second;
  t.live.erase(it);
  ForgetWritten(b.base);
  if (b.pins > 0) {
    b.releasePending = true;  // classified as freed from now on, still mapped
    t.freed[b.base] = b;
    return;
  }
  Retire(t, b);
}

// CANN's policies: a base value 0..7, plus the memory-type and access flags.
bool KnownPolicy(int policy) {
  constexpr int kFlags = ACL_MEM_TYPE_LOW_BAND_WIDTH | ACL_MEM_TYPE_HIGH_BAND_WIDTH |
                         ACL_MEM_ACCESS_USER_SPACE_READONLY;
  return policy >= 0 && (policy & 0xFF) <= ACL_MEM_MALLOC_HUGE1G_ONLY_P2P &&
         (policy & ~(0xFF | kFlags)) == 0;
}

int CheckConfig(const char* api, const aclrtMallocConfig* cfg, int32_t* device) {
  if (cfg == nullptr) return ACL_SUCCESS;
  if (cfg->numAttrs != 0 && cfg->attrs == nullptr) {
    return Failf(ACL_ERROR_INVALID_PARAM, "%s: cfg->numAttrs is %zu but cfg->attrs is NULL", api,
                 cfg->numAttrs);
  }
  for (size_t i = 0; i < cfg->numAttrs; ++i) {
    if (EnumCode(cfg->attrs[i].attr) != ACL_RT_MEM_ATTR_DEVICE_ID) continue;
    const uint32_t id = cfg->attrs[i].value.deviceId;
    Registry& reg = Reg();
    std::lock_guard<std::mutex> lock(reg.mu);
    if (id >= Devices(reg).size()) {
      return Failf(ACL_ERROR_RT_INVALID_DEVICEID,
                   "%s: cfg names device %u, but only %zu device(s) are visible", api, id,
                   Devices(reg).size());
    }
    *device = static_cast<int32_t>(id);
  }
  return ACL_SUCCESS;
}

}  // namespace

PointerKind ClassifyPointer(const void* p, AllocationInfo* info) {
  const uintptr_t address = reinterpret_cast<uintptr_t>(p);
  Table& t = T();
  std::lock_guard<std::mutex> lock(t.mu);
  auto fill = [&](const Block* b, PointerKind kind) {
    if (info != nullptr) {
      info->base = reinterpret_cast<const void*>(b->base);
      info->requested = b->requested;
      info->rounded = b->rounded;
      info->mapped = b->mapped;
      info->id = b->id;
      info->device = b->device;
    }
    return kind;
  };
  if (p == nullptr) return PointerKind::kUnknown;
  if (const Block* b = Find(t.live, address)) return fill(b, PointerKind::kDevice);
  if (const Block* b = Find(t.host, address)) return fill(b, PointerKind::kHost);
  if (const Block* b = Find(t.freed, address)) return fill(b, PointerKind::kFreedDevice);
  return PointerKind::kUnknown;
}

int Malloc(const char* api, void** devPtr, size_t size, int32_t policy, RoundingRule rule,
           const aclrtMallocConfig* cfg) {
  if (devPtr == nullptr) return Failf(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", api);
  if (size == 0) return Failf(ACL_ERROR_INVALID_PARAM, "%s: size is 0 (expected > 0)", api);
  // CANN gives an unknown policy the default flags and succeeds (spec/api.md): so do we, with a
  // WARNING naming it, so that the misuse shows in the log.
  if (!KnownPolicy(static_cast<int>(policy))) {
    Log(LogLevel::kWarning,
        "%s: policy %#x is not an aclrtMemMallocPolicy (expected 0..7, ACL_MEM_MALLOC_HUGE_FIRST "
        ".. ACL_MEM_MALLOC_HUGE1G_ONLY_P2P, optionally with ACL_MEM_TYPE_* / "
        "ACL_MEM_ACCESS_USER_SPACE_READONLY); allocating with the default flags, as CANN does",
        api, static_cast<unsigned>(policy));
  }
  int32_t device = -1;
  if (int rc = CheckConfig(api, cfg, &device)) return rc;
  if (device < 0) {
    std::shared_ptr<Context> ctx;
    if (int rc = RequireContext(api, &ctx)) return rc;
    device = ctx->device;
  }
  // CANN rounds to 32 bytes and appends 32 bytes of padding, except for 1 GiB huge pages, for
  // aclrtMallocAlign32 and on Ascend 950 (32-byte rounding only).
  const int base = policy & 0xFF;  // an unknown policy gets the default flags, as in CANN
  const SocProfile* soc = SelectedSoc();
  const bool noPad = rule == RoundingRule::kAlign32 || base == ACL_MEM_MALLOC_HUGE1G_ONLY ||
                     base == ACL_MEM_MALLOC_HUGE1G_ONLY_P2P ||
                     (soc != nullptr && soc->family == SocFamily::kAscend950);
  const size_t append = noPad ? 31 : 63;
  if (size > std::numeric_limits<size_t>::max() - append - PageSize()) {
    return Failf(ACL_ERROR_INVALID_PARAM, "%s: size %zu overflows when rounded up", api, size);
  }
  const size_t rounded = (size + append) / 32 * 32;
  const size_t mapped = (rounded + PageSize() - 1) / PageSize() * PageSize();
  if (mapped > PhysicalBytes()) {
    return Failf(ACL_ERROR_RT_MEMORY_ALLOCATION,
                 "%s: out of memory: %zu bytes requested, the machine has %zu", api, size,
                 PhysicalBytes());
  }
  void* p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  while (p == MAP_FAILED && errno == ENOMEM) {
    // The quarantine may hold the address space or the mappings the kernel limits: give back
    // the oldest reservations and retry.
    {
      Table& t = T();
      std::lock_guard<std::mutex> lock(t.mu);
      bool evicted = false;
      for (int i = 0; i < 64 && EvictOldest(t); ++i) evicted = true;
      if (!evicted) break;
    }
    p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  }
  if (p == MAP_FAILED) {
    return Failf(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of memory allocating %zu bytes: %s", api,
                 size, std::strerror(errno));
  }
  if (mapped >= kHugePageHint) madvise(p, mapped, MADV_HUGEPAGE);
  std::memset(p, kPoisonByte, rounded);
  Table& t = T();
  std::lock_guard<std::mutex> lock(t.mu);
  Block b{reinterpret_cast<uintptr_t>(p), size, rounded, mapped, t.nextId++, device};
  t.live[b.base] = b;
  *devPtr = p;
  return ACL_SUCCESS;
}

int Free(void* devPtr) {
  const char* api = "aclrtFree";
  if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtFree: devPtr is NULL");
  const uintptr_t address = reinterpret_cast<uintptr_t>(devPtr);
  Table& t = T();
  int32_t device = 0;
  {
    std::lock_guard<std::mutex> lock(t.mu);
    auto it = t.live.find(address);
    if (it == t.live.end()) {
      if (const Block* b = Find(t.live, address)) {
        return Failf(ACL_ERROR_RT_PARAM_INVALID,
                     "%s: devPtr %p points %zu bytes into the allocation at %#zx; pass the "
                     "address aclrtMalloc returned",
                     api, devPtr, static_cast<size_t>(address - b->base),
                     static_cast<size_t>(b->base));
      }
      if (const Block* b = Find(t.freed, address)) {
        return Failf(ACL_ERROR_RT_PARAM_INVALID,
                     b->base == address
                         ? "%s: devPtr %p was already freed (double free)"
                         : "%s: devPtr %p points into device memory that was already freed",
                     api, devPtr);
      }
      if (Find(t.host, address) != nullptr) {
        return Failf(ACL_ERROR_RT_PARAM_INVALID,
                     "%s: devPtr %p is host memory from aclrtMallocHost; free it with "
                     "aclrtFreeHost",
                     api, devPtr);
      }
      return Failf(ACL_ERROR_RT_PARAM_INVALID,
                   "%s: devPtr %p was not returned by aclrtMalloc (not device memory)", api,
                   devPtr);
    }
    device = it->second.device;
  }
  // The NPU frees at once even if queued work still uses the memory; here that work would
  // touch an inaccessible page, so let the device's queued work finish first.
  WaitForDeviceWork(device, api);
  std::lock_guard<std::mutex> lock(t.mu);
  auto it = t.live.find(address);
  if (it == t.live.end()) {
    return Failf(ACL_ERROR_RT_PARAM_INVALID, "%s: devPtr %p was freed concurrently", api, devPtr);
  }
  Release(t, it);
  return ACL_SUCCESS;
}

namespace {

PointerKind PinLocked(Table& t, const void* p, AllocationInfo* info) {
  const uintptr_t address = reinterpret_cast<uintptr_t>(p);
  auto fill = [&](const Block* b, PointerKind kind) {
    info->base = reinterpret_cast<const void*>(b->base);
    info->requested = b->requested;
    info->rounded = b->rounded;
    info->mapped = b->mapped;
    info->id = b->id;
    info->device = b->device;
    return kind;
  };
  if (p == nullptr) return PointerKind::kUnknown;
  auto it = t.live.upper_bound(address);
  if (it != t.live.begin()) {
    --it;
    if (address - it->first < it->second.rounded) {
      ++it->second.pins;
      return fill(&it->second, PointerKind::kDevice);
    }
  }
  if (const Block* b = Find(t.host, address)) return fill(b, PointerKind::kHost);
  if (const Block* b = Find(t.freed, address)) return fill(b, PointerKind::kFreedDevice);
  return PointerKind::kUnknown;
}

void UnpinLocked(Table& t, const void* base) {
  const uintptr_t address = reinterpret_cast<uintptr_t>(base);
  auto it = t.live.find(address);
  if (it != t.live.end()) {
    if (it->second.pins > 0) --it->second.pins;
    return;
  }
  auto freed = t.freed.find(address);
  if (freed == t.freed.end() || !freed->second.releasePending) return;
  if (freed->second.pins > 0) --freed->second.pins;
  if (freed->second.pins == 0) Retire(t, freed->second);
}

}  // namespace

void PinAllocations(const void* const* ptrs, size_t n, PointerKind* kinds, AllocationInfo* infos) {
  Table& t = T();
  std::lock_guard<std::mutex> lock(t.mu);
  for (size_t i = 0; i < n; ++i) kinds[i] = PinLocked(t, ptrs[i], &infos[i]);
}

void UnpinAllocations(const void* const* bases, size_t n) {
  Table& t = T();
  std::lock_guard<std::mutex> lock(t.mu);
  for (size_t i = 0; i < n; ++i) UnpinLocked(t, bases[i]);
}

void LockMemoryTable() { T().mu.lock(); }
void UnlockMemoryTable() { T().mu.unlock(); }

void ReleaseAllMemory() {
  Table& t = T();
  std::vector<void*> host;
  {
    std::lock_guard<std::mutex> lock(t.mu);
    while (!t.live.empty()) Release(t, t.live.begin());
    for (const auto& entry : t.host) host.push_back(reinterpret_cast<void*>(entry.first));
    t.host.clear();
  }
  for (void* p : host) std::free(p);
}

int MallocHost(const char* api, void** hostPtr, uint64_t size, const aclrtMallocConfig* cfg) {
  if (hostPtr == nullptr) return Failf(ACL_ERROR_INVALID_PARAM, "%s: hostPtr is NULL", api);
  if (size == 0) return Failf(ACL_ERROR_INVALID_PARAM, "%s: size is 0 (expected > 0)", api);
  int32_t device = -1;
  if (int rc = CheckConfig(api, cfg, &device)) return rc;
  if (size > PhysicalBytes()) {
    return Failf(ACL_ERROR_RT_MEMORY_ALLOCATION,
                 "%s: out of memory: %llu bytes requested, the machine has %zu", api,
                 static_cast<unsigned long long>(size), PhysicalBytes());
  }
  void* p = nullptr;
  if (posix_memalign(&p, 64, static_cast<size_t>(size)) != 0 || p == nullptr) {
    return Failf(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of memory allocating %llu bytes", api,
                 static_cast<unsigned long long>(size));
  }
  std::memset(p, kPoisonByte, static_cast<size_t>(size));
  Table& t = T();
  std::lock_guard<std::mutex> lock(t.mu);
  Block b{reinterpret_cast<uintptr_t>(p),
          static_cast<size_t>(size),
          static_cast<size_t>(size),
          static_cast<size_t>(size),
          t.nextId++,
          device < 0 ? 0 : device};
  t.host[b.base] = b;
  *hostPtr = p;
  return ACL_SUCCESS;
}

int FreeHost(void* hostPtr) {
  if (hostPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtFreeHost: hostPtr is NULL");
  Table& t = T();
  std::lock_guard<std::mutex> lock(t.mu);
  auto it = t.host.find(reinterpret_cast<uintptr_t>(hostPtr));
  if (it == t.host.end()) {
    const bool device = Find(t.live, reinterpret_cast<uintptr_t>(hostPtr)) != nullptr;
    return Failf(ACL_ERROR_RT_PARAM_INVALID,
                 device ? "aclrtFreeHost: hostPtr %p is device memory; free it with aclrtFree"
                        : "aclrtFreeHost: hostPtr %p was not returned by aclrtMallocHost",
                 hostPtr);
  }
  std::free(hostPtr);
  t.host.erase(it);
  return ACL_SUCCESS;
}

LiveMemory CountLiveMemory() {
  Table& t = T();
  std::lock_guard<std::mutex> lock(t.mu);
  LiveMemory m;
  for (const auto& entry : t.live) {
    ++m.deviceCount;
    m.deviceBytes += entry.second.requested;
  }
  for (const auto& entry : t.host) {
    ++m.hostCount;
    m.hostBytes += entry.second.requested;
  }
  return m;
}

}  // namespace rt
}  // namespace aclcpu
