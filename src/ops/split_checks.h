// Phase-1 checks shared by the split-and-gate operators (GLU family): the chip's dtype list,
// the split dim, the even split length and the halved output shape. Each returns ACLNN_SUCCESS
// or the given vendor code after recording "<op>: <argument> <fault>".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/soc.h"
#include "nnopbase/objects.h"

namespace aclcpu {
namespace ops {
namespace splitcheck {

// Chip groups as the vendor's op_api code tests them.
inline bool IsA2OrA3(const SocProfile& s) {
  return s.family == SocFamily::kAtlasA2 || s.family == SocFamily::kAtlasA3;
}
inline bool Is950(const SocProfile& s) { return s.family == SocFamily::kAscend950; }
inline bool Is310P(const SocProfile& s) { return s.family == SocFamily::kAtlasInference; }

// The emulated chip, or nullptr after recording a 361001-style message (unknown ACLNN_CPU_SOC).
const SocProfile* Chip(const char* op, int* status);

// The operator does not exist on this chip (its sheet lists other chips only).
int RefuseChip(const char* op, const SocProfile& soc, int code, const char* supported);

// dtype in `allowed`, naming the chip in the message.
int DtypeOnChip(const char* op, const char* arg, aclDataType dtype,
                const std::vector<aclDataType>& allowed, const SocProfile& soc, int code);

// dim in [-rank, rank - 1] (rank as given: callers pass max(rank, 1) where the vendor does);
// writes the normalized dim.
int DimInRange(const char* op, const char* dimArg, int64_t dim, int64_t rank, const char* ofArg,
               int code, int* normalized);

// tensor.shape[dim] is even.
int EvenSplit(const char* op, const char* arg, const aclTensor* tensor, int dim, int code);

// out.shape equals x.shape with dim halved (same rank).
int HalvedShape(const char* op, const char* xArg, const aclTensor* x, int dim, const char* outArg,
                const aclTensor* out, int code);

// tensor rank <= maxRank.
int RankAtMost(const char* op, const char* arg, const aclTensor* tensor, size_t maxRank, int code);

// The last-dim tiling rules of FatreluMul and GeluMul: rank >= 2, last dim non-zero, even and
// <= 1024, product of the other dims <= 200000.
int LastDimSplit(const char* op, const char* arg, const aclTensor* t, int code);

// out holds exactly half of x's elements (the vendor's tiling writes that many and never looks
// at out's shape).
int HalfElements(const char* op, const char* xArg, const aclTensor* x, const char* outArg,
                 const aclTensor* out, int code);

// groupIndex: INT64 (else `dtypeCode`), 1-D (else `shapeCode`).
int GroupIndex(const char* op, const aclTensor* groupIndex, int dtypeCode, int shapeCode);

int64_t Numel(const aclTensor* t);

}  // namespace splitcheck
}  // namespace ops
}  // namespace aclcpu
