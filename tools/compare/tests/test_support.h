// Building tensors in memory for the tests, independently of the file loader.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "tensor_file.h"

namespace aclcpu::compare::testing {

template <typename T>
Tensor MakeTensor(DType dtype, const std::vector<T>& values, std::vector<int64_t> shape = {}) {
  Tensor t;
  t.dtype = dtype;
  t.count = values.size();
  t.shape = shape.empty() ? std::vector<int64_t>{static_cast<int64_t>(values.size())} : shape;
  t.bytes.resize(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(&t.bytes[0], values.data(), t.bytes.size());
  return t;
}

inline float FloatFromBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

inline uint32_t BitsOf(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;
}

}  // namespace aclcpu::compare::testing
