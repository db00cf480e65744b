// The reduce driver (kernels/rowwise) against float64 references written here: every op, row
// and column mode, sizes around the chunk and packet widths, strided views, per-line outputs,
// 16-bit storage, double compute, and bitwise equality across pool sizes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "rowwise/reduce.h"
#include "thread_pool.h"

namespace {

using aclcpu::kernels::ThreadPool;
using namespace aclcpu::kernels::rowwise;
using aclcpu::kernels::DType;

// A dense tensor of `shape`, stored float, with its own (possibly permuted or padded) strides.
struct Buf {
  std::vector<float> data;
  std::vector<int64_t> strides;
};

int64_t Count(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// Row-major strides of `shape` scaled by `gap` (gap 2: every other element).
Buf MakeBuf(const std::vector<int64_t>& shape, const std::vector<int>& order, int64_t gap) {
  // order: dims from innermost to outermost in memory.
  Buf b;
  b.strides.assign(shape.size(), 0);
  int64_t s = gap;
  for (int d : order) {
    b.strides[d] = s;
    s *= shape[d];
  }
  b.data.assign(static_cast<size_t>(s), -777.0f);
  return b;
}

int64_t Offset(const std::vector<int64_t>& idx, const std::vector<int64_t>& strides) {
  int64_t o = 0;
  for (size_t i = 0; i < idx.size(); ++i) o += idx[i] * strides[i];
  return o;
}

// Calls f(index) for every index of shape.
template <typename F>
void ForEach(const std::vector<int64_t>& shape, F f) {
  std::vector<int64_t> idx(shape.size(), 0);
  for (int64_t n = Count(shape); n > 0; --n) {
    f(idx);
    for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

// Independent fp16 helpers: rounding by scaling (normal and subnormal range), and the bit
// pattern of a value that is exactly an fp16.
double RoundToHalf(double v) {
  if (v == 0) return v;
  const int e = std::max(std::ilogb(v), -14);
  const double q = std::ldexp(1.0, e - 10);
  return std::nearbyint(v / q) * q;
}
uint16_t HalfBits(double v) {  // v: an fp16 value, normal or subnormal, finite
  const uint16_t sign = v < 0 ? 0x8000 : 0;
  v = std::fabs(v);
  if (v < std::ldexp(1.0, -14)) return sign | static_cast<uint16_t>(v / std::ldexp(1.0, -24));
  const int e = std::ilogb(v);
  const int mant = static_cast<int>(std::ldexp(v, 10 - e)) - 1024;
  return sign | static_cast<uint16_t>(((e + 15) << 10) | mant);
}

struct Case {
  ReduceOp op;
  std::vector<int64_t> shape;
  int dim;
  std::vector<int> order;  // memory order of the inputs (innermost first)
  int64_t outGap = 1;
};

std::vector<int> RowMajor(size_t n) {
  std::vector<int> o;
  for (int d = static_cast<int>(n) - 1; d >= 0; --d) o.push_back(d);
  return o;
}

// A [lines, R] problem reduced along dim 1: the inputs walk a line `inGap` elements apart and the
// output `outGap` apart, lines one after the other; every operand stored as `storage` and
// rounded via `via` (DOUBLE storage computes in double).
ReduceProblem LinesProblem(ReduceOp op, int64_t lines, int64_t R, const void* x, const void* y,
                           void* out, int64_t inGap, int64_t outGap, DType storage = DType::F32,
                           DType via = DType::F32) {
  ReduceProblem pb;
  pb.op = op;
  pb.computeF64 = storage == DType::F64;
  pb.ndim = 2;
  pb.shape[0] = lines;
  pb.shape[1] = R;
  pb.dim = 1;
  const void* in[2] = {x, y};
  for (int k = 0; k < NumInputs(op); ++k) {
    pb.in[k].data = const_cast<void*>(in[k]);
    pb.in[k].strides[0] = R * inGap;
    pb.in[k].strides[1] = inGap;
  }
  pb.out[0].data = out;
  pb.out[0].strides[0] = R * outGap;
  pb.out[0].strides[1] = outGap;
  for (ReduceOperand* o : {&pb.in[0], &pb.in[1], &pb.out[0]}) {
    o->storage = storage;
    o->via = via;
  }
  return pb;
}

struct Result {
  std::vector<float> out0, out1;
};

// Runs the case with inputs from a seeded generator; returns outputs (dense, row-major).
Result RunCase(const Case& c, ThreadPool* pool, uint32_t seed, std::vector<Buf>* inputsOut) {
  const int nIn = NumInputs(c.op), nOut = NumOutputs(c.op);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-6.0f, 6.0f);
  std::vector<Buf> in;
  for (int k = 0; k < nIn; ++k) {
    in.push_back(MakeBuf(c.shape, c.order, 1));
    ForEach(c.shape, [&](const std::vector<int64_t>& i) {
      float v = dist(rng);
      if (c.op == ReduceOp::kSoftmaxGrad && k == 0) v = std::exp(v / 3.0f) / 8.0f;  // y > 0
      if (c.op == ReduceOp::kLogSoftmaxGrad && k == 0) v = -std::fabs(v);           // log-prob
      if (c.op == ReduceOp::kSoftmaxCrossEntropy && k == 1) v = std::fabs(v) / 6.0f;
      in[k].data[Offset(i, in[k].strides)] = v;
    });
  }
  Buf out0 = MakeBuf(c.shape, RowMajor(c.shape.size()), c.outGap);
  std::vector<int64_t> lossShape = c.shape;
  lossShape[c.dim] = 1;
  Buf out1 = MakeBuf(lossShape, RowMajor(c.shape.size()), 1);
  ReduceProblem pb;
  pb.op = c.op;
  pb.ndim = static_cast<int>(c.shape.size());
  pb.dim = c.dim;
  for (int d = 0; d < pb.ndim; ++d) pb.shape[d] = c.shape[d];
  for (int k = 0; k < nIn; ++k) {
    pb.in[k].data = in[k].data.data();
    for (int d = 0; d < pb.ndim; ++d) pb.in[k].strides[d] = in[k].strides[d];
  }
  Buf* outs[2] = {&out0, &out1};
  for (int k = 0; k < nOut; ++k) {
    pb.out[k].data = outs[k]->data.data();
    for (int d = 0; d < pb.ndim; ++d) pb.out[k].strides[d] = outs[k]->strides[d];
  }
  pb.out[1].strides[c.dim] = 0;
  RunReduce(pb, pool);
  Result r;
  ForEach(c.shape, [&](const std::vector<int64_t>& i) {
    r.out0.push_back(out0.data[Offset(i, out0.strides)]);
  });
  // Gaps of a strided output keep their fill.
  if (c.outGap > 1) {
    for (size_t i = 1; i < out0.data.size(); i += 2) EXPECT_EQ(out0.data[i], -777.0f);
  }
  if (nOut > 1) r.out1 = out1.data;
  if (inputsOut != nullptr) *inputsOut = in;
  return r;
}

// float64 reference of one line; returns out values and the loss.
void RefLine(ReduceOp op, const std::vector<double>& a, const std::vector<double>& b,
             std::vector<double>* out, double* loss, std::vector<double>* scale) {
  const size_t n = a.size();
  out->assign(n, 0.0);
  scale->assign(n, 0.0);
  double m = -INFINITY;
  for (double v : a) m = std::max(m, v);
  double s = 0, sdy = 0, sdyy = 0, adyy = 0, ady = 0;
  for (size_t i = 0; i < n; ++i) {
    // The vendor's first step, x - max, is one fp32 rounding: the reference takes it too.
    s += std::exp(static_cast<float>(a[i] - m));
    if (n == b.size()) {
      sdy += b[i];
      sdyy += a[i] * b[i];
      ady += std::fabs(b[i]);
      adyy += std::fabs(a[i] * b[i]);
    }
  }
  *loss = 0;
  for (size_t i = 0; i < n; ++i) {
    const double t = static_cast<float>(a[i] - m);
    switch (op) {
      case ReduceOp::kSoftmax:
        (*out)[i] = std::exp(t) / s;
        (*scale)[i] = std::fabs((*out)[i]);
        break;
      case ReduceOp::kLogSoftmax:
        (*out)[i] = t - std::log(s);
        (*scale)[i] = std::fabs(t) + std::fabs(std::log(s)) + 1.0;
        break;
      case ReduceOp::kSoftmaxGrad:
        (*out)[i] = a[i] * (b[i] - sdyy);
        (*scale)[i] = std::fabs(a[i]) * (std::fabs(b[i]) + adyy);
        break;
      case ReduceOp::kLogSoftmaxGrad:
        (*out)[i] = b[i] - std::exp(a[i]) * sdy;
        (*scale)[i] = std::fabs(b[i]) + std::exp(a[i]) * ady;
        break;
      case ReduceOp::kSoftmaxCrossEntropy:
        (*out)[i] = std::exp(t) / s - b[i];
        (*scale)[i] = std::exp(t) / s + std::fabs(b[i]);
        *loss += b[i] * (std::log(s) - t);
        break;
    }
  }
}

void CheckCase(const Case& c, uint32_t seed) {
  SCOPED_TRACE("op " + std::to_string(static_cast<int>(c.op)) + " seed " + std::to_string(seed) +
               " dim " + std::to_string(c.dim) + " R " + std::to_string(c.shape[c.dim]));
  ThreadPool pool(2);
  std::vector<Buf> in;
  const Result r = RunCase(c, &pool, seed, &in);
  // Per line: sum errors grow with the number of sequential adds per accumulator lane.
  const int64_t R = c.shape[c.dim];
  const double bar = std::ldexp(8.0 + R / 32.0, -24);
  std::vector<int64_t> lines = c.shape;
  lines[c.dim] = 1;
  std::vector<int64_t> dense = c.shape;
  std::vector<int64_t> denseStrides(c.shape.size(), 1);
  for (int d = static_cast<int>(c.shape.size()) - 2; d >= 0; --d)
    denseStrides[d] = denseStrides[d + 1] * c.shape[d + 1];
  int64_t lineNo = 0;
  bool nonTrivial = false;
  ForEach(lines, [&](std::vector<int64_t> idx) {
    std::vector<double> a(R), b;
    if (in.size() > 1) b.resize(R);
    for (int64_t j = 0; j < R; ++j) {
      idx[c.dim] = j;
      a[j] = in[0].data[Offset(idx, in[0].strides)];
      if (in.size() > 1) b[j] = in[1].data[Offset(idx, in[1].strides)];
    }
    std::vector<double> ref, scale;
    double loss;
    RefLine(c.op, a, b, &ref, &loss, &scale);
    for (int64_t j = 0; j < R; ++j) {
      idx[c.dim] = j;
      const float got = r.out0[Offset(idx, denseStrides)];
      nonTrivial = nonTrivial || got != 0.0f;
      ASSERT_LE(std::fabs(got - ref[j]), bar * scale[j] + 1e-37)
          << "line " << lineNo << " j " << j << " got " << got << " ref " << ref[j];
    }
    if (c.op == ReduceOp::kSoftmaxCrossEntropy) {
      ASSERT_NEAR(r.out1[lineNo], loss, bar * 4 * (std::fabs(loss) + R))
          << "loss of line " << lineNo;
    }
    ++lineNo;
  });
  // The log-softmax of a single value is 0.
  if (R > 1 || c.op != ReduceOp::kLogSoftmax) {
    EXPECT_TRUE(nonTrivial);
  }
}

const ReduceOp kOps[] = {ReduceOp::kSoftmax, ReduceOp::kLogSoftmax, ReduceOp::kSoftmaxGrad,
                         ReduceOp::kLogSoftmaxGrad, ReduceOp::kSoftmaxCrossEntropy};

TEST(RowwiseReduce, LastDimAroundChunkAndPacketSizes) {
  for (ReduceOp op : kOps) {
    for (int64_t R : {1, 2, 7, 15, 16, 17, 63, 64, 65, 1023, 1024, 1025, 2100}) {
      CheckCase({op, {3, R}, 1, {1, 0}}, static_cast<uint32_t>(R * 7 + static_cast<int>(op)));
    }
  }
}

TEST(RowwiseReduce, NonLastDimUsesColumnTiles) {
  for (ReduceOp op : kOps) {
    for (auto shape :
         std::vector<std::vector<int64_t>>{{2, 5, 3}, {2, 17, 40}, {1, 300, 101}, {2, 2000, 20}}) {
      CheckCase({op, shape, 1, {2, 1, 0}}, static_cast<uint32_t>(shape[1] + static_cast<int>(op)));
    }
    CheckCase({op, {40, 33}, 0, {1, 0}}, 11);
  }
}

TEST(RowwiseReduce, TransposedInputAndStridedOutput) {
  for (ReduceOp op : kOps) {
    // The reduced (last) dim is strided in the inputs: column tiles over the other dim.
    CheckCase({op, {37, 53}, 1, {0, 1}, 2}, 5);
    // A 3-d permutation where no dim merges.
    CheckCase({op, {4, 9, 6}, 2, {1, 2, 0}, 2}, 6);
    CheckCase({op, {4, 9, 6}, 0, {1, 2, 0}, 1}, 7);
  }
}

TEST(RowwiseReduce, SpecialValues) {
  // A NaN poisons its line only; +inf makes its line NaN; a large common offset changes nothing.
  std::vector<float> x = {1, 2, NAN, 4, 1, 2, 3, 4, INFINITY, 0, 0, 0, 1000, 1001, 1002, 1003};
  std::vector<float> y(16, -1);
  ReduceProblem pb;
  pb.op = ReduceOp::kSoftmax;
  pb.ndim = 2;
  pb.shape[0] = 4;
  pb.shape[1] = 4;
  pb.dim = 1;
  pb.in[0].data = x.data();
  pb.in[0].strides[0] = 4;
  pb.in[0].strides[1] = 1;
  pb.out[0] = pb.in[0];
  pb.out[0].data = y.data();
  RunReduce(pb, nullptr);
  for (int j = 0; j < 4; ++j) EXPECT_TRUE(std::isnan(y[j]));
  for (int j = 8; j < 12; ++j) EXPECT_TRUE(std::isnan(y[j]));
  for (int j = 0; j < 4; ++j) EXPECT_FLOAT_EQ(y[4 + j], y[12 + j]);
  EXPECT_NEAR(y[7], 0.6439142598879722, 1e-7);
}

TEST(RowwiseReduce, SixteenBitStorageAndViaRounding) {
  // fp16 input, fp32 output rounded via fp16 (softmax computed in fp16's precision, then cast).
  const int64_t R = 37;
  std::vector<uint16_t> x(R);
  std::vector<float> xf(R), y(R);
  for (int64_t i = 0; i < R; ++i) {
    xf[i] = static_cast<float>(RoundToHalf(0.37 * static_cast<double>(i % 11) - 1.5));
    x[i] = HalfBits(xf[i]);
  }
  ReduceProblem pb;
  pb.op = ReduceOp::kSoftmax;
  pb.ndim = 1;
  pb.shape[0] = R;
  pb.in[0].data = x.data();
  pb.in[0].storage = pb.in[0].via = DType::F16;
  pb.in[0].strides[0] = 1;
  pb.out[0].data = y.data();
  pb.out[0].storage = DType::F32;
  pb.out[0].via = DType::F16;
  pb.out[0].strides[0] = 1;
  RunReduce(pb, nullptr);
  double m = -INFINITY, s = 0;
  for (float v : xf) m = std::max<double>(m, v);
  for (float v : xf) s += std::exp(v - m);
  for (int64_t i = 0; i < R; ++i) {
    const double ref = std::exp(xf[i] - m) / s;
    EXPECT_EQ(y[i], RoundToHalf(y[i])) << "not rounded via fp16 at " << i;
    EXPECT_NEAR(y[i], ref, std::ldexp(std::fabs(ref), -10)) << i;
  }
}

TEST(RowwiseReduce, DoubleCompute) {
  const int64_t R = 100;
  std::vector<double> x(2 * R), y(2 * R);
  for (int64_t i = 0; i < 2 * R; ++i) x[i] = std::sin(0.1 * static_cast<double>(i)) * 30.0;
  ReduceProblem pb;
  pb.op = ReduceOp::kLogSoftmax;
  pb.computeF64 = true;
  pb.ndim = 2;
  pb.shape[0] = 2;
  pb.shape[1] = R;
  pb.dim = 1;
  pb.in[0].data = x.data();
  pb.in[0].storage = pb.in[0].via = DType::F64;
  pb.in[0].strides[0] = R;
  pb.in[0].strides[1] = 1;
  pb.out[0] = pb.in[0];
  pb.out[0].data = y.data();
  RunReduce(pb, nullptr);
  for (int row = 0; row < 2; ++row) {
    double m = -INFINITY, s = 0;
    for (int64_t j = 0; j < R; ++j) m = std::max(m, x[row * R + j]);
    for (int64_t j = 0; j < R; ++j) s += std::exp(x[row * R + j] - m);
    for (int64_t j = 0; j < R; ++j) {
      EXPECT_NEAR(y[row * R + j], x[row * R + j] - m - std::log(s), 1e-12);
    }
  }
}

// The same problem on pools of 1, 2 and 3 threads gives the same bits (several tasks each).
TEST(RowwiseReduce, BitwiseIdenticalForAnyPoolSize) {
  const std::vector<Case> cases = {
      {ReduceOp::kSoftmax, {150, 1000}, 1, {1, 0}},
      {ReduceOp::kLogSoftmax, {70, 3000}, 1, {1, 0}},
      {ReduceOp::kSoftmaxCrossEntropy, {500, 257}, 1, {1, 0}},
      {ReduceOp::kSoftmax, {4, 300, 200}, 1, {2, 1, 0}},
      {ReduceOp::kSoftmaxGrad, {600, 301}, 1, {0, 1}, 2},
      {ReduceOp::kLogSoftmaxGrad, {3, 64, 1100}, 2, {2, 1, 0}},
      // Lines of whole 4-packet groups: pipelined within each task.
      {ReduceOp::kSoftmax, {150, 1024}, 1, {1, 0}},
      {ReduceOp::kLogSoftmax, {40, 4096}, 1, {1, 0}},
  };
  ThreadPool p1(1), p2(2), p3(3);
  for (const Case& c : cases) {
    const Result a = RunCase(c, &p1, 3, nullptr);
    const Result b = RunCase(c, &p2, 3, nullptr);
    const Result d = RunCase(c, &p3, 3, nullptr);
    ASSERT_EQ(0, std::memcmp(a.out0.data(), b.out0.data(), a.out0.size() * 4));
    ASSERT_EQ(0, std::memcmp(a.out0.data(), d.out0.data(), a.out0.size() * 4));
    ASSERT_EQ(a.out1, b.out1);
    ASSERT_EQ(a.out1, d.out1);
  }
}

// Contiguous lines of whole packet groups run as a pipeline (a line's map pass inside the next
// line's last pass); a strided output takes one line at a time. Same bits, several lines per
// task and several tasks.
TEST(RowwiseReduce, PipelinedLinesMatchOneLineAtATime) {
  ThreadPool pool(2);
  for (ReduceOp op : {ReduceOp::kSoftmax, ReduceOp::kLogSoftmax, ReduceOp::kSoftmaxGrad,
                      ReduceOp::kLogSoftmaxGrad}) {
    for (int64_t R : {64, 1024, 4096, 32768}) {
      const Case dense = {op, {2 * 65536 / R + 3, R}, 1, {1, 0}, 1};
      Case strided = dense;
      strided.outGap = 2;
      const Result a = RunCase(dense, &pool, 9, nullptr);
      const Result b = RunCase(strided, &pool, 9, nullptr);
      ASSERT_EQ(a.out0.size(), b.out0.size());
      ASSERT_EQ(0, std::memcmp(a.out0.data(), b.out0.data(), a.out0.size() * 4))
          << "op " << static_cast<int>(op) << " R " << R;
    }
  }
}

// Special values in pipelined lines (each line's max is taken in the previous line's last pass):
// a NaN, +inf, a line of -inf, a -inf among finite values, a large offset; the same bits as one
// line at a time, and a NaN stays in its own line.
TEST(RowwiseReduce, PipelinedLinesKeepSpecialValuesInTheirLine) {
  const int64_t R = 128, lines = 7;
  std::vector<float> x(R * lines), dense(R * lines), strided(2 * R * lines);
  for (int64_t i = 0; i < R * lines; ++i) x[i] = std::cos(0.3f * static_cast<float>(i)) * 7.0f;
  x[1 * R + 5] = NAN;
  x[2 * R + 127] = INFINITY;
  for (int64_t j = 0; j < R; ++j) x[3 * R + j] = -INFINITY;
  x[4 * R + 17] = -INFINITY;
  for (int64_t j = 0; j < R; ++j) x[5 * R + j] += 1.0e4f;
  for (ReduceOp op : {ReduceOp::kSoftmax, ReduceOp::kLogSoftmax}) {
    auto run = [&](float* out, int64_t gap) {
      RunReduce(LinesProblem(op, lines, R, x.data(), nullptr, out, 1, gap), nullptr);
    };
    run(dense.data(), 1);
    run(strided.data(), 2);
    for (int64_t i = 0; i < R * lines; ++i) {
      uint32_t a, b;
      std::memcpy(&a, &dense[i], 4);
      std::memcpy(&b, &strided[2 * i], 4);
      ASSERT_EQ(a, b) << "op " << static_cast<int>(op) << " i " << i;
    }
    for (int64_t j = 0; j < R; ++j) {
      EXPECT_TRUE(std::isnan(dense[1 * R + j])) << j;  // the NaN's line
      EXPECT_TRUE(std::isnan(dense[2 * R + j])) << j;  // +inf: inf - inf in its line
      EXPECT_TRUE(std::isnan(dense[3 * R + j])) << j;  // all -inf: -inf - -inf
      EXPECT_FALSE(std::isnan(dense[0 * R + j])) << j;
      EXPECT_FALSE(std::isnan(dense[4 * R + j])) << j;
      EXPECT_FALSE(std::isnan(dense[6 * R + j])) << j;
    }
    if (op == ReduceOp::kSoftmax) {
      EXPECT_EQ(dense[4 * R + 17], 0.0f);
      double sum = 0;
      for (int64_t j = 0; j < R; ++j) sum += dense[5 * R + j];
      EXPECT_NEAR(sum, 1.0, 1e-5);  // the offset line: max subtraction keeps it finite
    }
  }
}

// fp16 / bf16 operands: contiguous runs convert by blocks (F16C / AVX2 in the kernel variants),
// strided ones element by element. Every 16-bit pattern as an input (lines with NaN or inf
// included), every op, via the storage type or fp32: the same output bits either way.
TEST(RowwiseReduce, SixteenBitContiguousRunsMatchStrided) {
  const int64_t R = 1024, lines = 64, n = R * lines;
  std::vector<uint16_t> a(n), b(n), a2(2 * n), b2(2 * n), dense(n), strided(2 * n);
  for (int64_t i = 0; i < n; ++i) {
    a[i] = static_cast<uint16_t>(i);
    b[i] = static_cast<uint16_t>((i * 7919) & 0xffff);
    a2[2 * i] = a[i];
    b2[2 * i] = b[i];
  }
  for (DType storage : {DType::F16, DType::BF16}) {
    for (DType via : {storage, DType::F32}) {
      for (ReduceOp op : {ReduceOp::kSoftmax, ReduceOp::kLogSoftmax, ReduceOp::kSoftmaxGrad,
                          ReduceOp::kLogSoftmaxGrad}) {
        auto run = [&](uint16_t* x, uint16_t* y, uint16_t* out, int64_t gap) {
          RunReduce(LinesProblem(op, lines, R, x, y, out, gap, gap, storage, via), nullptr);
        };
        run(a.data(), b.data(), dense.data(), 1);
        run(a2.data(), b2.data(), strided.data(), 2);
        for (int64_t i = 0; i < n; ++i) {
          ASSERT_EQ(dense[i], strided[2 * i])
              << "op " << static_cast<int>(op) << " storage " << static_cast<int>(storage)
              << " via " << static_cast<int>(via) << " i " << i;
        }
      }
    }
  }
}

// The same for double compute (aclnnSoftmax / aclnnLogSoftmax on DOUBLE).
TEST(RowwiseReduce, PipelinedDoubleLinesMatchOneLineAtATime) {
  const int64_t R = 256, lines = 9;
  std::vector<double> x(R * lines), dense(R * lines), strided(2 * R * lines);
  for (int64_t i = 0; i < R * lines; ++i) x[i] = std::sin(0.71 * static_cast<double>(i)) * 20.0;
  for (ReduceOp op : {ReduceOp::kSoftmax, ReduceOp::kLogSoftmax}) {
    auto run = [&](double* out, int64_t gap) {
      RunReduce(LinesProblem(op, lines, R, x.data(), nullptr, out, 1, gap, DType::F64, DType::F64),
                nullptr);
    };
    run(dense.data(), 1);
    run(strided.data(), 2);
    for (int64_t i = 0; i < R * lines; ++i) {
      ASSERT_EQ(dense[i], strided[2 * i]) << "op " << static_cast<int>(op) << " i " << i;
    }
    // And against float64 arithmetic written here.
    for (int64_t l = 0; l < lines; ++l) {
      double m = -INFINITY, s = 0;
      for (int64_t j = 0; j < R; ++j) m = std::max(m, x[l * R + j]);
      for (int64_t j = 0; j < R; ++j) s += std::exp(x[l * R + j] - m);
      for (int64_t j = 0; j < R; ++j) {
        const double t = x[l * R + j] - m;
        const double ref = op == ReduceOp::kSoftmax ? std::exp(t) / s : t - std::log(s);
        ASSERT_NEAR(dense[l * R + j], ref, 1e-13 * (std::fabs(ref) + 1e-300) + 1e-300)
            << "line " << l << " j " << j;
      }
    }
  }
}

// The backwards run as a pipeline only when their output streams to memory (16 MiB and more):
// the same bits as one line at a time.
TEST(RowwiseReduce, PipelinedBackwardsOnStreamedOutputs) {
  const int64_t R = 1024, lines = 4100, n = R * lines;  // 16.4 MB of fp32 output
  std::vector<float> y(n), dy(n), dense(n), strided(2 * n);
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  for (int64_t i = 0; i < n; ++i) {
    y[i] = std::exp(dist(rng)) / 64.0f;
    dy[i] = dist(rng);
  }
  ThreadPool pool(2);
  for (ReduceOp op : {ReduceOp::kSoftmaxGrad, ReduceOp::kLogSoftmaxGrad}) {
    auto run = [&](float* out, int64_t gap) {
      RunReduce(LinesProblem(op, lines, R, y.data(), dy.data(), out, 1, gap), &pool);
    };
    run(dense.data(), 1);
    run(strided.data(), 2);
    for (int64_t i = 0; i < n; ++i) {
      ASSERT_EQ(dense[i], strided[2 * i]) << "op " << static_cast<int>(op) << " i " << i;
    }
  }
}

}  // namespace

namespace {

// Softmax keeps exp(x - max) in a per-thread scratch when the line fits (up to 192K fp32
// values), else in a contiguous fp32 output, and divides it from there; a longer line with a
// strided output takes the recomputing path. All must give the same bits, also when out
// aliases x.
TEST(RowwiseReduce, KeptTermsMatchRecomputedBits) {
  for (int64_t R : {64, 100, 1024, 1100, 5000, 140000, 200000}) {
    std::vector<float> x(2 * R), dense(2 * R), strided(4 * R), inplace(2 * R);
    for (int64_t i = 0; i < 2 * R; ++i) x[i] = std::sin(0.37f * static_cast<float>(i)) * 9.0f;
    inplace = x;
    auto run = [&](float* in, float* out, int64_t gap) {
      RunReduce(LinesProblem(ReduceOp::kSoftmax, 2, R, in, nullptr, out, 1, gap), nullptr);
    };
    run(x.data(), dense.data(), 1);
    run(x.data(), strided.data(), 2);
    run(inplace.data(), inplace.data(), 1);
    for (int64_t i = 0; i < 2 * R; ++i) {
      ASSERT_EQ(dense[i], strided[2 * i]) << "R " << R << " i " << i;
      ASSERT_EQ(dense[i], inplace[i]) << "R " << R << " i " << i;
    }
  }
}

// Softmax and LogSoftmax along dim 0 of [R, V] whose rows are a multiple of 4 KiB apart: the
// tiles come from memory and go through the packed pipeline (several tiles per task, the next
// tile's max taken and packed in this one's exp pass, this one mapped in the next one's). The
// same values with rows an odd distance apart take the one-tile-at-a-time path: same bits,
// including a narrower last tile, NaN / inf columns, double compute, out = in, and lines long
// enough (3000) that the tiles narrow to fit the scratch.
TEST(RowwiseReduce, PipelinedColumnTilesMatchOneTileAtATime) {
  struct Shape {
    int64_t R, V, ld;
  };
  for (bool f64 : {false, true}) {
    const int64_t page = f64 ? 512 : 1024;  // elements per 4 KiB
    for (Shape sh : {Shape{5, page, page}, Shape{40, page - 24, page}, Shape{700, page, page},
                     Shape{33, 8 * page, 8 * page}, Shape{3000, page, page}}) {
      for (ReduceOp op : {ReduceOp::kSoftmax, ReduceOp::kLogSoftmax}) {
        const int64_t odd = sh.V + 16;
        std::vector<double> v(static_cast<size_t>(sh.R * sh.V));
        for (size_t i = 0; i < v.size(); ++i) v[i] = std::sin(0.37 * static_cast<double>(i)) * 9;
        v[3] = NAN;                                   // a NaN column
        v[static_cast<size_t>(sh.V + 5)] = INFINITY;  // an inf column
        v[7] = -INFINITY;
        auto run = [&](int64_t ld, bool inPlace, std::vector<double>* got) {
          const size_t sz = f64 ? 8 : 4;
          std::vector<unsigned char> in(static_cast<size_t>(sh.R * ld) * sz);
          std::vector<unsigned char> separate(in.size());
          std::vector<unsigned char>& out = inPlace ? in : separate;
          for (int64_t r = 0; r < sh.R; ++r) {
            for (int64_t j = 0; j < sh.V; ++j) {
              const double d = v[static_cast<size_t>(r * sh.V + j)];
              const float f = static_cast<float>(d);
              std::memcpy(&in[static_cast<size_t>(r * ld + j) * sz],
                          f64 ? static_cast<const void*>(&d) : static_cast<const void*>(&f), sz);
            }
          }
          ReduceProblem pb;
          pb.op = op;
          pb.computeF64 = f64;
          pb.ndim = 2;
          pb.shape[0] = sh.R;
          pb.shape[1] = sh.V;
          pb.dim = 0;
          pb.in[0].data = in.data();
          pb.in[0].strides[0] = ld;
          pb.in[0].strides[1] = 1;
          pb.in[0].storage = pb.in[0].via = f64 ? DType::F64 : DType::F32;
          pb.out[0] = pb.in[0];
          pb.out[0].data = out.data();
          ThreadPool pool(2);
          RunReduce(pb, &pool);
          got->clear();
          for (int64_t r = 0; r < sh.R; ++r) {
            for (int64_t j = 0; j < sh.V; ++j) {
              const size_t at = static_cast<size_t>(r * ld + j) * sz;
              double d;
              float f;
              if (f64) {
                std::memcpy(&d, &out[at], 8);
              } else {
                std::memcpy(&f, &out[at], 4);
                d = f;
              }
              got->push_back(d);
            }
          }
        };
        std::vector<double> packed, inPlace, plain;
        run(sh.ld, false, &packed);
        run(sh.ld, true, &inPlace);
        run(odd, false, &plain);
        for (size_t i = 0; i < plain.size(); ++i) {
          const bool same = std::memcmp(&packed[i], &plain[i], 8) == 0 &&
                            std::memcmp(&inPlace[i], &plain[i], 8) == 0;
          ASSERT_TRUE(same) << "R " << sh.R << " V " << sh.V << " f64 " << f64 << " op "
                            << static_cast<int>(op) << " i " << i << ": " << packed[i] << " vs "
                            << plain[i];
        }
      }
    }
  }
}

}  // namespace
