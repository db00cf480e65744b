#include "stats.h"

#include <cmath>
#include <cstdio>

namespace aclcpu::compare {
namespace {

std::string Sci(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6e", v);
  return buf;
}

std::string Plain(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// One element's errors, or why it could not be measured.
struct ElementResult {
  bool mismatch = false;  // NaN or inf mismatch: counted apart, no error statistics
  Outside why = Outside::kThreshold;
  double actual = 0, expected = 0;
  double absError = 0, relError = 0;
  uint64_t distance = 0;
};

ElementResult CompareFloat(DType dtype, const unsigned char* pa, const unsigned char* pe) {
  ElementResult r;
  r.actual = ToDouble(dtype, pa);
  r.expected = ToDouble(dtype, pe);
  const bool aNaN = std::isnan(r.actual), eNaN = std::isnan(r.expected);
  if (aNaN || eNaN) {
    r.mismatch = aNaN != eNaN;  // NaN against NaN is equal, whatever the payloads
    r.why = Outside::kNaN;
    return r;
  }
  if (std::isinf(r.actual) || std::isinf(r.expected)) {
    r.mismatch = r.actual != r.expected;
    r.why = Outside::kInf;
    return r;
  }
  r.absError = std::fabs(r.actual - r.expected);
  r.relError = r.absError / (std::fabs(r.expected) + kRelativeEpsilon);
  r.distance = UlpDistance(dtype, RawBits(dtype, pa), RawBits(dtype, pe));
  return r;
}

ElementResult CompareInteger(DType dtype, const unsigned char* pa, const unsigned char* pe) {
  ElementResult r;
  const int64_t a = ToInt64(dtype, pa), e = ToInt64(dtype, pe);
  // Modular unsigned subtraction gives the exact distance even across the whole int64 range.
  r.distance = a >= e ? static_cast<uint64_t>(a) - static_cast<uint64_t>(e)
                      : static_cast<uint64_t>(e) - static_cast<uint64_t>(a);
  r.actual = static_cast<double>(a);
  r.expected = static_cast<double>(e);
  r.absError = static_cast<double>(r.distance);
  r.relError = r.absError / (std::fabs(r.expected) + kRelativeEpsilon);
  return r;
}

}  // namespace

std::size_t BucketOf(uint64_t distance) {
  if (distance <= 2) return static_cast<std::size_t>(distance);
  if (distance <= 4) return 3;
  if (distance <= 8) return 4;
  if (distance <= 16) return 5;
  return 6;
}

Stats Compute(const Tensor& actual, const Tensor& expected, const Criterion& criterion) {
  Stats s;
  s.count = actual.count;
  const DType dtype = actual.dtype;
  const bool isFloat = Info(dtype).kind == Kind::kFloat;
  for (std::size_t i = 0; i < s.count; ++i) {
    const ElementResult r = isFloat ? CompareFloat(dtype, actual.Element(i), expected.Element(i))
                                    : CompareInteger(dtype, actual.Element(i), expected.Element(i));
    bool outside;
    if (r.mismatch) {
      (r.why == Outside::kNaN ? s.nanMismatches : s.infMismatches) += 1;
      outside = true;
    } else {
      ++s.measured;
      s.sumAbsError += r.absError;
      s.sumRelError += r.relError;
      if (r.absError > s.maxAbsError) {
        s.maxAbsError = r.absError;
        s.maxAbsIndex = i;
      }
      if (r.relError > s.maxRelError) {
        s.maxRelError = r.relError;
        s.maxRelIndex = i;
      }
      ++s.histogram[BucketOf(r.distance)];
      if (r.distance > s.maxDistance) s.maxDistance = r.distance;
      if (criterion.allClose) {
        outside = !(r.absError <= criterion.atol + criterion.rtol * std::fabs(r.expected));
      } else {
        outside = isFloat ? r.relError > criterion.listThreshold : r.distance != 0;
      }
    }
    if (!outside) continue;
    ++s.outsideCount;
    if (s.firstOutside.size() < criterion.maxListed) {
      s.firstOutside.push_back({i, r.actual, r.expected, r.absError, r.relError,
                                r.mismatch ? r.why : Outside::kThreshold});
    }
  }
  return s;
}

Verdict Judge(const Stats& s, DType dtype, const Criterion& criterion) {
  const DTypeInfo& info = Info(dtype);
  if (s.count == 0) return {true, "PASS: nothing to compare (0 elements)"};
  std::string mismatches;
  if (s.nanMismatches) mismatches += std::to_string(s.nanMismatches) + " NaN mismatch(es); ";
  if (s.infMismatches) mismatches += std::to_string(s.infMismatches) + " inf mismatch(es); ";

  if (criterion.allClose) {
    const std::string bar = "|actual - expected| <= atol + rtol*|expected| (rtol " +
                            Plain(criterion.rtol) + ", atol " + Plain(criterion.atol) + ")";
    if (s.outsideCount == 0) return {true, "PASS: every element satisfies " + bar};
    return {false, "FAIL: " + mismatches + std::to_string(s.outsideCount) + " of " +
                       std::to_string(s.count) + " elements fail " + bar};
  }
  if (info.kind != Kind::kFloat) {
    const std::string rule = std::string(" (") + info.name + ": exact equality)";
    if (s.outsideCount == 0) return {true, "PASS: all elements equal" + rule};
    return {false, "FAIL: " + std::to_string(s.outsideCount) + " of " + std::to_string(s.count) +
                       " elements differ" + rule};
  }
  const double t = info.vendorT;
  const std::string standard = std::string(", T = ") + info.vendorTText + " = " + Sci(t) + " for " +
                               info.name + " (vendor precision standard)";
  const bool meanOk = s.MeanRelError() < t, maxOk = s.maxRelError < 10 * t;
  const std::string numbers = "mean relative error " + Sci(s.MeanRelError()) +
                              (meanOk ? " < T" : " >= T") + ", max relative error " +
                              Sci(s.maxRelError) + (maxOk ? " < 10*T" : " >= 10*T");
  if (mismatches.empty() && meanOk && maxOk) return {true, "PASS: " + numbers + standard};
  return {false, "FAIL: " + mismatches + numbers + standard};
}

}  // namespace aclcpu::compare
