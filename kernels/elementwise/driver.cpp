// The strided elementwise driver: coalesce, walk inner runs, cut into fixed blocks; operands whose
// dtype differs from the kernel's, or that are not contiguous along the inner dim, go through L1
// buffers (gather + convert in, convert + scatter out).
#include "elementwise/driver.h"

#include <algorithm>

#include "cache_info.h"
#include "elementwise/cast.h"
#include "elementwise/layout.h"
#include "elementwise/tiles.h"
#include "thread_pool.h"

namespace aclcpu {
namespace kernels {
namespace {

// Elements per gather/scatter buffer (5 buffers of up to 8-byte items: 10 KiB).
constexpr int64_t kGatherElems = 256;

struct Job {
  Layout layout;
  ContiguousFn fn;
  const KernelParams* params;
  int numIn;
  int numOut;
  int64_t kernelItem;        // bytes per element in the kernel's dtype
  char* base[kMaxOperands];  // slot order: outputs, then inputs
  int64_t item[kMaxOperands];
  CastFn cast[kMaxOperands];  // null when the operand has the kernel's dtype
  int64_t numElems;
  int64_t blockElems;  // of a contiguous block (RunBlock)
  bool stream;         // contiguous output larger than the last-level cache: streaming stores
};

// One inner run of `len` elements starting at element offsets off[k].
void RunInner(const Job& job, const int64_t* off, int64_t len) {
  const Layout& l = job.layout;
  const int inner = l.ndim - 1;
  const int slots = job.numOut + job.numIn;
  char* p[kMaxOperands];
  bool direct = true;
  for (int k = 0; k < slots; ++k) {
    p[k] = job.base[k] + off[k] * job.item[k];
    direct = direct && l.stride[k][inner] == 1 && job.cast[k] == nullptr;
  }
  if (direct) {
    job.fn(reinterpret_cast<void* const*>(p), reinterpret_cast<const void* const*>(p + job.numOut),
           len, *job.params, job.stream);
    return;
  }
  alignas(64) unsigned char buf[kMaxOperands][kGatherElems * 8];
  for (int64_t c = 0; c < len; c += kGatherElems) {
    const int64_t n = std::min(kGatherElems, len - c);
    void* q[kMaxOperands];
    bool buffered[kMaxOperands];
    for (int k = 0; k < slots; ++k) {
      const int64_t s = l.stride[k][inner];
      char* at = p[k] + c * s * job.item[k];
      buffered[k] = s != 1 || job.cast[k] != nullptr;
      q[k] = buffered[k] ? static_cast<void*>(buf[k]) : static_cast<void*>(at);
      if (k >= job.numOut && buffered[k]) {
        CastFn in = job.cast[k] != nullptr ? job.cast[k] : GetCopy(job.kernelItem);
        in(at, s, buf[k], 1, n);
      }
    }
    job.fn(q, q + job.numOut, n, *job.params, false);
    for (int k = 0; k < job.numOut; ++k) {
      if (!buffered[k]) continue;
      CastFn out = job.cast[k] != nullptr ? job.cast[k] : GetCopy(job.kernelItem);
      out(buf[k], 1, p[k] + c * l.stride[k][inner] * job.item[k], l.stride[k][inner], n);
    }
  }
}

// Elements [begin, end) of the output in walk order.
void RunRange(const Job& job, int64_t begin, int64_t end) {
  const Layout& l = job.layout;
  const int nd = l.ndim;
  const int slots = l.numOperands;
  int64_t idx[kMaxDims];
  int64_t off[kMaxOperands] = {};
  int64_t rem = begin;
  for (int d = nd - 1; d >= 0; --d) {
    idx[d] = rem % l.shape[d];
    rem /= l.shape[d];
    for (int k = 0; k < slots; ++k) off[k] += idx[d] * l.stride[k][d];
  }
  const int64_t innerSize = l.shape[nd - 1];
  for (int64_t pos = begin; pos < end;) {
    const int64_t len = std::min(innerSize - idx[nd - 1], end - pos);
    RunInner(job, off, len);
    pos += len;
    if (pos >= end) break;
    // The run ended at the end of an inner row: rewind it and carry into the outer dims.
    for (int k = 0; k < slots; ++k) off[k] -= idx[nd - 1] * l.stride[k][nd - 1];
    idx[nd - 1] = 0;
    for (int d = nd - 2; d >= 0; --d) {
      ++idx[d];
      for (int k = 0; k < slots; ++k) off[k] += l.stride[k][d];
      if (idx[d] < l.shape[d]) break;
      for (int k = 0; k < slots; ++k) off[k] -= idx[d] * l.stride[k][d];
      idx[d] = 0;
    }
  }
}

// 16M int8 elements: 64 blocks of 256 KiB; 1M fp32: 16 of 256 KiB; 256K fp32: 8 of 128 KiB;
// below 2 x 8 x 16384 elements the blocks of 16384 elements.
static_assert(ContiguousBlockElems(1, int64_t{1} << 24) == 262144, "block bytes");
static_assert(ContiguousBlockElems(4, int64_t{1} << 20) == 65536, "block bytes");
static_assert(ContiguousBlockElems(4, int64_t{1} << 18) == 32768, "eight blocks");
static_assert(ContiguousBlockElems(2, 100000) == kBlockElems, "the least block");

void RunBlock(void* ctx, int64_t block) {
  const Job& job = *static_cast<const Job*>(ctx);
  const int64_t begin = block * job.blockElems;
  RunRange(job, begin, std::min(job.numElems, begin + job.blockElems));
}

void RunTileTask(void* ctx, int64_t tile) {
  const Job& job = *static_cast<const Job*>(ctx);
  TileJob t{&job.layout, job.fn, job.params, job.numIn, job.numOut, job.kernelItem, job.base};
  RunTile(t, tile);
}

}  // namespace

void RunElementwise(const KernelRow& row, Precision precision, const ElementwiseProblem& problem,
                    const KernelParams& params, ThreadPool* pool) {
  int64_t numElems = 1;
  for (int d = 0; d < problem.ndim; ++d) {
    if (problem.shape[d] <= 0) return;  // empty: nothing to do
    numElems *= problem.shape[d];
  }
  Job job;
  job.fn = KernelFn(row, precision);
  job.params = &params;
  // Golden mode rounds once, to each output's own dtype: when some output's dtype is not the
  // row's (fp32 self, fp16 out), the kernel writes doubles and every output is cast from them.
  // (Integer outputs keep the row's own final rule; exact integer rows have no golden kernel.)
  bool wideOut = false;
  if (precision == Precision::Golden && row.golden != nullptr) {
    bool allFloat = true;
    for (int k = 0; k < problem.numOut; ++k) {
      const DType t = problem.out[k].dtype;
      allFloat =
          allFloat && (t == DType::F32 || t == DType::F16 || t == DType::BF16 || t == DType::F64);
      wideOut = wideOut || t != row.dtype;
    }
    wideOut = wideOut && allFloat;
  }
  KernelParams wideParams;
  if (wideOut) {
    wideParams = params;
    wideParams.goldenWideOut = true;
    job.params = &wideParams;
  }
  job.numIn = problem.numIn;
  job.numOut = problem.numOut;
  job.kernelItem = static_cast<int64_t>(DTypeSize(row.dtype));
  const int slots = problem.numOut + problem.numIn;
  const int64_t* strides[kMaxOperands] = {};
  bool anyCast = false;
  int64_t traffic = 0;
  int64_t maxItem = 1;
  for (int k = 0; k < slots; ++k) {
    const bool isOut = k < problem.numOut;
    const Operand& o = isOut ? problem.out[k] : problem.in[k - problem.numOut];
    strides[k] = o.strides;
    job.base[k] = static_cast<char*>(const_cast<void*>(o.data));
    job.item[k] = static_cast<int64_t>(DTypeSize(o.dtype));
    job.cast[k] = isOut && wideOut       ? GetCast(DType::F64, o.dtype)
                  : o.dtype == row.dtype ? nullptr
                  : isOut                ? GetCast(row.dtype, o.dtype)
                                         : GetCast(o.dtype, row.dtype);
    anyCast = anyCast || job.cast[k] != nullptr;
    traffic += numElems * job.item[k];
    maxItem = std::max(maxItem, job.item[k]);
  }
  BuildLayout(problem.ndim, problem.shape, slots, strides, &job.layout);
  job.numElems = numElems;
  // Stream when the output is walked contiguously and the call's traffic fills the LLC (the
  // output would be evicted before anyone reads it). Values are the same either way. At exactly
  // the LLC (int8 Selu over 16M elements: 32 MiB against a planned 32 MiB) streaming measured
  // 453 us against 500-515 with plain stores.
  const int inner = job.layout.ndim - 1;
  job.stream = job.layout.stride[0][inner] == 1 && traffic >= LastLevelCacheBytes();
  const bool tiled = !anyCast && UseTiles(job.layout);
  job.blockElems = ContiguousBlockElems(maxItem, numElems);
  const int64_t numBlocks =
      tiled ? TileCount(job.layout) : (numElems + job.blockElems - 1) / job.blockElems;
  ThreadPool::TaskFn body = tiled ? &RunTileTask : &RunBlock;
  if (numBlocks <= 1 || pool == nullptr || pool->NumThreads() <= 1) {
    for (int64_t b = 0; b < numBlocks; ++b) body(&job, b);
    return;
  }
  pool->ParallelFor(numBlocks, body, &job);
}

}  // namespace kernels
}  // namespace aclcpu
