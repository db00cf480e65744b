// The .npy container (format versions 1, 2 and 3): a magic string, a version, a header that is a
// Python dict literal {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)}, then the data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "dtype.h"

namespace aclcpu::compare {

struct NpyHeader {
  std::string descr;  // as written, e.g. "<f4"
  std::vector<int64_t> shape;
  std::size_t dataOffset = 0;  // bytes before the first element
};

// True when the bytes start with the .npy magic string.
bool LooksLikeNpy(const std::string& bytes);

// Parses the header at the start of bytes. Throws InputError("malformed .npy: ...") for a bad
// magic, an unknown version, a truncated or unparsable header, missing keys, negative dimensions
// and fortran_order=True (only C order is supported).
NpyHeader ParseNpyHeader(const std::string& bytes);

// A version-1 header (version 2 when it does not fit) for a C-order array, padded so that the
// data starts at a multiple of 64 bytes. BFLOAT16, which numpy lacks, is written as "<V2".
std::string MakeNpyHeader(DType dtype, const std::vector<int64_t>& shape);

}  // namespace aclcpu::compare
