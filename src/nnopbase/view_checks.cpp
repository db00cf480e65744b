// Overlap decisions on views. Addresses are compared as bytes in 128-bit integers: a view's
// element (i_1..i_r) starts at first + Σ i_k·stride_k·itemsize, and two elements share a byte
// when their starts differ by less than the item size on the one side and the other.
#include "nnopbase/view_checks.h"

#include <algorithm>
#include <utility>

#include "common/dtype.h"
#include "nnopbase/op_checks.h"

namespace aclcpu {
namespace opcheck {
namespace {

using i128 = __int128;

constexpr size_t kMaxDims = 16;
// Work bound of the exact search (values tried); past it the answer is conservative.
constexpr int64_t kSearchBudget = int64_t{1} << 20;
// Beyond this (bytes) the arithmetic below could overflow: answer conservatively. Views that
// passed the allocation check are far smaller.
constexpr i128 kLimit = static_cast<i128>(1) << 62;

struct Dim {
  i128 size = 0;    // > 1
  i128 stride = 0;  // bytes, > 0
};

// A view as its lowest byte plus dims of positive byte stride, sorted outermost first, with
// size-1 and stride-0 dims dropped and dims that walk memory as one merged.
struct Normal {
  i128 first = 0;
  i128 item = 0;
  Dim dims[kMaxDims];
  size_t rank = 0;
  bool empty = false;
  bool huge = false;  // outside kLimit: no exact answer
};

i128 Abs(i128 v) { return v < 0 ? -v : v; }

Normal Normalize(const ViewRef& v) {
  Normal n;
  n.item = static_cast<i128>(DtypeSize(v.dtype));
  n.first =
      static_cast<i128>(reinterpret_cast<uintptr_t>(v.data)) + static_cast<i128>(v.offset) * n.item;
  if (v.rank > kMaxDims) {
    n.huge = true;
    return n;
  }
  for (size_t i = 0; i < v.rank; ++i) {
    if (v.shape[i] == 0) n.empty = true;
    if (v.shape[i] <= 1 || v.strides[i] == 0) continue;
    const i128 stride = static_cast<i128>(v.strides[i]) * n.item;
    const i128 span = static_cast<i128>(v.shape[i] - 1) * stride;
    if (stride < 0) n.first += span;  // walk it from its lowest element
    if (Abs(span) > kLimit) n.huge = true;
    n.dims[n.rank++] = Dim{v.shape[i], Abs(stride)};
  }
  std::sort(n.dims, n.dims + n.rank,
            [](const Dim& a, const Dim& b) { return a.stride > b.stride; });
  // Merge an outer dim into the inner one when it continues it exactly.
  size_t out = 0;
  for (size_t i = 0; i < n.rank; ++i) {
    if (out > 0) {
      Dim& outer = n.dims[out - 1];  // sorted by decreasing stride
      if (outer.stride == n.dims[i].size * n.dims[i].stride) {
        outer.size *= n.dims[i].size;
        outer.stride = n.dims[i].stride;
        continue;
      }
    }
    n.dims[out++] = n.dims[i];
  }
  n.rank = out;
  return n;
}

i128 Extent(const Normal& n) {
  i128 e = n.item;
  for (size_t i = 0; i < n.rank; ++i) e += (n.dims[i].size - 1) * n.dims[i].stride;
  return e;
}

i128 FloorDiv(i128 a, i128 b) {  // b > 0
  i128 q = a / b;
  if ((a % b != 0) && (a < 0)) --q;
  return q;
}
i128 CeilDiv(i128 a, i128 b) { return -FloorDiv(-a, b); }

// s·x + t·y = g = gcd(s, t), s, t > 0.
i128 ExtendedGcd(i128 s, i128 t, i128* x, i128* y) {
  i128 x0 = 1, y0 = 0, x1 = 0, y1 = 1;
  while (t != 0) {
    const i128 q = s / t;
    i128 r = s - q * t;
    s = t;
    t = r;
    r = x0 - q * x1;
    x0 = x1;
    x1 = r;
    r = y0 - q * y1;
    y0 = y1;
    y1 = r;
  }
  *x = x0;
  *y = y0;
  return s;
}

// A coefficient c·stride with c in [lo, hi].
struct Term {
  i128 lo = 0;
  i128 hi = 0;
  i128 stride = 0;  // > 0
};

// Is there a choice of coefficients with lo <= Σ c_k·stride_k <= hi?
bool Solve(const Term* terms, size_t count, i128 lo, i128 hi, int64_t* budget) {
  if (--*budget < 0) return true;  // out of budget: conservative
  if (count == 0) return lo <= 0 && 0 <= hi;
  if (count == 1) {
    const Term& a = terms[0];
    const i128 cLo = std::max(a.lo, CeilDiv(lo, a.stride));
    const i128 cHi = std::min(a.hi, FloorDiv(hi, a.stride));
    return cLo <= cHi;
  }
  if (count == 2) {
    const Term& a = terms[0];
    const Term& b = terms[1];
    i128 x = 0, y = 0;
    const i128 g = ExtendedGcd(a.stride, b.stride, &x, &y);
    const i128 ag = a.stride / g, bg = b.stride / g;
    // The window is at most a few dozen bytes wide: try each multiple of g in it.
    for (i128 v = CeilDiv(lo, g) * g; v <= hi; v += g) {
      if (--*budget < 0) return true;
      const i128 k0 = v / g;
      // a·(x·k0 + bg·k) + b·(y·k0 − ag·k) = v for every integer k; reduce x·k0 and y·k0 first.
      const i128 cx = x * k0, cy = y * k0;
      const i128 kLo = std::max(CeilDiv(a.lo - cx, bg), CeilDiv(cy - b.hi, ag));
      const i128 kHi = std::min(FloorDiv(a.hi - cx, bg), FloorDiv(cy - b.lo, ag));
      if (kLo <= kHi) return true;
    }
    return false;
  }
  // More terms: enumerate the one with the fewest values, shifting the window.
  size_t pick = 0;
  for (size_t i = 1; i < count; ++i) {
    if (terms[i].hi - terms[i].lo < terms[pick].hi - terms[pick].lo) pick = i;
  }
  if (terms[pick].hi - terms[pick].lo >= *budget) return true;
  Term rest[2 * kMaxDims];
  size_t n = 0;
  for (size_t i = 0; i < count; ++i) {
    if (i != pick) rest[n++] = terms[i];
  }
  for (i128 c = terms[pick].lo; c <= terms[pick].hi; ++c) {
    const i128 shift = c * terms[pick].stride;
    if (Solve(rest, n, lo - shift, hi - shift, budget)) return true;
    if (*budget < 0) return true;
  }
  return false;
}

int64_t Gcd(i128 a, i128 b) {
  while (b != 0) {
    const i128 r = a % b;
    a = b;
    b = r;
  }
  return static_cast<int64_t>(a);
}

}  // namespace

ViewRef RefOf(const aclTensor* t) {
  ViewRef v;
  v.shape = t->viewShape.data();
  v.strides = t->strides.data();
  v.rank = std::min(t->viewShape.size(), t->strides.size());
  v.offset = t->offset;
  v.dtype = t->dtype;
  v.data = t->data;
  v.storage = &t->storageShape;
  v.viewShape = &t->viewShape;
  return v;
}

ViewRef RefOf(const TensorSnapshot& s) {
  ViewRef v;
  v.shape = s.shape.data();
  v.strides = s.strides.data();
  v.rank = std::min(s.shape.size(), s.strides.size());
  v.offset = s.offset;
  v.dtype = s.dtype;
  v.data = s.data;
  return v;
}

std::string ViewString(const ViewRef& v) {
  const std::vector<int64_t> shape(v.shape, v.shape + v.rank);
  const std::vector<int64_t> strides(v.strides, v.strides + v.rank);
  return "view " + ShapeString(shape) + " strides " + ShapeString(strides) + " offset " +
         std::to_string(v.offset);
}

bool SameElements(const ViewRef& a, const ViewRef& b) {
  const i128 itemA = static_cast<i128>(DtypeSize(a.dtype));
  const i128 itemB = static_cast<i128>(DtypeSize(b.dtype));
  if (itemA != itemB) return false;
  const auto first = [](const ViewRef& v, i128 item) {
    return static_cast<i128>(reinterpret_cast<uintptr_t>(v.data)) + v.offset * item;
  };
  if (first(a, itemA) != first(b, itemB)) return false;
  // Same index → same element: the non-trivial dims must match in order, size and stride.
  size_t i = 0, j = 0;
  for (;;) {
    while (i < a.rank && a.shape[i] == 1) ++i;
    while (j < b.rank && b.shape[j] == 1) ++j;
    if (i == a.rank || j == b.rank) return i == a.rank && j == b.rank;
    if (a.shape[i] != b.shape[j] || a.strides[i] != b.strides[j]) return false;
    ++i;
    ++j;
  }
}

bool ViewsShareBytes(const ViewRef& a, const ViewRef& b) {
  const Normal na = Normalize(a);
  const Normal nb = Normalize(b);
  if (na.empty || nb.empty) return false;
  // Byte hulls first.
  if (na.first + Extent(na) <= nb.first || nb.first + Extent(nb) <= na.first) return false;
  if (na.huge || nb.huge) return true;
  const i128 d = na.first - nb.first;
  if (na.rank <= 2 && nb.rank <= 2) {
    // a's element minus b's element: d + Σ i·s − Σ j·t must lie in (−itemA, itemB).
    Term terms[4];
    size_t count = 0;
    auto add = [&](i128 lo, i128 hi, i128 stride) {
      for (size_t k = 0; k < count; ++k) {
        if (terms[k].stride == stride) {  // i·s − j·s = (i − j)·s: one coefficient
          terms[k].lo += lo;
          terms[k].hi += hi;
          return;
        }
      }
      terms[count++] = Term{lo, hi, stride};
    };
    for (size_t k = 0; k < na.rank; ++k) add(0, na.dims[k].size - 1, na.dims[k].stride);
    for (size_t k = 0; k < nb.rank; ++k) add(-(nb.dims[k].size - 1), 0, nb.dims[k].stride);
    int64_t budget = kSearchBudget;
    return Solve(terms, count, -na.item + 1 - d, nb.item - 1 - d, &budget);
  }
  // Conservative beyond two dims: disjoint only when a gcd argument proves it. Every element of
  // either view starts at its first byte plus a multiple of g (the gcd of all byte strides), so
  // if d mod g keeps a whole element clear on both sides, no element meets another.
  i128 g = 0;
  for (size_t k = 0; k < na.rank; ++k) g = Gcd(g, na.dims[k].stride);
  for (size_t k = 0; k < nb.rank; ++k) g = Gcd(g, nb.dims[k].stride);
  if (g <= 1) return true;
  i128 r = d % g;
  if (r < 0) r += g;
  return !(r >= nb.item && g - r >= na.item);
}

bool WritesElementTwice(const ViewRef& v) {
  // Stride 0 over a dim of more than one element repeats an element.
  for (size_t i = 0; i < v.rank; ++i) {
    if (v.shape[i] > 1 && v.strides[i] == 0) return true;
  }
  Normal n = Normalize(v);
  if (n.empty || n.rank <= 1) return false;
  if (n.huge) return true;
  if (n.rank == 2) {
    // c1·s1 + c2·s2 = 0 with (c1, c2) ≠ 0 has the smallest solutions ±(s2/g, −s1/g).
    const i128 g = Gcd(n.dims[0].stride, n.dims[1].stride);
    return n.dims[1].stride / g < n.dims[0].size && n.dims[0].stride / g < n.dims[1].size;
  }
  // Beyond two dims: each dim, by increasing stride, must step past all the smaller ones cover
  // (sufficient for distinct elements, not necessary).
  i128 covered = n.item;
  for (size_t k = n.rank; k-- > 0;) {
    if (n.dims[k].stride < covered) return true;
    covered += n.dims[k].stride * (n.dims[k].size - 1);
  }
  return false;
}

}  // namespace opcheck
}  // namespace aclcpu
