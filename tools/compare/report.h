// The human-readable comparison report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "stats.h"
#include "tensor_file.h"

namespace aclcpu::compare {

// The C-order multi-dimensional index of flat element i: "[1, 2]" for i = 5 in [2, 3].
std::string FormatIndex(std::size_t flat, const std::vector<int64_t>& shape);

void PrintReport(std::ostream& out, const Tensor& actual, const Tensor& expected,
                 const Stats& stats, const Criterion& criterion, const Verdict& verdict);

}  // namespace aclcpu::compare
