#include "report.h"

#include <cinttypes>
#include <cstdio>

namespace aclcpu::compare {
namespace {

std::string Format(const char* fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

std::string Sci(double v) { return Format("%.6e", v); }

// Enough digits to tell neighbouring values of the dtype apart.
std::string Value(DType dtype, double v) {
  if (Info(dtype).kind != Kind::kFloat) return Format("%.0f", v);
  return Format(dtype == DType::kDouble ? "%.17g" : "%.9g", v);
}

std::string Describe(const Tensor& t) {
  return t.path + "  (" + Info(t.dtype).name + " " + FormatShape(t.shape) + ")";
}

void Line(std::ostream& out, const std::string& label, const std::string& value) {
  std::string padded = label;
  padded.resize(21, ' ');
  out << padded << value << '\n';
}

std::string OutsideRule(const Criterion& c, DType dtype) {
  if (c.allClose) return "|actual - expected| > atol + rtol*|expected|";
  if (Info(dtype).kind != Kind::kFloat) return "actual != expected";
  return "relative error > " + Sci(c.listThreshold) + ", or a NaN/inf mismatch";
}

}  // namespace

std::string FormatIndex(std::size_t flat, const std::vector<int64_t>& shape) {
  std::vector<int64_t> index(shape.size());
  for (std::size_t k = shape.size(); k-- > 0;) {
    const auto dim = static_cast<std::size_t>(shape[k]);
    index[k] = static_cast<int64_t>(dim ? flat % dim : 0);
    flat = dim ? flat / dim : 0;
  }
  return FormatShape(index);
}

void PrintReport(std::ostream& out, const Tensor& actual, const Tensor& expected, const Stats& s,
                 const Criterion& criterion, const Verdict& verdict) {
  const DType dtype = actual.dtype;
  const bool isFloat = Info(dtype).kind == Kind::kFloat;
  const std::vector<int64_t>& shape = expected.shape;
  Line(out, "ACTUAL", Describe(actual));
  Line(out, "EXPECTED (reference)", Describe(expected));
  Line(out, "elements", std::to_string(s.count));
  if (s.count == 0) {
    out << verdict.reason << '\n';
    return;
  }
  if (s.measured == 0) {
    out << "no element pair to measure errors on (all are NaN/inf mismatches)\n";
  } else {
    Line(out, "max absolute error",
         Sci(s.maxAbsError) + "  at " + FormatIndex(s.maxAbsIndex, shape));
    Line(out, "mean absolute error", Sci(s.MeanAbsError()));
    Line(out, "max relative error",
         Sci(s.maxRelError) + "  at " + FormatIndex(s.maxRelIndex, shape));
    Line(out, "mean relative error", Sci(s.MeanRelError()));
    out << "  relative error = |actual - expected| / (|expected| + " +
               Format("%g", kRelativeEpsilon) + ")\n";
  }
  out << (isFloat
              ? "ulp distance (steps between the values in " + std::string(Info(dtype).name) + ")"
              : std::string("absolute difference"))
      << ", max " << s.maxDistance << ":\n";
  for (std::size_t b = 0; b < kBucketCount; ++b) {
    char row[96];
    std::snprintf(row, sizeof row, "  %6s  %12zu  %7.3f%%\n", kBucketLabels[b], s.histogram[b],
                  100.0 * static_cast<double>(s.histogram[b]) / static_cast<double>(s.count));
    out << row;
  }
  if (isFloat) {
    Line(out, "NaN mismatches", std::to_string(s.nanMismatches));
    Line(out, "inf mismatches", std::to_string(s.infMismatches));
  }
  Line(out, "outside threshold",
       std::to_string(s.outsideCount) + "  (" + OutsideRule(criterion, dtype) + ")");
  for (const OutsideElement& e : s.firstOutside) {
    out << "  " << FormatIndex(e.index, shape) << "  actual " << Value(dtype, e.actual)
        << "  expected " << Value(dtype, e.expected);
    if (e.why == Outside::kNaN) {
      out << "  NaN mismatch";
    } else if (e.why == Outside::kInf) {
      out << "  inf mismatch";
    } else {
      out << "  abs " << Format("%.3e", e.absError) << "  rel " << Format("%.3e", e.relError);
    }
    out << '\n';
  }
  if (s.outsideCount > s.firstOutside.size()) {
    out << "  ... " << s.outsideCount - s.firstOutside.size() << " more\n";
  }
  out << verdict.reason << '\n';
}

}  // namespace aclcpu::compare
