// The softmax family through the public API against float64 references: every dtype pair the
// vendor allows, last and non-last dims (negative too), 0-d tensors, transposed inputs, strided
// outputs whose gaps must keep their sentinel, and sizes around the kernel's packet and chunk.
#include <cmath>
#include <cstring>
#include <string>

#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "softmax_test_util.h"

using namespace smtest;

namespace {

struct NumCase {
  RefOp op;
  aclDataType in, out;  // in: self (forward) or gradOutput/output (backward)
  std::vector<int64_t> shape;
  int64_t dim;
  bool transposed = false;  // rank 2: inputs stored column-major
  int64_t outGap = 1;       // the output writes every outGap-th element
};

std::string Describe(const NumCase& c) {
  std::string s = "op " + std::to_string(static_cast<int>(c.op)) + " in " + std::to_string(c.in) +
                  " out " + std::to_string(c.out) + " shape [";
  for (int64_t d : c.shape) s += std::to_string(d) + ",";
  return s + "] dim " + std::to_string(c.dim) + (c.transposed ? " transposed" : "") + " gap " +
         std::to_string(c.outGap);
}

bool Supported(aclDataType dt) { return dt != ACL_BF16 || ChipHasBf16(); }

aclnnStatus RunApi(const NumCase& c, DevTensor& a, DevTensor* b, DevTensor& out) {
  uint64_t ws = 1;
  aclOpExecutor* exec = nullptr;
  aclnnStatus st = ACLNN_SUCCESS;
  aclnnStatus (*phase2)(void*, uint64_t, aclOpExecutor*, aclrtStream) = nullptr;
  switch (c.op) {
    case RefOp::kSoftmax:
      st = aclnnSoftmaxGetWorkspaceSize(a.get(), c.dim, out.get(), &ws, &exec);
      phase2 = aclnnSoftmax;
      break;
    case RefOp::kLogSoftmax:
      st = aclnnLogSoftmaxGetWorkspaceSize(a.get(), c.dim, out.get(), &ws, &exec);
      phase2 = aclnnLogSoftmax;
      break;
    case RefOp::kSoftmaxGrad:  // a = output, b = gradOutput
      st = aclnnSoftmaxBackwardGetWorkspaceSize(b->get(), a.get(), c.dim, out.get(), &ws, &exec);
      phase2 = aclnnSoftmaxBackward;
      break;
    case RefOp::kLogSoftmaxGrad:
      st = aclnnLogSoftmaxBackwardGetWorkspaceSize(b->get(), a.get(), c.dim, out.get(), &ws, &exec);
      phase2 = aclnnLogSoftmaxBackward;
      break;
  }
  if (st != ACLNN_SUCCESS) return st;
  EXPECT_EQ(ws, 0u);
  st = phase2(nullptr, 0, exec, AclEnvironment::Stream());
  if (st != ACLNN_SUCCESS) return st;
  return aclrtSynchronizeStream(AclEnvironment::Stream());
}

void RunNumCase(const NumCase& c, uint32_t seed) {
  SCOPED_TRACE(Describe(c) + " seed " + std::to_string(seed));
  Rng rng(seed);
  const bool backward = c.op == RefOp::kSoftmaxGrad || c.op == RefOp::kLogSoftmaxGrad;
  std::vector<int64_t> inStrides;
  if (c.transposed) inStrides = {1, c.shape[0]};
  DevTensor a(c.in, c.shape, inStrides);
  DevTensor b(c.in, c.shape, inStrides);
  std::vector<int64_t> outStrides = ContiguousStrides(c.shape);
  for (int64_t& s : outStrides) s *= c.outGap;
  DevTensor out(c.out, c.shape, outStrides);
  ForEachIndex(c.shape, [&](const std::vector<int64_t>& i) {
    const float u = rng.Uniform(-8.0f, 8.0f);
    if (c.op == RefOp::kSoftmaxGrad) {
      a.Set(i, std::exp(u / 4.0f) / 16.0f);
    } else if (c.op == RefOp::kLogSoftmaxGrad) {
      a.Set(i, -std::fabs(u));
    } else {
      a.Set(i, u);
    }
    b.Set(i, rng.Uniform(-2.0f, 2.0f));
  });
  a.Upload();
  b.Upload();
  ASSERT_EQ(RunApi(c, a, &b, out), ACLNN_SUCCESS) << TakeErrMsg();
  out.Download();

  // The vendor's dtypes: Softmax computes in self's dtype (then casts); LogSoftmax casts self
  // to out's dtype first; the backward ops compute in fp32 and round to gradOutput's dtype.
  const aclDataType inVia = c.op == RefOp::kLogSoftmax ? c.out : c.in;
  const aclDataType outVia = c.op == RefOp::kLogSoftmax ? c.out : c.in;
  const bool f64 = !backward && inVia == ACL_DOUBLE;
  auto narrow = [](aclDataType x, aclDataType y) {
    auto bits = [](aclDataType d) {
      return d == ACL_DOUBLE ? 52 : d == ACL_FLOAT ? 23 : d == ACL_FLOAT16 ? 10 : 7;
    };
    return bits(x) <= bits(y) ? x : y;
  };
  const aclDataType resultDtype = narrow(outVia, c.out);
  const int rank = static_cast<int>(c.shape.size());
  const int dim = rank == 0 ? 0 : static_cast<int>(c.dim < 0 ? c.dim + rank : c.dim);
  const int64_t R = rank == 0 ? 1 : c.shape[dim];
  std::vector<int64_t> lineShape = c.shape;
  if (rank > 0) lineShape[dim] = 1;
  bool nonTrivial = false;
  ForEachIndex(lineShape, [&](std::vector<int64_t> idx) {
    std::vector<double> va(R), vb;
    if (backward) vb.resize(R);
    for (int64_t j = 0; j < R; ++j) {
      if (rank > 0) idx[dim] = j;
      va[j] = RoundTo(inVia, a.Get(idx));
      if (backward) vb[j] = b.Get(idx);
    }
    std::vector<double> ref, scale;
    ReferenceLine(c.op, va, vb, !f64, &ref, &scale);
    for (int64_t j = 0; j < R; ++j) {
      if (rank > 0) idx[dim] = j;
      const double got = out.Get(idx);
      nonTrivial = nonTrivial || got != 0;
      // A 16-bit intermediate and another output dtype: two roundings, each within an ulp.
      const bool twoRoundings = outVia != c.out && Item(outVia) == 2;
      const double viaRef = twoRoundings ? RoundTo(outVia, ref[j]) : ref[j];
      const bool viaOk = !twoRoundings || Close(outVia, f64, viaRef, ref[j], scale[j], R);
      ASSERT_TRUE(viaOk && Close(resultDtype, f64, got, viaRef, scale[j], R))
          << "at j " << j << ": got " << got << " ref " << ref[j];
    }
  });
  if (R > 1 || c.op != RefOp::kLogSoftmax) {
    EXPECT_TRUE(nonTrivial);
  }
  if (c.outGap > 1) {  // the gaps keep the sentinel
    const size_t item = Item(c.out);
    for (int64_t e = 0; e < static_cast<int64_t>(out.host.size() / item); ++e) {
      if (e % c.outGap == 0) continue;
      for (size_t k = 0; k < item; ++k) ASSERT_EQ(out.host[e * item + k], 0x5a) << e;
    }
  }
}

const RefOp kOps[] = {RefOp::kSoftmax, RefOp::kLogSoftmax, RefOp::kSoftmaxGrad,
                      RefOp::kLogSoftmaxGrad};

std::vector<aclDataType> InDtypes(RefOp op) {
  if (op == RefOp::kSoftmax || op == RefOp::kLogSoftmax) {
    return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
  }
  return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
}

TEST(SoftmaxNumeric, LastDimSizesAroundPacketAndChunk) {
  for (RefOp op : kOps) {
    for (int64_t R : {1, 16, 17, 1023, 1025, 3000}) {
      RunNumCase({op, ACL_FLOAT, ACL_FLOAT, {3, R}, -1}, static_cast<uint32_t>(R));
    }
  }
}

TEST(SoftmaxNumeric, EveryDtypeAndDim) {
  for (RefOp op : kOps) {
    for (aclDataType dt : InDtypes(op)) {
      if (!Supported(dt)) continue;
      for (int64_t dim : {0, 1, 2, -1, -2, -3}) {
        RunNumCase({op, dt, dt, {4, 5, 33}, dim}, static_cast<uint32_t>(dim + 10));
      }
    }
  }
}

TEST(SoftmaxNumeric, OutputDtypeDiffersFromInput) {
  const std::vector<std::pair<aclDataType, aclDataType>> pairs = {
      {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT16}, {ACL_DOUBLE, ACL_FLOAT},
      {ACL_FLOAT, ACL_DOUBLE},  {ACL_FLOAT16, ACL_BF16},  {ACL_BF16, ACL_FLOAT}};
  for (RefOp op : {RefOp::kSoftmax, RefOp::kLogSoftmax}) {
    for (const auto& p : pairs) {
      if (!Supported(p.first) || !Supported(p.second)) continue;
      RunNumCase({op, p.first, p.second, {6, 40}, 1}, 3);
    }
  }
  for (RefOp op : {RefOp::kSoftmaxGrad, RefOp::kLogSoftmaxGrad}) {
    RunNumCase({op, ACL_FLOAT16, ACL_FLOAT, {6, 40}, 1}, 4);
    RunNumCase({op, ACL_FLOAT, ACL_FLOAT16, {6, 40}, 0}, 5);
  }
}

TEST(SoftmaxNumeric, ZeroDimTensor) {
  for (RefOp op : kOps) {
    for (int64_t dim : {0, -1}) RunNumCase({op, ACL_FLOAT, ACL_FLOAT, {}, dim}, 6);
  }
}

TEST(SoftmaxNumeric, TransposedInputStridedOutput) {
  for (RefOp op : kOps) {
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
      for (int64_t dim : {-1, 0}) {
        RunNumCase({op, dt, dt, {37, 53}, dim, true, 2}, 7);
        RunNumCase({op, dt, dt, {37, 53}, dim, false, 3}, 8);
      }
    }
  }
}

// The backward ops leave out's dtype unchecked and cast their result to it (the vendor's Cast:
// toward zero, saturating, NaN -> 0): here int32 and bool outs, one of them a transposed view
// inside a larger buffer whose other elements must stay untouched.
TEST(SoftmaxNumeric, BackwardResultIsCastToAnIntegerOut) {
  const std::vector<int64_t> shape = {3, 4};
  const int64_t n = NumElements(shape);
  for (RefOp op : {RefOp::kSoftmaxGrad, RefOp::kLogSoftmaxGrad}) {
    for (bool transposed : {false, true}) {
      SCOPED_TRACE(
          std::string(op == RefOp::kSoftmaxGrad ? "SoftmaxBackward" : "LogSoftmaxBackward") +
          (transposed ? " transposed out" : ""));
      DevTensor y(ACL_FLOAT, shape);
      DevTensor dy(ACL_FLOAT, shape);
      ForEachIndex(shape, [&](const std::vector<int64_t>& i) {
        const double k = static_cast<double>(i[0] * 4 + i[1]);
        y.Set(i, op == RefOp::kSoftmaxGrad ? 0.05 * (k + 1) : -0.1 * k);
        dy.Set(i, 3.7 * (k - 5.5));
      });
      y.Upload();
      dy.Upload();
      // out: int32 [3, 4], contiguous or a transposed view of a [4, 3] block with a 2-element gap
      // before it; the sentinel -7 everywhere else.
      const std::vector<int64_t> strides =
          transposed ? std::vector<int64_t>{1, 3} : std::vector<int64_t>{4, 1};
      const int64_t offset = transposed ? 2 : 0;
      std::vector<int32_t> host(static_cast<size_t>(n + offset + 2), -7);
      DeviceBuffer buf(host.size() * sizeof(int32_t));
      buf.Upload(host.data(), host.size() * sizeof(int32_t));
      Tensor out(shape, ACL_INT32, buf.data(), &strides, offset);
      uint64_t ws = 1;
      aclOpExecutor* exec = nullptr;
      aclnnStatus st = op == RefOp::kSoftmaxGrad ? aclnnSoftmaxBackwardGetWorkspaceSize(
                                                       dy.get(), y.get(), 1, out.get(), &ws, &exec)
                                                 : aclnnLogSoftmaxBackwardGetWorkspaceSize(
                                                       dy.get(), y.get(), 1, out.get(), &ws, &exec);
      ASSERT_EQ(st, ACLNN_SUCCESS) << TakeErrMsg();
      st = op == RefOp::kSoftmaxGrad
               ? aclnnSoftmaxBackward(nullptr, 0, exec, AclEnvironment::Stream())
               : aclnnLogSoftmaxBackward(nullptr, 0, exec, AclEnvironment::Stream());
      ASSERT_EQ(st, ACLNN_SUCCESS) << TakeErrMsg();
      ASSERT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
      const std::vector<uint8_t> bytes = buf.Download();
      std::vector<int32_t> got(host.size());
      std::memcpy(got.data(), bytes.data(), got.size() * sizeof(int32_t));
      std::vector<bool> touched(host.size(), false);
      for (int64_t r = 0; r < shape[0]; ++r) {
        std::vector<double> a, b, ref, scale;
        for (int64_t c = 0; c < shape[1]; ++c) {
          a.push_back(y.Get({r, c}));
          b.push_back(dy.Get({r, c}));
        }
        ReferenceLine(op, a, b, false, &ref, &scale);
        for (int64_t c = 0; c < shape[1]; ++c) {
          const size_t at = static_cast<size_t>(offset + r * strides[0] + c * strides[1]);
          touched[at] = true;
          // Values are kept a safe distance from integers, so fp32 rounding cannot move the
          // truncation.
          EXPECT_EQ(got[at], static_cast<int32_t>(std::trunc(ref[c])))
              << r << "," << c << " ref " << ref[c];
        }
      }
      for (size_t k = 0; k < got.size(); ++k) {
        if (!touched[k]) {
          EXPECT_EQ(got[k], -7) << "element " << k << " outside the view";
        }
      }
    }
  }
}

}  // namespace
