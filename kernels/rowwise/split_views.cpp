#include "rowwise/split_views.h"

namespace aclcpu {
namespace kernels {
namespace split {
namespace {

int64_t Product(const int64_t* shape, int begin, int end) {
  int64_t n = 1;
  for (int i = begin; i < end; ++i) n *= shape[i];
  return n;
}

}  // namespace

bool ReshapeStrides(int ndim, const int64_t* shape, const int64_t* strides, int newNdim,
                    const int64_t* newShape, int64_t* newStrides) {
  const int64_t one = 1;
  if (ndim == 0) {  // a 0-d tensor walks like [1]
    ndim = 1;
    shape = &one;
    strides = &one;
  }
  const int64_t numel = Product(shape, 0, ndim);
  if (numel != Product(newShape, 0, newNdim)) return false;
  if (numel == 0) {  // nothing is ever addressed: any strides do
    for (int i = newNdim - 1, s = 1; i >= 0; --i) newStrides[i] = s;
    return true;
  }
  // Walk the old dims from the innermost, in chunks whose dims merge into one stride; the new
  // dims must tile each chunk exactly.
  int viewD = newNdim - 1;
  int64_t chunkBaseStride = strides[ndim - 1];
  int64_t tensorNumel = 1;
  int64_t viewNumel = 1;
  for (int d = ndim - 1; d >= 0; --d) {
    tensorNumel *= shape[d];
    if (d == 0 || (shape[d - 1] != 1 && strides[d - 1] != tensorNumel * chunkBaseStride)) {
      while (viewD >= 0 && (viewNumel < tensorNumel || newShape[viewD] == 1)) {
        newStrides[viewD] = viewNumel * chunkBaseStride;
        viewNumel *= newShape[viewD];
        --viewD;
      }
      if (viewNumel != tensorNumel) return false;
      if (d > 0) {
        chunkBaseStride = strides[d - 1];
        tensorNumel = 1;
        viewNumel = 1;
      }
    }
  }
  return viewD == -1;
}

bool MakeGeometry(const Layout& xIn, int dim, Mode mode, Geometry* g) {
  const int64_t one = 1;
  Layout x = xIn;
  if (x.ndim == 0) x = Layout{1, &one, &one};
  if (x.ndim > kMaxDims || dim < 0 || dim >= x.ndim) return false;
  *g = Geometry{};
  g->rowDims = dim;
  const int64_t c = x.shape[dim];
  const int64_t cut = Product(x.shape, dim, x.ndim);
  if (cut % 2 != 0) return false;
  const bool alongDim = mode == Mode::kAlongDim || (mode == Mode::kMergedHalves && c % 2 == 0);
  if (alongDim) {
    if (c % 2 != 0) return false;
    g->ndim = x.ndim;
    for (int i = 0; i < x.ndim; ++i) {
      g->shape[i] = x.shape[i];
      g->halfStrides[i] = x.strides[i];
    }
    g->shape[dim] = c / 2;
    g->secondOffset = (c / 2) * x.strides[dim];
    return true;
  }
  // The merged block as one dim, when x's trailing dims walk memory with one stride.
  int64_t blockStride = 0;
  const bool merged =
      ReshapeStrides(x.ndim - dim, x.shape + dim, x.strides + dim, 1, &cut, &blockStride);
  if (merged) {
    g->ndim = dim + 1;
    for (int i = 0; i < dim; ++i) {
      g->shape[i] = x.shape[i];
      g->halfStrides[i] = x.strides[i];
    }
    g->shape[dim] = cut / 2;
    if (mode == Mode::kMergedHalves) {
      g->halfStrides[dim] = blockStride;
      g->secondOffset = (cut / 2) * blockStride;
    } else {
      g->halfStrides[dim] = 2 * blockStride;
      g->secondOffset = blockStride;
    }
    return true;
  }
  // Interleaved pairs never straddle an even last dim: split that dim into its even and odd
  // elements in place.
  const int last = x.ndim - 1;
  if (mode != Mode::kInterleaved || x.shape[last] % 2 != 0) return false;
  g->ndim = x.ndim;
  for (int i = 0; i < x.ndim; ++i) {
    g->shape[i] = x.shape[i];
    g->halfStrides[i] = x.strides[i];
  }
  g->shape[last] = x.shape[last] / 2;
  g->halfStrides[last] = 2 * x.strides[last];
  g->secondOffset = x.strides[last];
  return true;
}

bool MapOnto(const Geometry& g, const Layout& tensor, int64_t* strides) {
  return ReshapeStrides(tensor.ndim, tensor.shape, tensor.strides, g.ndim, g.shape, strides);
}

}  // namespace split
}  // namespace kernels
}  // namespace aclcpu
