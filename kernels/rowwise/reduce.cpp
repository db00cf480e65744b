// GCC 12 flags its own _mm512_undefined_* placeholders (inlined from AVX-512 intrinsics and
// Eigen's packet math) as uninitialized; the pragmas must precede the first include of Eigen.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#include "rowwise/reduce.h"

#include <algorithm>
#include <cstdlib>

#include "rowwise/reduce_engine.h"
#include "thread_pool.h"

namespace aclcpu {
namespace kernels {
namespace rowwise {
namespace {

constexpr int kMaxPorts = 4;
// Work per task (values of the reduced operand): fixed, so the partition never depends on the
// number of threads.
constexpr int64_t kTaskValues = int64_t{1} << 16;
// Row mode: up to this many lines per task, within this many values.
constexpr int64_t kPipeLines = 16;
constexpr int64_t kPipeTaskValues = int64_t{1} << 19;
// Column mode keeps one tile's R x width values of an operand within this many bytes, so that
// the reduction passes after the first re-read it from cache.
constexpr int64_t kTileBytes = int64_t{512} << 10;
constexpr int64_t kMinTile = 64;
// Outputs of at least this many bytes (far beyond the caches) are written with streaming stores.
constexpr int64_t kStreamBytes = int64_t{16} << 20;
// The per-thread scratch that keeps the terms of a line or tile between the passes (Softmax),
// or two packed tiles: it stays in L2 next to the line or tile itself.
constexpr int64_t kScratchBytes = int64_t{768} << 10;
// Column mode, Softmax and LogSoftmax on tiles from memory: lines per packed tile (at most),
// and up to this many tiles per task. 16M fp32 [1024, 16384] at 2 threads: 32-64 lines 3.6-3.9
// ms (96 and 128 as fast with two tiles in the scratch, 1.2-1.35x slower with three); unpacked
// 1024-line tiles 4.5-5.0 ms.
constexpr int64_t kPackTile = 64;
constexpr int64_t kPipeTiles = 16;

// The problem in the engine's terms: batch dims (coalesced), the reduced axis, and in column
// mode the vector axis.
struct Layout {
  int ports = 0;
  Port port[kMaxPorts];
  char* data[kMaxPorts] = {};
  int64_t R = 1;
  bool columns = false;
  int64_t V = 1;        // column mode: lines side by side
  int64_t width = 1;    // column mode: lines per tile
  int64_t blocks = 1;   // column mode: tiles per batch index
  bool cached = false;  // column mode: a tile fits in kTileBytes
  bool packed = false;  // column mode: tiles from memory go through TilePipelined
  int nb = 0;
  int64_t bShape[kMaxDims] = {};
  int64_t bStride[kMaxDims][kMaxPorts] = {};
  int64_t batch = 1;
  int64_t items = 1;  // lines (row mode) or tiles (column mode)
  int64_t perTask = 1;
  bool stream = false;  // streaming stores for the outputs written in place
};

const ReduceOperand* PortOperand(const ReduceProblem& pb, int k) {
  const int nIn = NumInputs(pb.op);
  if (k < nIn) return &pb.in[k];
  return &pb.out[k - nIn];
}

Layout MakeLayout(const ReduceProblem& pb) {
  Layout l;
  l.ports = NumInputs(pb.op) + NumOutputs(pb.op);
  const ReduceOperand* ops[kMaxPorts];
  for (int k = 0; k < l.ports; ++k) {
    ops[k] = PortOperand(pb, k);
    l.port[k].storage = ops[k]->storage;
    l.port[k].via = ops[k]->via;
    l.port[k].item = ElemBytes(ops[k]->storage);
    l.port[k].strideR = ops[k]->strides[pb.dim];
    l.data[k] = static_cast<char*>(ops[k]->data);
  }
  l.R = pb.shape[pb.dim];
  // Column mode when the first input does not walk the reduced axis contiguously but walks
  // another dim so.
  int vdim = -1;
  if (l.port[0].strideR != 1 && l.R > 1) {
    for (int d = pb.ndim - 1; d >= 0; --d) {
      if (d != pb.dim && pb.shape[d] > 1 && ops[0]->strides[d] == 1) vdim = d;
    }
  }
  if (vdim >= 0) {
    l.columns = true;
    l.V = pb.shape[vdim];
    for (int k = 0; k < l.ports; ++k) l.port[k].strideV = ops[k]->strides[vdim];
    // A tile whose R x width values fit in kTileBytes stays cached between the passes, unless
    // its rows are a multiple of 4 KiB apart (they then map to the same cache sets). A tile
    // that cannot stay cached streams from memory in every pass: make its rows long. At least
    // 4 (cached) or 2 tiles when the lines allow it: parallelism without looking at the pool.
    const int64_t rowBytes = l.port[0].strideR * l.port[0].item;
    int64_t w = kTileBytes / (l.R * static_cast<int64_t>(sizeof(float)));
    w = std::max<int64_t>(kMinTile, std::min<int64_t>(kMaxTile, w / 16 * 16));
    l.cached = rowBytes % 4096 != 0 && l.R * w * static_cast<int64_t>(sizeof(float)) <= kTileBytes;
    if (!l.cached) {
      w = kMaxTile;
      // Softmax and LogSoftmax pipeline packed tiles (ReduceEngine::TilePipelined): two of
      // them fit in the scratch, every operand walks the lines contiguously in the compute type.
      const int64_t cBytes = pb.computeF64 ? 8 : 4;
      bool packable = pb.op == ReduceOp::kSoftmax || pb.op == ReduceOp::kLogSoftmax;
      for (int k = 0; k < l.ports; ++k) {
        const Port& p = l.port[k];
        packable =
            packable && p.strideV == 1 &&
            (pb.computeF64 ? InPlace<double>(p.storage, p.via) : InPlace<float>(p.storage, p.via));
      }
      const int64_t pw = std::min(kPackTile, kScratchBytes / (2 * l.R * cBytes) / 16 * 16);
      if (packable && pw >= 16) {
        w = pw;
        l.packed = true;
      }
    }
    const int64_t minTiles = l.cached ? 4 : 2;
    if (l.V >= minTiles * kMinTile) w = std::min(w, (l.V / minTiles + 15) / 16 * 16);
    l.width = std::min(w, l.V);
    l.blocks = (l.V + l.width - 1) / l.width;
  }
  // Batch dims in order, outer to inner, merged where every operand walks them as one.
  for (int d = 0; d < pb.ndim; ++d) {
    if (d == pb.dim || d == vdim || pb.shape[d] == 1) continue;
    if (l.nb > 0) {
      bool merge = true;
      for (int k = 0; k < l.ports; ++k) {
        merge = merge && l.bStride[l.nb - 1][k] == pb.shape[d] * ops[k]->strides[d];
      }
      if (merge) {
        l.bShape[l.nb - 1] *= pb.shape[d];
        for (int k = 0; k < l.ports; ++k) l.bStride[l.nb - 1][k] = ops[k]->strides[d];
        continue;
      }
    }
    l.bShape[l.nb] = pb.shape[d];
    for (int k = 0; k < l.ports; ++k) l.bStride[l.nb][k] = ops[k]->strides[d];
    ++l.nb;
  }
  for (int i = 0; i < l.nb; ++i) l.batch *= l.bShape[i];
  l.items = l.batch * l.blocks;
  const int64_t valuesPerItem = l.R * l.width;
  l.perTask = std::max<int64_t>(1, kTaskValues / valuesPerItem);
  // Row mode runs a task's lines as a pipeline (the map pass of one line inside the next line's
  // last pass): long lines go by several per task, so that the pipeline fills, while a tensor
  // of few lines keeps at least 4 tasks (a 1M tensor of 32K rows: 4 tasks of 8 lines).
  if (!l.columns) {
    const int64_t pipe = std::min(kPipeLines, kPipeTaskValues / valuesPerItem);
    l.perTask = std::max(l.perTask, std::min(pipe, std::max<int64_t>(2, l.items / 4)));
  } else if (l.packed) {
    // Packed tiles go by several per task, so that the pipeline fills.
    l.perTask = std::max(l.perTask, std::min(kPipeTiles, l.items / 8));
  }
  int64_t values = 1;
  for (int d = 0; d < pb.ndim; ++d) values *= pb.shape[d];
  l.stream = values * l.port[NumInputs(pb.op)].item >= kStreamBytes;
  return l;
}

// Walks the items of a task: `item` is decomposed once, and Next() steps to the following item
// without dividing.
class ItemCursor {
 public:
  ItemCursor(const Layout& l, int64_t item) : l_(l) {
    int64_t b = item / l.blocks;
    block_ = item % l.blocks;
    for (int i = l.nb - 1; i >= 0; --i) {
      idx_[i] = b % l.bShape[i];
      b /= l.bShape[i];
    }
  }
  void Next() {
    if (++block_ < l_.blocks) return;
    block_ = 0;
    for (int i = l_.nb - 1; i >= 0; --i) {
      if (++idx_[i] < l_.bShape[i]) return;
      idx_[i] = 0;
    }
  }
  // Where the current item's operands start (bytes).
  void Base(char** base) const {
    for (int k = 0; k < l_.ports; ++k) {
      int64_t offset = block_ * l_.width * l_.port[k].strideV;
      for (int i = 0; i < l_.nb; ++i) offset += idx_[i] * l_.bStride[i][k];
      base[k] = l_.data[k] + offset * l_.port[k].item;
    }
  }
  int64_t Block() const { return block_; }

 private:
  const Layout& l_;
  int64_t idx_[kMaxDims] = {};
  int64_t block_ = 0;
};

// This thread's scratch of kScratchBytes (kept for the thread's lifetime), or nullptr when it
// cannot be allocated (the engine then does without).
void* ThreadScratch() {
  struct Slot {
    void* p = nullptr;
    bool tried = false;
    ~Slot() { std::free(p); }
  };
  thread_local Slot slot;
  if (!slot.tried) {
    slot.tried = true;
    slot.p = std::aligned_alloc(64, static_cast<size_t>(kScratchBytes));
  }
  return slot.p;
}

template <typename C, typename Op>
void RunItems(const Layout& l, int64_t first, int64_t last) {
  ReduceEngine<C, Op> engine(l.port);
  if (Op::kSaveTerm || l.columns) {
    engine.SetScratch(static_cast<C*>(ThreadScratch()), kScratchBytes / sizeof(C));
  }
  engine.SetStream(l.stream);
  char* base[kMaxPorts];
  char* next[kMaxPorts];
  ItemCursor cursor(l, first);
  cursor.Base(base);
  const bool pipelined = !l.columns && last - first > 1 && engine.Pipelinable(l.R);
  const bool tilePipe = l.packed && last - first > 1 && engine.TilePipelinable(l.R, l.width);
  for (int64_t item = first; item < last; ++item) {
    const bool more = item + 1 < last;
    const int64_t block = cursor.Block();
    if (more) {
      cursor.Next();
      cursor.Base(next);
    }
    if (l.columns) {
      const int64_t n = std::min(l.width, l.V - block * l.width);
      if (tilePipe && n == l.width) {
        const bool nextFull = more && std::min(l.width, l.V - cursor.Block() * l.width) == n;
        engine.TilePipelined(base, l.R, n, nextFull ? next : nullptr);
      } else {
        if (tilePipe) engine.FlushTile(l.R);
        engine.Tile(base, l.R, n, l.cached);
      }
    } else if (pipelined) {
      engine.LinePipelined(base, l.R, more ? next : nullptr);
    } else {
      engine.Line(base, l.R, more ? next : nullptr);
    }
    if (more) std::copy(next, next + l.ports, base);
  }
  if (pipelined) engine.Flush(l.R);
  if (tilePipe) engine.FlushTile(l.R);
  if (l.stream) StreamFence();
}

template <typename C, typename Op>
void Run(const Layout& l, ThreadPool* pool) {
  const int64_t tasks = (l.items + l.perTask - 1) / l.perTask;
  auto body = [&l](int64_t task) {
    const int64_t first = task * l.perTask;
    RunItems<C, Op>(l, first, std::min(l.items, first + l.perTask));
  };
  RunTasks(pool, tasks, body);
}

template <typename C>
void RunTyped(ReduceOp op, const Layout& l, ThreadPool* pool) {
  switch (op) {
    case ReduceOp::kSoftmax:
      return Run<C, SoftmaxOp>(l, pool);
    case ReduceOp::kLogSoftmax:
      return Run<C, LogSoftmaxOp>(l, pool);
    case ReduceOp::kSoftmaxGrad:
      return Run<C, SoftmaxGradOp>(l, pool);
    case ReduceOp::kLogSoftmaxGrad:
      return Run<C, LogSoftmaxGradOp>(l, pool);
    case ReduceOp::kSoftmaxCrossEntropy:
      return Run<C, SoftmaxCrossEntropyOp>(l, pool);
  }
}

}  // namespace

int NumInputs(ReduceOp op) {
  return op == ReduceOp::kSoftmax || op == ReduceOp::kLogSoftmax ? 1 : 2;
}

int NumOutputs(ReduceOp op) { return op == ReduceOp::kSoftmaxCrossEntropy ? 2 : 1; }

void RunReduce(const ReduceProblem& problem, ThreadPool* pool) {
  const Layout layout = MakeLayout(problem);
  if (problem.computeF64) {
    RunTyped<double>(problem.op, layout, pool);
  } else {
    RunTyped<float>(problem.op, layout, pool);
  }
}

}  // namespace rowwise
}  // namespace kernels
}  // namespace aclcpu
