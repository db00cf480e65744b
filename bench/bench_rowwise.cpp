// Kernel-level benchmarks of the rowwise kernels, called as the operators call them: the softmax
// family through kernels::rowwise::RunReduce (fp32, lines of 1K and 32K along the last dim and
// of 1K along dim 0) and the split-and-gate family through kernels::split::Run (SwiGlu, GeGlu,
// SwiGluGrad and GeluMul (erf), fp32 and bf16, x of [n / 4096, 4096] split along the last dim).
// Each case carries `roofline_us`: the roofline of its own traffic over its own buffers, timed
// right after it (see bench_kernels.cpp), which plot_bench.py's "vs roofline" divides by.
//   softmax forward: one read + one write of the tensor (roofline a = b = x, o = y);
//   softmax backward: two reads + one write (a = y, b = dy, o = dx);
//   SwiGlu, GeluMulErf: read x (n), write y (n / 2): one roofline over x's two halves into y;
//   GeGlu: read x, write y and gelu (n / 2 each): two rooflines, each half of x into one output;
//   SwiGluGrad: read dy (n / 2) and x, write dx (n): x's halves into dx's first half, plus dy
//   (read once) into dx's second half.
#include <string>

#include "bench_common.h"
#include "rowwise/reduce.h"
#include "rowwise/split_problem.h"
#include "rowwise/split_views.h"

namespace aclbench {
namespace {

namespace rw = aclcpu::kernels::rowwise;
namespace sk = aclcpu::kernels::split;

// One roofline over (a, b) -> o of `bytes` each; a case's roofline is the sum of its segments.
struct RoofSegment {
  const void* a;
  const void* b;
  void* o;
  int64_t bytes;
};

double RooflineOf(const RoofSegment* segments, int count, size_t isz, int threads) {
  double us = 0;
  for (int k = 0; k < count; ++k) {
    const RoofSegment& s = segments[k];
    us += BestRoofline(s.a, s.b, s.o, s.bytes, isz, threads);
  }
  return us;
}

void SetTraffic(benchmark::State& st, int64_t n, size_t isz, int64_t bytesPerCall, int threads) {
  const double it = static_cast<double>(st.iterations());
  st.SetItemsProcessed(static_cast<int64_t>(it) * n);
  st.SetBytesProcessed(static_cast<int64_t>(it * static_cast<double>(bytesPerCall)));
  st.counters["n"] = static_cast<double>(n);
  st.counters["elem_bytes"] = static_cast<double>(isz);
  st.counters["threads"] = threads;
}

// ---- softmax family ----

struct ReduceCase {
  const char* op;  // benchmark operator name, completed by the shape: "Softmax" + "Last1K"
  rw::ReduceOp kernel;
};
constexpr ReduceCase kReduceCases[] = {
    {"Softmax", rw::ReduceOp::kSoftmax},
    {"LogSoftmax", rw::ReduceOp::kLogSoftmax},
    {"SoftmaxBackward", rw::ReduceOp::kSoftmaxGrad},
    {"LogSoftmaxBackward", rw::ReduceOp::kLogSoftmaxGrad},
};

rw::ReduceOperand Contiguous(const void* data, int64_t cols) {
  rw::ReduceOperand o;
  o.data = const_cast<void*>(data);
  o.storage = aclcpu::kernels::DType::F32;
  o.via = aclcpu::kernels::DType::F32;
  o.strides[0] = cols;
  o.strides[1] = 1;
  return o;
}

void BM_Reduce(benchmark::State& st, ReduceCase c, RowShape shape, int64_t n, int threads) {
  const int64_t rows = shape.Rows(n), cols = shape.Cols(n);
  const bool backward = rw::NumInputs(c.kernel) == 2;
  // Forward: x in [-5, 5]. Backward: y (a softmax output: small positive values; log-softmax:
  // log-probabilities) and dy in [-5, 5].
  const bool logBackward = c.kernel == rw::ReduceOp::kLogSoftmaxGrad;
  const void* x = CachedInput(Dt::F32, n, -5.0, 5.0, 1);
  const void* y = backward
                      ? CachedInput(Dt::F32, n, logBackward ? -12.0 : 0.0,
                                    logBackward ? -4.0 : 2.0 / static_cast<double>(shape.len), 4)
                      : nullptr;
  Buffer out(n * sizeof(float));
  rw::ReduceProblem p;
  p.op = c.kernel;
  p.ndim = 2;
  p.shape[0] = rows;
  p.shape[1] = cols;
  p.dim = shape.dim;
  if (backward) {
    p.in[0] = Contiguous(y, cols);
    p.in[1] = Contiguous(x, cols);
  } else {
    p.in[0] = Contiguous(x, cols);
  }
  p.out[0] = Contiguous(out.p, cols);
  auto* pool = Pool(threads);
  for (auto _ : st) {
    rw::RunReduce(p, pool);
    benchmark::DoNotOptimize(out.p);
    benchmark::ClobberMemory();
  }
  const int64_t bytes = n * static_cast<int64_t>(sizeof(float));
  SetTraffic(st, n, sizeof(float), bytes * (backward ? 3 : 2), threads);
  const RoofSegment roof{backward ? y : x, x, out.p, bytes};
  st.counters["roofline_us"] = RooflineOf(&roof, 1, sizeof(float), threads);
}

// ---- split-and-gate family ----

constexpr int64_t kSplitCols = 4096;  // x's last dim (split in halves of 2048)

struct SplitCase {
  const char* op;
  sk::Op kernel;
  sk::Mode mode;
  bool activateFirst;
  bool backward;
  int numOutputs;  // forward outputs (the backward writes dx's two halves)
};
constexpr SplitCase kSplitCases[] = {
    {"SwiGlu", sk::Op::kSwiGlu, sk::Mode::kMergedHalves, true, false, 1},
    // aclnnGeGlu: approximate 1 (tanh, its default), the gate is the second half.
    {"GeGlu", sk::Op::kGeGluTanh, sk::Mode::kAlongDim, false, false, 2},
    {"SwiGluGrad", sk::Op::kSwiGluGrad, sk::Mode::kMergedHalves, true, true, 2},
    // aclnnGeluMul approximate "none": the erf gelu of the first half times the second.
    {"GeluMulErf", sk::Op::kGeluMulErf, sk::Mode::kAlongDim, true, false, 1},
};

void SetSplitOperand(sk::Operand* o, const void* data, int64_t offset, const int64_t* strides,
                     aclcpu::kernels::DType dtype, size_t isz) {
  o->data = static_cast<const char*>(data) + offset * static_cast<int64_t>(isz);
  o->strides[0] = strides[0];
  o->strides[1] = strides[1];
  o->dtype = dtype;
}

void BM_Split(benchmark::State& st, SplitCase c, Dt d, int64_t n, int threads) {
  const size_t isz = DtSize(d);
  const aclcpu::kernels::DType dtype =
      d == Dt::F32 ? aclcpu::kernels::DType::F32 : aclcpu::kernels::DType::BF16;
  const int64_t rows = n / kSplitCols, half = n / 2;
  const int64_t xShape[2] = {rows, kSplitCols}, xStrides[2] = {kSplitCols, 1};
  sk::Geometry g;
  if (!sk::MakeGeometry(sk::Layout{2, xShape, xStrides}, 1, c.mode, &g) || g.ndim != 2) {
    st.SkipWithError("split geometry");
    return;
  }
  const int64_t halfShape[2] = {rows, kSplitCols / 2}, halfStrides[2] = {kSplitCols / 2, 1};
  int64_t mapped[sk::kMaxDims];
  if (!sk::MapOnto(g, sk::Layout{2, halfShape, halfStrides}, mapped)) {
    st.SkipWithError("split mapping");
    return;
  }
  const void* x = CachedInput(d, n, -5.0, 5.0, 1);
  const void* dy = CachedInput(d, n, -5.0, 5.0, 2);  // the first n / 2 elements are used
  Buffer out0(n * isz), out1(half * isz);            // forward: out0 holds n / 2 elements
  const int64_t gate = c.activateFirst ? g.firstOffset : g.secondOffset;
  const int64_t up = c.activateFirst ? g.secondOffset : g.firstOffset;
  sk::Problem p;
  p.op = c.kernel;
  p.ndim = g.ndim;
  for (int k = 0; k < g.ndim; ++k) p.shape[k] = g.shape[k];
  p.rowDims = g.rowDims;
  int in = 0;
  if (c.backward) SetSplitOperand(&p.in[in++], dy, 0, mapped, dtype, isz);
  SetSplitOperand(&p.in[in++], x, gate, g.halfStrides, dtype, isz);
  SetSplitOperand(&p.in[in++], x, up, g.halfStrides, dtype, isz);
  p.numInputs = in;
  if (c.backward) {  // dx has x's layout: the same geometry
    SetSplitOperand(&p.out[0], out0.p, gate, g.halfStrides, dtype, isz);
    SetSplitOperand(&p.out[1], out0.p, up, g.halfStrides, dtype, isz);
    p.numOutputs = 2;
  } else {
    SetSplitOperand(&p.out[0], out0.p, 0, mapped, dtype, isz);
    SetSplitOperand(&p.out[1], out1.p, 0, mapped, dtype, isz);
    p.numOutputs = c.numOutputs;
  }
  p.computeRound[0] = p.computeRound[1] = dtype;
  auto* pool = Pool(threads);
  bool ok = true;
  for (auto _ : st) {
    ok = sk::Run(p, pool) && ok;
    benchmark::DoNotOptimize(out0.p);
    benchmark::ClobberMemory();
  }
  if (!ok) {
    st.SkipWithError("split::Run refused the problem");
    return;
  }
  const int64_t hb = half * static_cast<int64_t>(isz);  // bytes of one half
  const char* xb = static_cast<const char*>(x);
  char* ob = static_cast<char*>(out0.p);
  RoofSegment roof[2];
  int segments = 1;
  int64_t traffic = 0;
  if (c.backward) {
    roof[0] = {xb, xb + hb, ob, hb};
    roof[1] = {dy, dy, ob + hb, hb};
    segments = 2;
    traffic = 5 * hb;
  } else if (c.numOutputs == 2) {
    roof[0] = {xb, xb, ob, hb};
    roof[1] = {xb + hb, xb + hb, out1.p, hb};
    segments = 2;
    traffic = 4 * hb;
  } else {
    roof[0] = {xb, xb + hb, ob, hb};
    traffic = 3 * hb;
  }
  SetTraffic(st, n, isz, traffic, threads);
  st.counters["roofline_us"] = RooflineOf(roof, segments, isz, threads);
}

}  // namespace

void RegisterRowwiseBenchmarks() {
  for (int threads : {1, 2}) {
    for (int64_t n : RowwiseSizes()) {
      const std::string tail = "/" + std::to_string(n) + "/t" + std::to_string(threads);
      for (const ReduceCase& c : kReduceCases) {
        for (const RowShape& s : RowShapes()) {
          const std::string name = std::string("kernel/") + c.op + s.name + "F32" + tail;
          Apply(benchmark::RegisterBenchmark(name.c_str(), BM_Reduce, c, s, n, threads), n);
        }
      }
      for (const SplitCase& c : kSplitCases) {
        for (Dt d : {Dt::F32, Dt::BF16}) {
          const std::string name =
              std::string("kernel/") + c.op + (d == Dt::F32 ? "F32" : "BF16") + tail;
          Apply(benchmark::RegisterBenchmark(name.c_str(), BM_Split, c, d, n, threads), n);
        }
      }
    }
  }
}

}  // namespace aclbench
