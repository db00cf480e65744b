// Element-wise comparison of ACTUAL against EXPECTED (the reference) and the PASS/FAIL verdict.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "dtype.h"
#include "tensor_file.h"

namespace aclcpu::compare {

// The relative error of one element, as in the vendor's precision standard:
// |actual - expected| / (|expected| + kRelativeEpsilon).
constexpr double kRelativeEpsilon = 1e-7;

struct Criterion {
  // false: the vendor's standard (mean relative error < T, max < 10·T; integers and bool equal);
  // true: numpy allclose, |actual - expected| <= atol + rtol·|expected| for every element.
  bool allClose = false;
  double rtol = 0;
  double atol = 0;
  // Vendor standard only: elements whose relative error exceeds this are listed (default T).
  double listThreshold = 0;
  std::size_t maxListed = 10;
};

// Buckets of the ulp (floats) or absolute-difference (integers) histogram.
constexpr std::size_t kBucketCount = 7;
constexpr std::array<const char*, kBucketCount> kBucketLabels = {"0",   "1",    "2",  "3-4",
                                                                 "5-8", "9-16", ">16"};
std::size_t BucketOf(uint64_t distance);

enum class Outside { kThreshold, kNaN, kInf };

struct OutsideElement {
  std::size_t index;
  double actual;
  double expected;
  double absError;
  double relError;
  Outside why;
};

struct Stats {
  std::size_t count = 0;
  std::size_t nanMismatches = 0;  // exactly one of the two is NaN
  std::size_t infMismatches = 0;  // an infinity against anything but the same infinity
  std::size_t measured = 0;       // elements in the error statistics (all but the mismatches)
  double maxAbsError = 0, sumAbsError = 0;
  double maxRelError = 0, sumRelError = 0;
  std::size_t maxAbsIndex = 0, maxRelIndex = 0;
  std::array<std::size_t, kBucketCount> histogram{};
  uint64_t maxDistance = 0;  // ulp (floats) or |difference| (integers)
  std::size_t outsideCount = 0;
  std::vector<OutsideElement> firstOutside;  // the first Criterion::maxListed of them

  double MeanAbsError() const { return measured ? sumAbsError / measured : 0; }
  double MeanRelError() const { return measured ? sumRelError / measured : 0; }
};

// Both tensors have the same dtype and element count (Resolve checked it).
Stats Compute(const Tensor& actual, const Tensor& expected, const Criterion& criterion);

struct Verdict {
  bool pass;
  std::string reason;  // one line: the numbers and the bar they were held to
};

Verdict Judge(const Stats& stats, DType dtype, const Criterion& criterion);

}  // namespace aclcpu::compare
