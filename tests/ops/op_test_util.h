// Helpers for operator tests: a device/stream environment, device buffers, tensors, an
// independent reference for fp16/bf16 rounding, and random data with printed seeds.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"

namespace optest {

// aclInit + device 0 + one stream for the whole test binary.
class AclEnvironment : public ::testing::Environment {
 public:
  void SetUp() override;
  void TearDown() override;
  static aclrtStream Stream();
};

std::string SocName();  // aclrtGetSocName(), "" when null
bool ChipIsLegacy();    // kernel generation of the emulated chip
bool ChipHasBf16();

// Owns one aclrtMalloc allocation.
class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  void* data() const { return ptr_; }
  size_t bytes() const { return bytes_; }
  void Upload(const void* host, size_t bytes, size_t byteOffset = 0);
  std::vector<uint8_t> Download() const;

 private:
  void* ptr_ = nullptr;
  size_t bytes_ = 0;
};

// Owns one aclTensor.
class Tensor {
 public:
  Tensor() = default;
  Tensor(const std::vector<int64_t>& shape, aclDataType dtype, void* data,
         const std::vector<int64_t>* strides = nullptr, int64_t offset = 0,
         aclFormat format = ACL_FORMAT_ND);
  ~Tensor();
  Tensor(Tensor&& other) noexcept : t_(other.t_) { other.t_ = nullptr; }
  Tensor& operator=(Tensor&& other) noexcept;
  aclTensor* get() const { return t_; }

 private:
  aclTensor* t_ = nullptr;
};

// Runs phase 2 on the shared stream and synchronizes.
inline aclnnStatus RunPhase2(aclnnStatus (*phase2)(void*, uint64_t, aclOpExecutor*, aclrtStream),
                             uint64_t workspaceSize, aclOpExecutor* executor) {
  EXPECT_EQ(workspaceSize, 0u);
  const aclnnStatus st = phase2(nullptr, workspaceSize, executor, AclEnvironment::Stream());
  if (st != ACLNN_SUCCESS) return st;
  return aclrtSynchronizeStream(AclEnvironment::Stream());
}

// A contiguous FLOAT tensor over its own device buffer, filled with `values`.
struct FloatTensor {
  DeviceBuffer buffer;
  Tensor tensor;
  FloatTensor(const std::vector<int64_t>& shape, const std::vector<float>& values);
  aclTensor* get() const { return tensor.get(); }
  void* data() const { return buffer.data(); }
  std::vector<float> Read() const;
};

std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& shape);
int64_t NumElements(const std::vector<int64_t>& shape);
std::string TakeErrMsg();  // aclGetRecentErrMsg() as a string ("" when null)

// Independent IEEE conversions (written for the tests, not shared with the library).
uint16_t FloatToHalfRne(float f);  // no saturation: overflow → inf
uint16_t FloatToHalfSat(float f);  // saturating at ±65504 (NaN → 0)
float HalfToFloat(uint16_t h);
uint16_t FloatToBf16Rne(float f);
float Bf16ToFloat(uint16_t b);
// Distance in units in the last place of a format with `mantissaBits` explicit bits and
// minimum normal exponent `minExp`, measured at the magnitude of `ref`.
double UlpsApart(double value, double ref, int mantissaBits, int minExp);

// Seeded generator; the seed is printed by SCOPED_TRACE in each test.
struct Rng {
  explicit Rng(uint32_t seed) : engine(seed) {}
  float Uniform(float lo, float hi) {
    return std::uniform_real_distribution<float>(lo, hi)(engine);
  }
  int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine); }
  std::mt19937 engine;
};

// A guard against tests that cannot fail: the output must differ from all-zero and from the
// sentinel the buffer was filled with.
void ExpectNotTrivial(const std::vector<uint8_t>& bytes, uint8_t sentinel);

}  // namespace optest
