// The tiled walk for transposed views: when an operand runs contiguously along the
// second-innermost dim but not the innermost, blocks are kTileSide x kTileSide tiles of the two
// inner dims (a partition fixed by the layout, never by the thread count) and each tile is
// processed in L1-sized sub-tiles, so that every operand is read and written along its
// contiguous dim. Operands must all have the kernel's dtype.
#pragma once

#include <cstdint>

#include "elementwise/layout.h"
#include "elementwise/registry.h"

namespace aclcpu {
namespace kernels {

struct TileJob {
  const Layout* layout;
  ContiguousFn fn;
  const KernelParams* params;
  int numIn;
  int numOut;
  int64_t item;       // bytes per element
  char* const* base;  // slot order: outputs, then inputs
};

bool UseTiles(const Layout& l);
int64_t TileCount(const Layout& l);
void RunTile(const TileJob& job, int64_t tile);

}  // namespace kernels
}  // namespace aclcpu
