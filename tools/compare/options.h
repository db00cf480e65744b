// Command line of aclnn-cpu-compare.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "stats.h"
#include "tensor_file.h"

namespace aclcpu::compare {

struct Options {
  bool help = false;
  std::string actualPath;
  std::string expectedPath;
  LayoutOptions layout;
  std::optional<double> rtol, atol, threshold;
  std::size_t maxListed = 10;
};

// Throws InputError for unknown options, missing values, bad numbers, dtypes or shapes, and a
// file count other than two.
Options ParseOptions(int argc, const char* const* argv);

// "2,3", "2x3", "[2, 3]", "(2, 3)"; "" or "[]" is a 0-d tensor (one element).
std::vector<int64_t> ParseShape(const std::string& text);

// The comparison rule the options select (the vendor's standard unless --rtol/--atol).
Criterion MakeCriterion(const Options& options, DType dtype);

const char* UsageText();

}  // namespace aclcpu::compare
