// The strided elementwise driver: coalesce, walk inner runs, cut into fixed blocks.
#include "elementwise/driver.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "elementwise/kernel_fns.h"
#include "thread_pool.h"

namespace aclcpu {
namespace kernels {
namespace {

struct KernelInfo {
  const char* name;
  size_t itemSize;
  ContiguousFn fn;
};

constexpr KernelInfo kKernels[] = {
#define ACLCPU_KERNEL(name, op, gen, dtype) {#name, DTypeSize(DType::dtype), &name##Contiguous},
#include "elementwise/kernels.inc"
#undef ACLCPU_KERNEL
};
static_assert(sizeof(kKernels) / sizeof(kKernels[0]) == static_cast<size_t>(KernelId::kCount),
              "kernels.inc and the registry disagree");

// Dims of size >= 2 multiply to at most 2^63, so at most 63 of them survive.
constexpr int kMaxDims = 64;
// Elements per gather/scatter buffer: 3 buffers of up to 4-byte items stay within 3 KiB.
constexpr int64_t kGatherElems = 256;

// Operand order inside the driver: 0 = out, 1 = in0, 2 = in1.
struct Layout {
  int ndim = 0;
  int64_t shape[kMaxDims];
  int64_t stride[3][kMaxDims];
};

// Drops size-1 dims, orders dims by decreasing |output stride| (the output is walked in memory
// order), then merges neighbours that are contiguous in all three operands.
void BuildLayout(const BinaryProblem& p, Layout* l) {
  int n = 0;
  for (int d = 0; d < p.ndim; ++d) {
    if (p.shape[d] == 1) continue;
    l->shape[n] = p.shape[d];
    l->stride[0][n] = p.outStrides[d];
    l->stride[1][n] = p.in0.strides[d];
    l->stride[2][n] = p.in1.strides[d];
    ++n;
  }
  for (int i = 1; i < n; ++i) {  // stable insertion sort
    for (int j = i; j > 0 && std::llabs(l->stride[0][j - 1]) < std::llabs(l->stride[0][j]); --j) {
      std::swap(l->shape[j - 1], l->shape[j]);
      for (auto& s : l->stride) std::swap(s[j - 1], s[j]);
    }
  }
  int m = 0;
  for (int d = 0; d < n; ++d) {
    if (m > 0) {
      bool mergeable = true;
      for (auto& s : l->stride) mergeable = mergeable && s[m - 1] == s[d] * l->shape[d];
      if (mergeable) {
        l->shape[m - 1] *= l->shape[d];
        for (auto& s : l->stride) s[m - 1] = s[d];
        continue;
      }
    }
    l->shape[m] = l->shape[d];
    for (auto& s : l->stride) s[m] = s[d];
    ++m;
  }
  if (m == 0) {  // 0-dim or all dims of size 1: one element
    l->shape[0] = 1;
    for (auto& s : l->stride) s[0] = 1;
    m = 1;
  }
  l->ndim = m;
}

struct Job {
  Layout layout;
  ContiguousFn fn;
  size_t itemSize;
  const KernelParams* params;
  char* out;
  const char* in[2];
  int64_t numElems;
  bool stream;  // contiguous output larger than the last-level cache: streaming stores
};

// Size in bytes from a sysfs cache `size` file ("32768K"); 0 when unreadable.
int64_t ReadCacheSize(const std::string& path) {
  std::ifstream f(path);
  int64_t v = 0;
  char unit = 0;
  if (!(f >> v) || v <= 0) return 0;
  if (f >> unit) {
    if (unit == 'K') v <<= 10;
    if (unit == 'M') v <<= 20;
  }
  return v;
}

// Bytes of the last-level cache this CPU shares (once per process); 32 MiB where the system does
// not say. sysfs first: it gives the cache one core can use, while glibc's sysconf may report the
// whole package's L3 (384 MiB on a 12-CCD AMD EPYC whose core sees 32 MiB), which would keep the
// streaming stores off for outputs that are far out of cache.
int64_t LastLevelCacheBytes() {
  static const int64_t bytes = [] {
    int64_t b = 0;
    int bestLevel = 0;
    for (int i = 0; i < 8; ++i) {
      const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i);
      std::ifstream lf(dir + "/level");
      int level = 0;
      if (!(lf >> level)) break;
      const int64_t size = ReadCacheSize(dir + "/size");
      if (size > 0 && level >= bestLevel) {
        bestLevel = level;
        b = size;
      }
    }
#if defined(_SC_LEVEL3_CACHE_SIZE)
    if (b <= 0) b = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (b <= 0) b = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    return b > 0 ? b : int64_t{32} << 20;
  }();
  return bytes;
}

template <typename T>
void GatherT(const char* src, int64_t stride, int64_t n, void* dst) {
  const T* s = reinterpret_cast<const T*>(src);
  T* d = static_cast<T*>(dst);
  for (int64_t i = 0; i < n; ++i) d[i] = s[i * stride];
}

template <typename T>
void ScatterT(const void* src, int64_t n, char* dst, int64_t stride) {
  const T* s = static_cast<const T*>(src);
  T* d = reinterpret_cast<T*>(dst);
  for (int64_t i = 0; i < n; ++i) d[i * stride] = s[i];
}

void Gather(const char* src, int64_t stride, int64_t n, size_t itemSize, void* dst) {
  switch (itemSize) {
    case 1:
      return GatherT<uint8_t>(src, stride, n, dst);
    case 2:
      return GatherT<uint16_t>(src, stride, n, dst);
    default:
      return GatherT<uint32_t>(src, stride, n, dst);
  }
}

void Scatter(const void* src, int64_t n, size_t itemSize, char* dst, int64_t stride) {
  switch (itemSize) {
    case 1:
      return ScatterT<uint8_t>(src, n, dst, stride);
    case 2:
      return ScatterT<uint16_t>(src, n, dst, stride);
    default:
      return ScatterT<uint32_t>(src, n, dst, stride);
  }
}

// One inner run of `len` elements starting at element offsets off[0..2].
void RunInner(const Job& job, const int64_t off[3], int64_t len) {
  const Layout& l = job.layout;
  const int inner = l.ndim - 1;
  const int64_t so = l.stride[0][inner];
  const int64_t sa = l.stride[1][inner];
  const int64_t sb = l.stride[2][inner];
  const int64_t isz = static_cast<int64_t>(job.itemSize);
  char* o = job.out + off[0] * isz;
  const char* a = job.in[0] + off[1] * isz;
  const char* b = job.in[1] + off[2] * isz;
  if (so == 1 && sa == 1 && sb == 1) {
    job.fn(o, a, b, len, *job.params, job.stream);
    return;
  }
  alignas(64) unsigned char bufO[kGatherElems * 4];
  alignas(64) unsigned char bufA[kGatherElems * 4];
  alignas(64) unsigned char bufB[kGatherElems * 4];
  for (int64_t c = 0; c < len; c += kGatherElems) {
    const int64_t n = std::min(kGatherElems, len - c);
    const void* pa = a + c * sa * isz;
    const void* pb = b + c * sb * isz;
    if (sa != 1) {
      Gather(a + c * sa * isz, sa, n, job.itemSize, bufA);
      pa = bufA;
    }
    if (sb != 1) {
      Gather(b + c * sb * isz, sb, n, job.itemSize, bufB);
      pb = bufB;
    }
    void* po = so == 1 ? static_cast<void*>(o + c * isz) : bufO;
    job.fn(po, pa, pb, n, *job.params, false);
    if (so != 1) Scatter(bufO, n, job.itemSize, o + c * so * isz, so);
  }
}

// Elements [begin, end) of the output in walk order.
void RunRange(const Job& job, int64_t begin, int64_t end) {
  const Layout& l = job.layout;
  const int nd = l.ndim;
  int64_t idx[kMaxDims];
  int64_t off[3] = {0, 0, 0};
  int64_t rem = begin;
  for (int d = nd - 1; d >= 0; --d) {
    idx[d] = rem % l.shape[d];
    rem /= l.shape[d];
    for (int k = 0; k < 3; ++k) off[k] += idx[d] * l.stride[k][d];
  }
  const int64_t innerSize = l.shape[nd - 1];
  for (int64_t pos = begin; pos < end;) {
    const int64_t len = std::min(innerSize - idx[nd - 1], end - pos);
    RunInner(job, off, len);
    pos += len;
    if (pos >= end) break;
    // The run ended at the end of an inner row: rewind it and carry into the outer dims.
    for (int k = 0; k < 3; ++k) off[k] -= idx[nd - 1] * l.stride[k][nd - 1];
    idx[nd - 1] = 0;
    for (int d = nd - 2; d >= 0; --d) {
      ++idx[d];
      for (int k = 0; k < 3; ++k) off[k] += l.stride[k][d];
      if (idx[d] < l.shape[d]) break;
      for (int k = 0; k < 3; ++k) off[k] -= idx[d] * l.stride[k][d];
      idx[d] = 0;
    }
  }
}

void RunBlock(void* ctx, int64_t block) {
  const Job& job = *static_cast<const Job*>(ctx);
  const int64_t begin = block * kBlockElems;
  RunRange(job, begin, std::min(job.numElems, begin + kBlockElems));
}

// ---- tiled walk: when an operand runs contiguously along the second-innermost dim but not the
// innermost (a transposed view), blocks are kTileSide x kTileSide tiles of the two inner dims
// (a partition fixed by the layout, never by the thread count) and each tile is processed in
// L1-sized sub-tiles, so every operand is read and written along its contiguous dim.

constexpr int64_t kTileSide = 128;  // kTileSide^2 == kBlockElems
static_assert(kTileSide * kTileSide == kBlockElems, "a tile is one block");
constexpr int kSubRows = 16;
constexpr int kSubCols = 64;

bool UseTiles(const Layout& l) {
  if (l.ndim < 2) return false;
  const int d1 = l.ndim - 1, d0 = l.ndim - 2;
  if (l.shape[d1] < kSubRows || l.shape[d0] < kSubRows) return false;
  for (const auto& s : l.stride) {
    if (s[d1] != 1 && s[d0] == 1) return true;
  }
  return false;
}

int64_t TileCount(const Layout& l) {
  const int d1 = l.ndim - 1, d0 = l.ndim - 2;
  int64_t outer = 1;
  for (int d = 0; d < d0; ++d) outer *= l.shape[d];
  return outer * ((l.shape[d0] + kTileSide - 1) / kTileSide) *
         ((l.shape[d1] + kTileSide - 1) / kTileSide);
}

inline void PrefetchRead(const void* p) {
#if defined(__GNUC__)
  __builtin_prefetch(p, 0, 3);
#else
  (void)p;
#endif
}

// buf[r * cols + c] = src[r * s0 + c * s1] for r < rows, c < cols, walking src's unit dim inside.
template <typename T>
void TileGatherT(const char* src, int64_t s0, int64_t s1, int rows, int cols, void* dst) {
  const T* p = reinterpret_cast<const T*>(src);
  T* d = static_cast<T*>(dst);
  if (s1 == 1) {  // short rows: an inline loop beats a memcpy call
    for (int r = 0; r < rows; ++r) {
      const T* row = p + r * s0;
      T* out = d + r * cols;
      for (int c = 0; c < cols; ++c) out[c] = row[c];
    }
  } else if (s0 == 1) {
    for (int c = 0; c < cols; ++c) {
      const T* col = p + c * s1;
      // The column's next lines are read by the sub-tiles further down, each a whole pass over the
      // columns later: the hardware prefetchers do not follow that pattern (a line or less a
      // column, columns far apart), so ask for the next two lines now.
      PrefetchRead(col + 64 / sizeof(T));
      PrefetchRead(col + 128 / sizeof(T));
      for (int r = 0; r < rows; ++r) d[r * cols + c] = col[r];
    }
  } else {
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) d[r * cols + c] = p[r * s0 + c * s1];
    }
  }
}

template <typename T>
void TileScatterT(const void* src, int rows, int cols, char* dst, int64_t s0, int64_t s1) {
  const T* b = static_cast<const T*>(src);
  T* p = reinterpret_cast<T*>(dst);
  if (s1 == 1) {
    for (int r = 0; r < rows; ++r) {
      const T* in = b + r * cols;
      T* row = p + r * s0;
      for (int c = 0; c < cols; ++c) row[c] = in[c];
    }
  } else if (s0 == 1) {
    for (int c = 0; c < cols; ++c) {
      T* col = p + c * s1;
      for (int r = 0; r < rows; ++r) col[r] = b[r * cols + c];
    }
  } else {
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) p[r * s0 + c * s1] = b[r * cols + c];
    }
  }
}

void TileGather(const char* src, int64_t s0, int64_t s1, int rows, int cols, size_t isz,
                void* dst) {
  if (isz == 1) return TileGatherT<uint8_t>(src, s0, s1, rows, cols, dst);
  if (isz == 2) return TileGatherT<uint16_t>(src, s0, s1, rows, cols, dst);
  return TileGatherT<uint32_t>(src, s0, s1, rows, cols, dst);
}

void TileScatter(const void* src, int rows, int cols, size_t isz, char* dst, int64_t s0,
                 int64_t s1) {
  if (isz == 1) return TileScatterT<uint8_t>(src, rows, cols, dst, s0, s1);
  if (isz == 2) return TileScatterT<uint16_t>(src, rows, cols, dst, s0, s1);
  return TileScatterT<uint32_t>(src, rows, cols, dst, s0, s1);
}

void RunTile(void* ctx, int64_t tile) {
  const Job& job = *static_cast<const Job*>(ctx);
  const Layout& l = job.layout;
  const int d1 = l.ndim - 1, d0 = l.ndim - 2;
  const int64_t colTiles = (l.shape[d1] + kTileSide - 1) / kTileSide;
  const int64_t rowTiles = (l.shape[d0] + kTileSide - 1) / kTileSide;
  const int64_t ct = tile % colTiles;
  const int64_t rt = (tile / colTiles) % rowTiles;
  int64_t outer = tile / (colTiles * rowTiles);
  const int64_t r0 = rt * kTileSide, c0 = ct * kTileSide;
  int64_t off[3];
  for (int k = 0; k < 3; ++k) off[k] = r0 * l.stride[k][d0] + c0 * l.stride[k][d1];
  for (int d = d0 - 1; d >= 0; --d) {
    const int64_t i = outer % l.shape[d];
    outer /= l.shape[d];
    for (int k = 0; k < 3; ++k) off[k] += i * l.stride[k][d];
  }
  const int64_t rows = std::min(kTileSide, l.shape[d0] - r0);
  const int64_t cols = std::min(kTileSide, l.shape[d1] - c0);
  const int64_t isz = static_cast<int64_t>(job.itemSize);
  alignas(64) unsigned char buf[3][kSubRows * kSubCols * 4];
  for (int64_t r = 0; r < rows; r += kSubRows) {
    const int nr = static_cast<int>(std::min<int64_t>(kSubRows, rows - r));
    for (int64_t c = 0; c < cols; c += kSubCols) {
      const int nc = static_cast<int>(std::min<int64_t>(kSubCols, cols - c));
      const char* base[3];
      for (int k = 1; k < 3; ++k) {
        base[k] = job.in[k - 1] + (off[k] + r * l.stride[k][d0] + c * l.stride[k][d1]) * isz;
        TileGather(base[k], l.stride[k][d0], l.stride[k][d1], nr, nc, job.itemSize, buf[k]);
      }
      job.fn(buf[0], buf[1], buf[2], static_cast<int64_t>(nr) * nc, *job.params, false);
      char* o = job.out + (off[0] + r * l.stride[0][d0] + c * l.stride[0][d1]) * isz;
      TileScatter(buf[0], nr, nc, job.itemSize, o, l.stride[0][d0], l.stride[0][d1]);
    }
  }
}

}  // namespace

const char* KernelName(KernelId id) { return kKernels[static_cast<int>(id)].name; }

size_t KernelItemSize(KernelId id) { return kKernels[static_cast<int>(id)].itemSize; }

void RunBinary(KernelId id, const BinaryProblem& problem, const KernelParams& params,
               ThreadPool* pool) {
  int64_t numElems = 1;
  for (int d = 0; d < problem.ndim; ++d) {
    if (problem.shape[d] <= 0) return;  // empty: nothing to do
    numElems *= problem.shape[d];
  }
  const KernelInfo& info = kKernels[static_cast<int>(id)];
  Job job;
  BuildLayout(problem, &job.layout);
  job.fn = info.fn;
  job.itemSize = info.itemSize;
  job.params = &params;
  job.out = static_cast<char*>(problem.out);
  job.in[0] = static_cast<const char*>(problem.in0.data);
  job.in[1] = static_cast<const char*>(problem.in1.data);
  job.numElems = numElems;
  // Stream when the output is walked contiguously and the call's traffic exceeds the LLC (the
  // output would be evicted before anyone reads it). Values are the same either way.
  const int inner = job.layout.ndim - 1;
  job.stream = job.layout.stride[0][inner] == 1 &&
               numElems * static_cast<int64_t>(info.itemSize) * 3 > LastLevelCacheBytes();
  const bool tiled = UseTiles(job.layout);
  const int64_t numBlocks =
      tiled ? TileCount(job.layout) : (numElems + kBlockElems - 1) / kBlockElems;
  ThreadPool::TaskFn body = tiled ? &RunTile : &RunBlock;
  if (numBlocks <= 1 || pool == nullptr || pool->NumThreads() <= 1) {
    for (int64_t b = 0; b < numBlocks; ++b) body(&job, b);
    return;
  }
  pool->ParallelFor(numBlocks, body, &job);
}

}  // namespace kernels
}  // namespace aclcpu
