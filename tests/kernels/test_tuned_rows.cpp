// Every hand-tuned kernel-list row against the generic row it overrides, bit for bit: a tuned
// row is an optimisation and must not change a single output. int8 rows see every input byte
// (one input) or every pair of bytes (two inputs); other dtypes random bit patterns. Lengths and
// output alignments around the vector widths, with and without streaming stores, under several
// sets of scalar parameters (zeros, finite, beyond the 16-bit ranges, ±inf, NaN), and nothing is
// written outside the output.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "elementwise/registry.h"

namespace {

namespace k = aclcpu::kernels;

const k::KernelRow* GenericOf(const k::KernelRow& tuned) {
  size_t n = 0;
  const k::KernelRow* rows = k::KernelRows(&n);
  for (size_t i = 0; i < n; ++i) {
    const k::KernelRow& r = rows[i];
    if (!r.tuned && r.op == tuned.op && r.gen == tuned.gen && r.dtype == tuned.dtype) return &r;
  }
  return nullptr;
}

// Tuned rows that override a generic row (a tuned row without one is the only kernel of its key
// and is checked by the generic tester alone).
std::vector<const k::KernelRow*> TunedRows() {
  size_t n = 0;
  const k::KernelRow* rows = k::KernelRows(&n);
  std::vector<const k::KernelRow*> v;
  for (size_t i = 0; i < n; ++i) {
    if (rows[i].tuned && GenericOf(rows[i]) != nullptr) v.push_back(&rows[i]);
  }
  return v;
}

// Input k of element i: for int8, the digits of i in base 256 (every combination once per 256^N
// elements, N inputs); for 16-bit dtypes the last input is i itself (every bit pattern once in
// 2^16 elements) and the others random; int32: every other element small or extreme, the rest
// random; otherwise random bytes.
std::vector<uint8_t> Inputs(const k::KernelRow& row, int which, int numIn, int64_t n) {
  const size_t isz = k::DTypeSize(row.dtype);
  std::vector<uint8_t> v(static_cast<size_t>(n) * isz);
  if (row.dtype == k::DType::I8) {
    for (int64_t i = 0; i < n; ++i) {
      int64_t d = i;
      for (int s = numIn - 1; s > which; --s) d /= 256;
      v[i] = static_cast<uint8_t>(d & 255);
    }
  } else {
    std::mt19937 rng(1234u + static_cast<unsigned>(which));
    for (auto& b : v) b = static_cast<uint8_t>(rng());
    if (isz == 2 && which == numIn - 1) {
      for (int64_t i = 0; i < n; ++i) {
        const uint16_t bits = static_cast<uint16_t>(i);
        std::memcpy(&v[static_cast<size_t>(i) * 2], &bits, 2);
      }
    }
    if (row.dtype == k::DType::I32) {  // every other element small (-1024..1023) or extreme
      const int32_t extremes[] = {INT32_MIN, INT32_MIN + 1, -16777217, 16777217, INT32_MAX};
      for (int64_t i = 0; i < n; i += 2) {
        const int64_t j = i / 2;
        const int32_t x = j < 5 ? extremes[j] : static_cast<int32_t>(j % 2048 - 1024);
        std::memcpy(&v[static_cast<size_t>(i) * 4], &x, 4);
      }
    }
  }
  return v;
}

void CompareOnInputs(const k::KernelRow& tuned, const k::KernelRow& generic, const k::OpInfo& info,
                     const std::vector<std::vector<uint8_t>>& in, int64_t all,
                     const k::KernelParams& params);

class TunedRow : public ::testing::TestWithParam<const k::KernelRow*> {};

TEST_P(TunedRow, BitwiseEqualToTheGenericRow) {
  const k::KernelRow& tuned = *GetParam();
  const k::KernelRow* generic = GenericOf(tuned);
  ASSERT_NE(generic, nullptr);
  const k::OpInfo& info = k::GetOpInfo(tuned.op);
  ASSERT_EQ(info.numOut, 1) << "extend this test for two outputs";
  const size_t isz = k::DTypeSize(tuned.dtype);
  int64_t all = 1;
  for (int j = 0; j < info.numIn; ++j) all *= 256;
  if (tuned.dtype != k::DType::I8) all = isz == 2 ? 65536 : 4096;
  std::vector<std::vector<uint8_t>> in;
  for (int j = 0; j < info.numIn; ++j) in.push_back(Inputs(tuned, j, info.numIn, all + 1));
  // Parameter sets: zeros, then scalars around and beyond the 16-bit ranges and non-finite ones
  // (the select rows of half_select.h turn them into bounds on the encodings).
  const float sets[][2] = {{0.0f, 0.0f},          {0.5f, -1.5f},         {-0.75f, 2.0f},
                           {1e-6f, 65504.0f},     {-65520.0f, 3e38f},    {NAN, 1.0f},
                           {INFINITY, -INFINITY}, {-INFINITY, INFINITY}, {1.0f, NAN}};
  for (const auto& set : sets) {
    k::KernelParams params;
    params.SetScalar(0, set[0]);
    params.SetScalar(1, set[1]);
    SCOPED_TRACE(::testing::Message() << "scalars " << set[0] << ", " << set[1]);
    CompareOnInputs(tuned, *generic, info, in, all, params);
  }
  // Guard: the comparison means something only if the outputs vary.
  std::vector<uint8_t> out(all * isz);
  const void* src[3] = {};
  for (int j = 0; j < info.numIn; ++j) src[j] = in[j].data();
  void* dst[1] = {out.data()};
  tuned.npu(dst, src, all, k::KernelParams(), false);
  size_t distinct = 0;
  std::vector<bool> seen(256, false);
  for (uint8_t b : out) {
    if (!seen[b]) ++distinct;
    seen[b] = true;
  }
  EXPECT_GE(distinct, 3u) << tuned.name;
}

// The first element whose bytes differ, or -1. Two NaNs of a float dtype count as equal: once a
// step overflows (inf * 0, inf - inf), whatever the parameters, both operands of a later step can
// be NaN (an input NaN and the one the step made), and which payload x86 keeps depends on the
// operand order the compiler chose: SwishBackward's generic and tuned rows differ so at -O3 with
// beta = NaN and at -O1 (the sanitizer build) with beta = -65520. No spec fixes NaN payloads.
int64_t FirstDifference(k::DType dtype, const uint8_t* a, const uint8_t* b, int64_t n) {
  const size_t isz = k::DTypeSize(dtype);
  auto isNan = [&](const uint8_t* p) {
    if (isz > 4) return false;  // (no 8-byte float row is compared loosely)
    uint32_t bits = 0;
    std::memcpy(&bits, p, isz);
    if (dtype == k::DType::F16) return (bits & 0x7FFFu) > 0x7C00u;
    if (dtype == k::DType::BF16) return (bits & 0x7FFFu) > 0x7F80u;
    if (dtype == k::DType::F32) return (bits & 0x7FFFFFFFu) > 0x7F800000u;
    return false;
  };
  for (int64_t i = 0; i < n; ++i) {
    const uint8_t* x = a + i * static_cast<int64_t>(isz);
    const uint8_t* y = b + i * static_cast<int64_t>(isz);
    if (std::memcmp(x, y, isz) == 0) continue;
    if (isNan(x) && isNan(y)) continue;
    return i;
  }
  return -1;
}

void CompareOnInputs(const k::KernelRow& tuned, const k::KernelRow& genericRow,
                     const k::OpInfo& info, const std::vector<std::vector<uint8_t>>& in,
                     int64_t all, const k::KernelParams& params) {
  const k::KernelRow* generic = &genericRow;
  const size_t isz = k::DTypeSize(tuned.dtype);
  for (int64_t n : {int64_t{1}, int64_t{15}, int64_t{31}, int64_t{32}, int64_t{33}, int64_t{63},
                    int64_t{64}, int64_t{65}, int64_t{127}, int64_t{200}, all, all + 1}) {
    for (int64_t start : {int64_t{0}, int64_t{1}}) {
      if (start + n > all + 1) continue;
      const void* src[3] = {};
      for (int j = 0; j < info.numIn; ++j) src[j] = in[j].data() + start * isz;
      std::vector<uint8_t> want(n * isz);
      void* wantOut[1] = {want.data()};
      generic->npu(wantOut, src, n, params, false);
      for (int offset : {0, 1, 5, 17, 63}) {  // output bytes past a 64-byte boundary
        for (bool stream : {false, true}) {
          constexpr size_t kGuard = 64;
          std::vector<uint8_t> storage(n * isz + 64 + 2 * kGuard + 64 * isz, 0xA5);
          uint8_t* base = storage.data() + (64 - reinterpret_cast<uintptr_t>(storage.data()) % 64);
          uint8_t* o = base + kGuard + offset * isz;
          void* out[1] = {o};
          tuned.npu(out, src, n, params, stream);
          ASSERT_EQ(FirstDifference(tuned.dtype, o, want.data(), n), -1)
              << tuned.name << " n " << n << " start " << start << " offset " << offset
              << (stream ? " streamed" : "");
          bool untouched = true;
          for (const uint8_t* p = storage.data(); p < o; ++p) untouched &= *p == 0xA5;
          for (const uint8_t* p = o + n * isz; p < storage.data() + storage.size(); ++p)
            untouched &= *p == 0xA5;
          ASSERT_TRUE(untouched) << tuned.name << " wrote outside the output, n " << n;
        }
      }
    }
  }
}

std::string RowName(const ::testing::TestParamInfo<const k::KernelRow*>& info) {
  std::string s = info.param->name;
  for (char& ch : s) {
    if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return s;
}

INSTANTIATE_TEST_SUITE_P(AllTunedRows, TunedRow, ::testing::ValuesIn(TunedRows()), RowName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TunedRow);

}  // namespace
