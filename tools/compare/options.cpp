#include "options.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "errors.h"

namespace aclcpu::compare {
namespace {

double ParseNumber(const std::string& option, const std::string& text) {
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || errno != 0 || !std::isfinite(v) || v < 0) {
    throw InputError(option + " needs a non-negative number, got '" + text + "'");
  }
  return v;
}

}  // namespace

const char* UsageText() {
  return R"(usage: aclnn-cpu-compare [options] ACTUAL EXPECTED

Compares tensor ACTUAL (e.g. the NPU's or aclnn-cpu's default output) against EXPECTED, the
reference (e.g. a float64 golden such as ACLNN_CPU_PRECISION=golden prints), element by element.
Either file may be a raw dump (the bytes aclrtMemcpy copied to the host, written with fwrite)
or a .npy file (format 1, 2 or 3, little-endian, C order), whose header gives dtype and shape.

options:
  --dtype D      element type of raw files: FLOAT, FLOAT16, BFLOAT16, DOUBLE, INT8, UINT8, INT16,
                 INT32, INT64, BOOL (case-insensitive, optional ACL_ prefix; also float32/fp32,
                 float16/fp16/half, bf16, float64/fp64, i8/u8/i16/i32/i64). A raw file next to a
                 .npy file takes the .npy's dtype and shape when not given.
  --shape S      shape of raw files, e.g. 2,3 or 2x3 or [2,3]; without it a raw file is 1-D.
                 Indices in the report are multi-dimensional in this shape.
  --rtol R       judge with numpy allclose instead of the vendor's standard: every element must
  --atol A       satisfy |actual - expected| <= atol + rtol*|expected| (the missing one is 0)
  --threshold X  vendor standard: list elements whose relative error exceeds X (default T)
  --show N       how many elements outside the threshold to list (default 10)
  -h, --help     this text

report: element count; max and mean absolute and relative error (relative error =
|actual - expected| / (|expected| + 1e-7)); a histogram of the distance in ulp of the dtype
(0, 1, 2, 3-4, 5-8, 9-16, >16 representable steps; integers: the absolute difference); NaN and
inf mismatches (NaN against NaN and an infinity against the same infinity are equal); the count
and first indices of elements outside the threshold; a final PASS or FAIL line.

verdict (default, the vendor's precision standard): PASS when there is no NaN/inf mismatch,
the mean relative error < T and the max relative error < 10*T, with T = 2^-13 for FLOAT,
2^-10 for FLOAT16, 2^-7 for BFLOAT16 and 2^-13 for DOUBLE (the standard names no DOUBLE value);
integers and BOOL must be equal. With --rtol/--atol: PASS when every element satisfies them.

exit status: 0 PASS, 1 FAIL, 2 usage or input error (unreadable file, unknown dtype, file size
not dtype x shape, tensors of different sizes or dtypes, malformed .npy).
)";
}

std::vector<int64_t> ParseShape(const std::string& text) {
  std::string body;
  for (char c : text) {
    if (c != '[' && c != ']' && c != '(' && c != ')' && c != ' ') body += c;
  }
  std::vector<int64_t> dims;
  if (body.empty()) return dims;
  std::size_t start = 0;
  while (true) {
    std::size_t end = body.find_first_of(",xX", start);
    const std::string field = body.substr(start, end == std::string::npos ? end : end - start);
    const bool last = end == std::string::npos;
    if (field.empty() && last && !dims.empty()) break;  // trailing comma, as in (4,)
    errno = 0;
    char* stop = nullptr;
    const long long v = std::strtoll(field.c_str(), &stop, 10);
    if (field.empty() || *stop != '\0' || errno != 0 || v < 0) {
      throw InputError("bad --shape '" + text +
                       "': expected non-negative dimensions separated by ',' or 'x', e.g. 2,3");
    }
    dims.push_back(v);
    if (last) break;
    start = end + 1;
  }
  return dims;
}

Options ParseOptions(int argc, const char* const* argv) {
  Options o;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      o.help = true;
      return o;
    }
    if (arg == "--") {  // everything after it is a file name
      for (++i; i < argc; ++i) files.push_back(argv[i]);
      break;
    }
    if (arg.size() < 2 || arg[0] != '-') {
      files.push_back(arg);
      continue;
    }
    std::string value;
    const std::size_t eq = arg.find('=');
    if (eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg.erase(eq);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      throw InputError(arg + " needs a value");
    }
    if (arg == "--dtype") {
      DType d;
      if (!ParseDType(value, &d)) {
        throw InputError("unknown dtype '" + value + "'; known: " + AcceptedDTypeNames());
      }
      o.layout.dtype = d;
    } else if (arg == "--shape") {
      o.layout.shape = ParseShape(value);
    } else if (arg == "--rtol") {
      o.rtol = ParseNumber(arg, value);
    } else if (arg == "--atol") {
      o.atol = ParseNumber(arg, value);
    } else if (arg == "--threshold") {
      o.threshold = ParseNumber(arg, value);
    } else if (arg == "--show") {
      const double n = ParseNumber(arg, value);
      if (n != std::floor(n)) throw InputError("--show needs a whole number, got '" + value + "'");
      o.maxListed = static_cast<std::size_t>(n);
    } else {
      throw InputError("unknown option '" + arg + "'");
    }
  }
  if (files.size() != 2) {
    throw InputError("expected two files, ACTUAL and EXPECTED; got " +
                     std::to_string(files.size()));
  }
  o.actualPath = files[0];
  o.expectedPath = files[1];
  return o;
}

Criterion MakeCriterion(const Options& options, DType dtype) {
  Criterion c;
  c.allClose = options.rtol.has_value() || options.atol.has_value();
  c.rtol = options.rtol.value_or(0);
  c.atol = options.atol.value_or(0);
  c.listThreshold = options.threshold.value_or(Info(dtype).vendorT);
  c.maxListed = options.maxListed;
  return c;
}

}  // namespace aclcpu::compare
