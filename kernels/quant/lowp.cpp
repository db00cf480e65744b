#include "quant/lowp.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

namespace aclcpu {
namespace kernels {
namespace quant {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// IEEE-like layout with `e` exponent bits and `m` mantissa bits (subnormals at exponent 0).
float DecodeIeee(uint8_t code, int e, int m, bool hasInf, bool nanAllOnes) {
  const int bits = 1 + e + m;
  const bool negative = (code >> (bits - 1)) & 1;
  const int exp = (code >> m) & ((1 << e) - 1);
  const int mant = code & ((1 << m) - 1);
  const int bias = (1 << (e - 1)) - 1;
  float v;
  if (hasInf && exp == (1 << e) - 1) {
    v = mant == 0 ? kInf : kNaN;
  } else if (nanAllOnes && exp == (1 << e) - 1 && mant == (1 << m) - 1) {
    v = kNaN;
  } else if (exp == 0) {
    v = std::ldexp(static_cast<float>(mant), 1 - bias - m);
  } else {
    v = std::ldexp(static_cast<float>((1 << m) | mant), exp - bias - m);
  }
  return negative ? -v : v;
}

// HiFloat8 (arXiv 2409.16626): after the sign, a dot code gives the exponent width D:
// 11 → 4, 10 → 3, 01 → 2, 001 → 1, 0001 → 0, 0000 → denormal. The exponent is sign-magnitude
// with an implicit leading one (magnitude 2^(D-1) + the D-1 bits that follow its sign bit);
// the remaining bits are the mantissa. Denormals: 2^(M - 23), M = 1..7. 0x00 is zero, 0x80 NaN,
// 0x6F / 0xEF ±inf.
float DecodeHif8(uint8_t code) {
  const bool negative = code & 0x80;
  const int low = code & 0x7f;
  float v;
  if ((low & 0x78) == 0) {
    if (code == 0x80) return kNaN;
    v = low == 0 ? 0.0f : std::ldexp(1.0f, low - 23);
  } else if (low == 0x6f) {
    v = kInf;
  } else {
    int d;
    int rest;  // bits after the dot code
    if ((low & 0x78) == 0x08) {
      d = 0;
      rest = low & 0x07;
    } else if ((low & 0x70) == 0x10) {
      d = 1;
      rest = low & 0x0f;
    } else {
      d = ((low >> 5) & 3) + 1;  // 01 → 2, 10 → 3, 11 → 4
      rest = low & 0x1f;
    }
    const int restBits = d == 0 ? 3 : (d == 1 ? 4 : 5);
    const int m = restBits - d;
    const int mant = rest & ((1 << m) - 1);
    int exponent = 0;
    if (d > 0) {
      const int expBits = rest >> m;  // sign bit, then d - 1 magnitude bits
      const int magnitude = (1 << (d - 1)) + (expBits & ((1 << (d - 1)) - 1));
      exponent = (expBits >> (d - 1)) ? -magnitude : magnitude;
    }
    v = std::ldexp(static_cast<float>((1 << m) | mant), exponent - m);
  }
  return negative ? -v : v;
}

struct Entry {
  double value;
  uint8_t code;
};

// The non-negative finite values of a format in increasing order (one code per value), the
// code of its NaN and infinity, and the step just past its largest value (for rounding there).
struct Table {
  std::array<Entry, 128> entries{};
  int count = 0;
  double beyond = 0;        // the next value of the grid past the largest finite one
  bool beyondEven = false;  // whether that virtual code would be even (ties to even)
  uint8_t nan = 0;
  uint8_t inf = 0;  // 0 when the format has none
  uint8_t sign = 0x80;
};

Table Build(Format format) {
  Table t;
  const int codes = format == Format::kFloat4E2M1 ? 16 : 256;
  t.sign = format == Format::kFloat4E2M1 ? 0x8 : 0x80;
  for (int c = 0; c < codes; ++c) {
    if (c & t.sign) continue;
    const float v = Decode(format, static_cast<uint8_t>(c));
    if (std::isnan(v) || std::isinf(v)) continue;
    t.entries[t.count++] = Entry{v, static_cast<uint8_t>(c)};
  }
  std::sort(t.entries.begin(), t.entries.begin() + t.count,
            [](const Entry& a, const Entry& b) { return a.value < b.value; });
  const Entry& top = t.entries[t.count - 1];
  const double below = t.entries[t.count - 2].value;
  switch (format) {
    case Format::kFloat8E4M3FN:  // 448 = 1.75 * 2^8; next would be 1.875 * 2^8 (code 0x7f)
      t.beyond = 480.0;
      t.beyondEven = false;
      t.nan = 0x7f;
      break;
    case Format::kFloat8E5M2:  // 57344 = 1.75 * 2^15; next is 2^16 (the inf code 0x7c)
      t.beyond = 65536.0;
      t.beyondEven = true;
      t.nan = 0x7e;
      t.inf = 0x7c;
      break;
    case Format::kHiFloat8:  // 32768 = 2^15 (0x6e); next is 1.5 * 2^15 (the inf code 0x6f)
      t.beyond = 49152.0;
      t.beyondEven = false;
      t.nan = 0x80;
      t.inf = 0x6f;
      break;
    case Format::kFloat4E2M1:  // 6 = 1.5 * 2^2; next would be 2^3
      t.beyond = top.value + (top.value - below);
      t.beyondEven = true;
      t.nan = 0x0;
      break;
  }
  return t;
}

const Table& TableOf(Format format) {
  static const std::array<Table, 4> tables = {Build(Format::kFloat8E4M3FN),
                                              Build(Format::kFloat8E5M2), Build(Format::kHiFloat8),
                                              Build(Format::kFloat4E2M1)};
  return tables[static_cast<size_t>(format)];
}

// Picks between neighbours lo < a < hi: the nearer, a tie by `rounding`.
bool TakeUpper(double a, double lo, double hi, bool hiEven, Rounding rounding) {
  const double mid = lo + (hi - lo) / 2;  // exact in double for these grids
  if (a != mid) return a > mid;
  return rounding == Rounding::kRound ? true : hiEven;
}

}  // namespace

float Decode(Format format, uint8_t code) {
  switch (format) {
    case Format::kFloat8E4M3FN:
      return DecodeIeee(code, 4, 3, false, true);
    case Format::kFloat8E5M2:
      return DecodeIeee(code, 5, 2, true, false);
    case Format::kHiFloat8:
      return DecodeHif8(code);
    case Format::kFloat4E2M1:
      return DecodeIeee(code & 0xf, 2, 1, false, false);
  }
  return kNaN;
}

uint8_t Encode(Format format, float value, Rounding rounding, bool saturate) {
  const Table& t = TableOf(format);
  if (std::isnan(value)) return t.nan;
  const bool negative = std::signbit(value);
  const double a = std::fabs(static_cast<double>(value));
  const Entry* first = t.entries.data();
  const Entry* last = first + t.count;
  const Entry* it =
      std::lower_bound(first, last, a, [](const Entry& e, double x) { return e.value < x; });
  uint8_t code;
  if (it == last) {  // past the largest finite value
    const Entry& top = last[-1];
    const bool over = std::isinf(a) || TakeUpper(a, top.value, t.beyond, t.beyondEven, rounding);
    if (!over || saturate || format == Format::kFloat4E2M1) {
      code = top.code;
    } else {
      code = t.inf != 0 ? t.inf : t.nan;
    }
  } else if (it->value == a) {
    code = it->code;
  } else {
    const Entry& lo = it[-1];  // it > first: entries start with 0 and a > 0 here
    code = TakeUpper(a, lo.value, it->value, (it->code & 1) == 0, rounding) ? it->code : lo.code;
  }
  if (negative && !(format == Format::kHiFloat8 && code == 0)) code |= t.sign;
  return code;
}

int8_t EncodeInt8(float value, Rounding rounding) {
  if (std::isnan(value)) return 0;
  const double r = rounding == Rounding::kRint ? std::nearbyint(static_cast<double>(value))
                                               : std::round(static_cast<double>(value));
  return static_cast<int8_t>(std::min(127.0, std::max(-128.0, r)));
}

float DecodeE8M0(uint8_t code) {
  if (code == 0xff) return kNaN;
  return std::ldexp(1.0f, static_cast<int>(code) - 127);
}

uint8_t EncodeE8M0Ceil(float value) {
  if (!(value > 0.0f) || std::isinf(value)) return 0xff;
  int e;
  const float m = std::frexp(value, &e);       // value = m * 2^e, m in [0.5, 1)
  const int exponent = m == 0.5f ? e - 1 : e;  // ceil(log2(value))
  return static_cast<uint8_t>(std::min(254, std::max(0, exponent + 127)));
}

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
