// Reading the two tensors: raw dumps (aclrtMemcpy + fwrite) or .npy files, and settling each
// one's dtype and shape from the .npy header, the user's --dtype/--shape, or the other file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dtype.h"

namespace aclcpu::compare {

// A file as read, before its dtype and shape are settled.
struct TensorFile {
  std::string role;  // "ACTUAL" or "EXPECTED", for messages
  std::string path;
  std::string bytes;     // the whole file
  bool isNpy = false;    // from the magic string (or a .npy name, then the header must parse)
  std::string npyDescr;  // when isNpy
  std::vector<int64_t> npyShape;
  std::size_t dataOffset = 0;
};

// A tensor ready to compare: elements at data + i * Info(dtype).size, C order.
struct Tensor {
  std::string role;
  std::string path;
  DType dtype = DType::kFloat;
  std::vector<int64_t> shape;
  bool shapeGiven = false;  // from a .npy header or --shape (else 1-D, inferred from the size)
  std::string bytes;
  std::size_t dataOffset = 0;
  std::size_t count = 0;

  const unsigned char* Element(std::size_t i) const {
    return reinterpret_cast<const unsigned char*>(bytes.data()) + dataOffset + i * Info(dtype).size;
  }
};

// What the user said about the tensors' layout.
struct LayoutOptions {
  std::optional<DType> dtype;
  std::optional<std::vector<int64_t>> shape;
};

// Reads the file; throws InputError when it cannot be read or its .npy header is malformed.
TensorFile ReadTensorFile(const std::string& role, const std::string& path);

// Settles dtype and shape of both tensors and checks that each file holds exactly
// dtype x shape and that the two agree. Throws InputError with a message naming the file.
void Resolve(TensorFile actualFile, TensorFile expectedFile, const LayoutOptions& options,
             Tensor* actual, Tensor* expected);

// Product of the dimensions (1 for a 0-d shape); throws InputError on overflow.
std::size_t ElementCount(const std::vector<int64_t>& shape);

// "[2, 3]"
std::string FormatShape(const std::vector<int64_t>& shape);

}  // namespace aclcpu::compare
