#include "quant/gelu_quant.h"

#include <algorithm>
#include <type_traits>

#include "elementwise/functors/gelu.h"
#include "rowwise/split_io.h"

namespace aclcpu {
namespace kernels {
namespace quant {
namespace {

constexpr int64_t kChunk = 256;  // columns per stack buffer (a multiple of every packet width)

float LoadOne(const void* base, int64_t index, DType dt) {
  if (dt == DType::F32) return static_cast<const float*>(base)[index];
  const uint16_t h = static_cast<const uint16_t*>(base)[index];
  return dt == DType::F16 ? HalfToFloat(h) : Bf16ToFloat(h);
}

// The widened values of `v` for columns [c0, c0 + n), or its single value; fills rs's fields.
void WidenColumns(const ColumnVector& v, int64_t c0, int64_t n, float* buf, const float** out,
                  int64_t* stride) {
  if (v.data == nullptr) {
    *out = nullptr;
    *stride = 0;
    return;
  }
  if (v.count == 1) {
    buf[0] = LoadOne(v.data, 0, v.dtype);
    *stride = 0;
  } else {
    for (int64_t j = 0; j < n; ++j) buf[j] = LoadOne(v.data, (c0 + j) * v.stride, v.dtype);
    *stride = 1;
  }
  *out = buf;
}

class RowRunner {
 public:
  explicit RowRunner(const GeluQuantProblem& p) : p_(p), gelu_(Params(p)), goldenGelu_(Params(p)) {
    cols_ = p.shape[p.ndim - 1];
    rows_ = 1;
    for (int d = 0; d + 1 < p.ndim; ++d) rows_ *= p.shape[d];
  }
  int64_t Rows() const { return rows_; }
  int64_t Cols() const { return cols_; }

  void Run(int64_t row) const {
    if (p_.golden) {
      RunAs<double>(row);
    } else {
      RunAs<float>(row);
    }
  }

 private:
  // T = float: the vendor's fp32 steps; T = double: golden mode (gelu, scale, offset and the
  // dynamic scale in double, each code one rounding of the exact value, outScale rounded once).
  template <typename T>
  void RunAs(int64_t row) const {
    int64_t xo = 0, yo = 0, so = 0;
    int64_t rem = row;
    for (int d = p_.ndim - 2; d >= 0; --d) {
      const int64_t i = rem % p_.shape[d];
      rem /= p_.shape[d];
      xo += i * p_.xStrides[d];
      yo += i * p_.yStrides[d];
      so += i * p_.outScaleStrides[d];
    }
    alignas(64) T g[kChunk];
    float sbuf[kChunk], obuf[kChunk];
    const int last = p_.ndim - 1;
    if (!p_.dynamic) {
      for (int64_t c0 = 0; c0 < cols_; c0 += kChunk) {
        const int64_t n = std::min(kChunk, cols_ - c0);
        Gelu(xo, c0, n, g);
        RowScale rs;
        WidenColumns(p_.scale, c0, n, sbuf, &rs.scale, &rs.scaleStride);
        WidenColumns(p_.offset, c0, n, obuf, &rs.offset, &rs.offsetStride);
        QuantizeStaticRow<T>(g, n, rs, p_.target, p_.hif, p_.y + yo + c0 * p_.yStrides[last],
                             p_.yStrides[last]);
      }
      return;
    }
    T amax = 0;
    for (int64_t c0 = 0; c0 < cols_; c0 += kChunk) {
      const int64_t n = std::min(kChunk, cols_ - c0);
      Gelu(xo, c0, n, g);
      RowScale rs;
      WidenColumns(p_.scale, c0, n, sbuf, &rs.scale, &rs.scaleStride);
      amax = RowAmax<T>(g, n, rs, amax);
    }
    const T s = std::is_same<T, float>::value ? amax * InvTargetMax(p_.target)
                                              : static_cast<T>(amax / TargetMax(p_.target));
    p_.outScale[so] = static_cast<float>(s);
    for (int64_t c0 = 0; c0 < cols_; c0 += kChunk) {  // gelu again: same inputs, same values
      const int64_t n = std::min(kChunk, cols_ - c0);
      Gelu(xo, c0, n, g);
      RowScale rs;
      WidenColumns(p_.scale, c0, n, sbuf, &rs.scale, &rs.scaleStride);
      QuantizeDynamicRow<T>(g, n, rs, s, p_.target, p_.hif, p_.y + yo + c0 * p_.yStrides[last],
                            p_.yStrides[last]);
    }
  }

  static KernelParams Params(const GeluQuantProblem& p) {
    KernelParams k;
    k.mode = p.tanh ? kGeluTanh : kGeluErf;
    return k;
  }

  // gelu of x[row, c0 .. c0 + n) into g: fp32 packet by packet, or (golden) the double form
  // element by element.
  void Gelu(int64_t xo, int64_t c0, int64_t n, double* g) const {
    const int64_t cs = p_.xStrides[p_.ndim - 1];
    for (int64_t j = 0; j < n; ++j) {
      g[j] = goldenGelu_(static_cast<double>(LoadOne(p_.x, xo + (c0 + j) * cs, p_.xDtype)));
    }
  }
  void Gelu(int64_t xo, int64_t c0, int64_t n, float* g) const {
    const int64_t cs = p_.xStrides[p_.ndim - 1];
    for (int64_t j = 0; j < n; ++j) g[j] = LoadOne(p_.x, xo + (c0 + j) * cs, p_.xDtype);
    for (int64_t j = n; j < (n + kPacketSize - 1) / kPacketSize * kPacketSize; ++j) g[j] = 0.0f;
    for (int64_t j = 0; j < n; j += kPacketSize) {
      const Packet v = Eigen::internal::pload<Packet>(g + j);
      Eigen::internal::pstore(g + j, gelu_(v));
    }
  }

  const GeluQuantProblem& p_;
  GeluFn<Packet> gelu_;
  GeluFn<double> goldenGelu_;
  int64_t rows_ = 1;
  int64_t cols_ = 1;
};

}  // namespace

void RunGeluQuant(const GeluQuantProblem& problem, ThreadPool* pool) {
  const RowRunner runner(problem);
  const int64_t rows = runner.Rows();
  if (rows == 0 || runner.Cols() == 0) return;
  const int64_t perTask = std::max<int64_t>(1, kGeluQuantBlockElements / runner.Cols());
  const int64_t tasks = (rows + perTask - 1) / perTask;
  auto body = [&runner, rows, perTask](int64_t t) {
    const int64_t end = std::min(rows, (t + 1) * perTask);
    for (int64_t r = t * perTask; r < end; ++r) runner.Run(r);
  };
  RunTasks(pool, tasks, body);
}

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
