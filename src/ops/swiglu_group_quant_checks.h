// The tiling checks of aclnnSwigluGroupQuant (Ascend 950), run inside phase 1 and reported as
// 561002 with "<op>: <argument> <fault>": one function per tiling of the vendor (quant modes
// 0/1, the FLOAT8 block / MX quantizers; modes 2/3, the HIFLOAT8 quantizers), in its order.
#pragma once

#include <cstdint>

#include "nnopbase/objects.h"

namespace aclcpu {
namespace ops {
namespace sgq {

struct Args {
  const aclTensor* x = nullptr;
  const aclTensor* weight = nullptr;
  const aclTensor* groupIndex = nullptr;
  const aclTensor* scale = nullptr;
  int64_t dstType = 0;
  int64_t quantMode = 0;
  int64_t blockSize = 0;
  bool roundScale = false;
  double clampLimit = -1.0;
  double dstTypeMax = 15.0;
  bool outputOrigin = false;
  const aclTensor* y = nullptr;
  const aclTensor* yScale = nullptr;
  const aclTensor* yOrigin = nullptr;
};

constexpr const char* kOpName = "aclnnSwigluGroupQuant";

// Quant modes 0 and 1.
int CheckBlockTiling(const Args& a);
// Quant modes 2 and 3.
int CheckHifTiling(const Args& a);

}  // namespace sgq
}  // namespace ops
}  // namespace aclcpu
