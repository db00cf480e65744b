#include "elementwise/tiles.h"

#include <algorithm>

#include "elementwise/driver.h"

namespace aclcpu {
namespace kernels {
namespace {

constexpr int64_t kTileSide = 128;  // kTileSide^2 == kBlockElems
constexpr int kSubRows = 16;
constexpr int kSubCols = 64;

bool UseTilesImpl(const Layout& l) {
  if (l.ndim < 2) return false;
  const int d1 = l.ndim - 1, d0 = l.ndim - 2;
  if (l.shape[d1] < kSubRows || l.shape[d0] < kSubRows) return false;
  for (int k = 0; k < l.numOperands; ++k) {
    if (l.stride[k][d1] != 1 && l.stride[k][d0] == 1) return true;
  }
  return false;
}

int64_t TileCountImpl(const Layout& l) {
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
  if (isz == 4) return TileGatherT<uint32_t>(src, s0, s1, rows, cols, dst);
  return TileGatherT<uint64_t>(src, s0, s1, rows, cols, dst);
}

void TileScatter(const void* src, int rows, int cols, size_t isz, char* dst, int64_t s0,
                 int64_t s1) {
  if (isz == 1) return TileScatterT<uint8_t>(src, rows, cols, dst, s0, s1);
  if (isz == 2) return TileScatterT<uint16_t>(src, rows, cols, dst, s0, s1);
  if (isz == 4) return TileScatterT<uint32_t>(src, rows, cols, dst, s0, s1);
  return TileScatterT<uint64_t>(src, rows, cols, dst, s0, s1);
}

}  // namespace

static_assert(kTileSide * kTileSide == kBlockElems, "a tile is one block");

bool UseTiles(const Layout& l) { return UseTilesImpl(l); }
int64_t TileCount(const Layout& l) { return TileCountImpl(l); }

void RunTile(const TileJob& job, int64_t tile) {
  const Layout& l = *job.layout;
  const int slots = job.numOut + job.numIn;
  const int d1 = l.ndim - 1, d0 = l.ndim - 2;
  const int64_t colTiles = (l.shape[d1] + kTileSide - 1) / kTileSide;
  const int64_t rowTiles = (l.shape[d0] + kTileSide - 1) / kTileSide;
  const int64_t ct = tile % colTiles;
  const int64_t rt = (tile / colTiles) % rowTiles;
  int64_t outer = tile / (colTiles * rowTiles);
  const int64_t r0 = rt * kTileSide, c0 = ct * kTileSide;
  int64_t off[kMaxOperands];
  for (int k = 0; k < slots; ++k) off[k] = r0 * l.stride[k][d0] + c0 * l.stride[k][d1];
  for (int d = d0 - 1; d >= 0; --d) {
    const int64_t i = outer % l.shape[d];
    outer /= l.shape[d];
    for (int k = 0; k < slots; ++k) off[k] += i * l.stride[k][d];
  }
  const int64_t rows = std::min(kTileSide, l.shape[d0] - r0);
  const int64_t cols = std::min(kTileSide, l.shape[d1] - c0);
  const int64_t isz = job.item;
  const size_t item = static_cast<size_t>(isz);
  alignas(64) unsigned char buf[kMaxOperands][kSubRows * kSubCols * 8];
  for (int64_t r = 0; r < rows; r += kSubRows) {
    const int nr = static_cast<int>(std::min<int64_t>(kSubRows, rows - r));
    for (int64_t c = 0; c < cols; c += kSubCols) {
      const int nc = static_cast<int>(std::min<int64_t>(kSubCols, cols - c));
      void* q[kMaxOperands];
      for (int k = 0; k < slots; ++k) {
        q[k] = buf[k];
        if (k < job.numOut) continue;
        const char* at = job.base[k] + (off[k] + r * l.stride[k][d0] + c * l.stride[k][d1]) * isz;
        TileGather(at, l.stride[k][d0], l.stride[k][d1], nr, nc, item, buf[k]);
      }
      job.fn(q, q + job.numOut, static_cast<int64_t>(nr) * nc, *job.params, false);
      for (int k = 0; k < job.numOut; ++k) {
        char* o = job.base[k] + (off[k] + r * l.stride[k][d0] + c * l.stride[k][d1]) * isz;
        TileScatter(buf[k], nr, nc, item, o, l.stride[k][d0], l.stride[k][d1]);
      }
    }
  }
}

}  // namespace kernels
}  // namespace aclcpu
