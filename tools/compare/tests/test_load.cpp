#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "errors.h"
#include "npy.h"
#include "tensor_file.h"
#include "test_support.h"

namespace aclcpu::compare {
namespace {

// Per-process names: several builds may run this suite at once on one machine.
// The files are removed when the test program exits.
std::string TempPath(const std::string& name) {
  struct Cleanup {
    std::vector<std::string> paths;
    ~Cleanup() {
      for (const std::string& p : paths) std::remove(p.c_str());
    }
  };
  static Cleanup cleanup;
  const std::string path =
      ::testing::TempDir() + "aclcpu_compare_" + std::to_string(getpid()) + "_" + name;
  cleanup.paths.push_back(path);
  return path;
}

std::string WriteFile(const std::string& name, const std::string& bytes) {
  const std::string path = TempPath(name);
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

std::string FloatBytes(const std::vector<float>& v) {
  return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
}

// The message of the InputError fn throws, or "" when it throws none.
template <typename Fn>
std::string ErrorOf(Fn fn) {
  try {
    fn();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

void Load(const std::string& a, const std::string& e, const LayoutOptions& options, Tensor* ta,
          Tensor* te) {
  Resolve(ReadTensorFile("ACTUAL", a), ReadTensorFile("EXPECTED", e), options, ta, te);
}

TEST(Npy, ParsesVersion1And2Headers) {
  // Version 1, as np.save writes it: 2-byte length, header padded to 64 bytes in total.
  std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
  dict.append(128 - 10 - dict.size() - 1, ' ');
  dict += '\n';
  std::string v1 = std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(dict.size()) + '\0';
  const NpyHeader h1 = ParseNpyHeader(v1 + dict);
  EXPECT_EQ(h1.descr, "<f4");
  EXPECT_EQ(h1.shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(h1.dataOffset, 128u);

  const std::string dict2 = "{\"shape\": (5,), \"fortran_order\": False, \"descr\": \"<f2\"}\n";
  std::string v2 = std::string("\x93NUMPY\x02\x00", 8);
  v2 += static_cast<char>(dict2.size());
  v2 += std::string(3, '\0');
  const NpyHeader h2 = ParseNpyHeader(v2 + dict2);
  EXPECT_EQ(h2.descr, "<f2");
  EXPECT_EQ(h2.shape, (std::vector<int64_t>{5}));
  EXPECT_EQ(h2.dataOffset, 12 + dict2.size());

  const std::string scalar = "{'descr': '|b1', 'fortran_order': False, 'shape': ()}";
  const NpyHeader h0 = ParseNpyHeader(std::string("\x93NUMPY\x01\x00", 8) +
                                      static_cast<char>(scalar.size()) + '\0' + scalar);
  EXPECT_TRUE(h0.shape.empty());
}

TEST(Npy, MalformedHeadersAreNamed) {
  auto v1 = [](const std::string& dict) {
    return std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(dict.size()) + '\0' + dict;
  };
  const struct {
    std::string bytes;
    const char* message;
  } rows[] = {
      {"NUMPY", "malformed .npy: the file does not start with the magic string \\x93NUMPY"},
      {std::string("\x93NUMPY\x01", 7), "malformed .npy: the file ends inside the preamble"},
      {std::string("\x93NUMPY\x04\x00\x00\x00", 10),
       "malformed .npy: unsupported format version 4"},
      {std::string("\x93NUMPY\x01\x00\x40\x00{}", 12),
       "malformed .npy: the header claims 64 bytes but the file has 2 after the preamble"},
      {v1("{'descr': '<f4', 'fortran_order': True, 'shape': (2,)}"),
       "malformed .npy: fortran_order is True; only C-order arrays are supported"},
      {v1("{'descr': '<f4', 'fortran_order': False}"), "malformed .npy: the header has no 'shape'"},
      {v1("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,)}"),
       "malformed .npy: negative dimension in the shape: "
       "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,)}"},
      {v1("{'descr': '<f4', 'shape': (2,), 'extra': 1}"),
       "malformed .npy: unexpected key 'extra' in the header"},
  };
  for (const auto& row : rows) {
    EXPECT_EQ(ErrorOf([&] { ParseNpyHeader(row.bytes); }), row.message);
  }
}

TEST(Npy, WrittenHeaderReadsBack) {
  const struct {
    DType dtype;
    std::vector<int64_t> shape;
    const char* descr;
  } rows[] = {{DType::kFloat, {2, 3}, "<f4"},
              {DType::kInt64, {7}, "<i8"},
              {DType::kBool, {}, "|b1"},
              {DType::kBFloat16, {1, 2, 3, 4}, "<V2"}};
  for (const auto& row : rows) {
    const std::string header = MakeNpyHeader(row.dtype, row.shape);
    EXPECT_EQ(header.size() % 64, 0u);
    EXPECT_EQ(header.back(), '\n');
    const NpyHeader parsed = ParseNpyHeader(header);
    EXPECT_EQ(parsed.descr, row.descr);
    EXPECT_EQ(parsed.shape, row.shape);
    EXPECT_EQ(parsed.dataOffset, header.size());
  }
  EXPECT_NE(MakeNpyHeader(DType::kFloat, {4}).find("'shape': (4,)"), std::string::npos);
}

TEST(Load, NpyRoundTripKeepsDtypeShapeAndValues) {
  const std::vector<float> values = {1.5f, -2.0f, 0.25f, 8.0f, -0.0f, 3.0f};
  const std::string path =
      WriteFile("rt.npy", MakeNpyHeader(DType::kFloat, {3, 2}) + FloatBytes(values));
  Tensor a, e;
  Load(path, path, {}, &a, &e);
  EXPECT_EQ(a.dtype, DType::kFloat);
  EXPECT_EQ(a.shape, (std::vector<int64_t>{3, 2}));
  ASSERT_EQ(a.count, 6u);
  for (std::size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(ToDouble(a.dtype, a.Element(i)), values[i]) << i;
  }
}

TEST(Load, RawFileTakesTheNpyPartnersLayout) {
  const std::vector<float> values = {1, 2, 3, 4};
  const std::string npy =
      WriteFile("partner.npy", MakeNpyHeader(DType::kFloat, {2, 2}) + FloatBytes(values));
  const std::string raw = WriteFile("partner.bin", FloatBytes(values));
  Tensor a, e;
  Load(raw, npy, {}, &a, &e);
  EXPECT_EQ(a.dtype, DType::kFloat);
  EXPECT_EQ(a.shape, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(ToDouble(a.dtype, a.Element(3)), 4.0);
}

TEST(Load, UntypedNpyTakesDtypeOption) {
  const std::string bytes("\x80\x3f\x00\x40", 4);  // bf16 1.0, 2.0
  const std::string path = WriteFile("bf16.npy", MakeNpyHeader(DType::kBFloat16, {2}) + bytes);
  Tensor a, e;
  LayoutOptions options;
  options.dtype = DType::kBFloat16;
  Load(path, path, options, &a, &e);
  EXPECT_EQ(ToDouble(a.dtype, a.Element(1)), 2.0);
  EXPECT_EQ(ErrorOf([&] { Load(path, path, {}, &a, &e); }),
            "ACTUAL '" + path +
                "' holds untyped 2-byte elements ('<V2', how ml_dtypes saves bfloat16): give the "
                "dtype with --dtype, e.g. --dtype BFLOAT16");
}

TEST(Load, ErrorsNameTheFileAndTheFault) {
  const std::string raw24 = WriteFile("24.bin", std::string(24, '\0'));
  const std::string raw32 = WriteFile("32.bin", std::string(32, '\0'));
  const std::string raw10 = WriteFile("10.bin", std::string(10, '\0'));
  const std::string npy =
      WriteFile("f4.npy", MakeNpyHeader(DType::kFloat, {2, 3}) + std::string(24, '\0'));
  const std::string shortNpy =
      WriteFile("short.npy", MakeNpyHeader(DType::kFloat, {2, 3}) + std::string(20, '\0'));
  const std::string missing = TempPath("missing.bin");
  std::remove(missing.c_str());
  LayoutOptions fp32;
  fp32.dtype = DType::kFloat;
  LayoutOptions fp32x23 = fp32;
  fp32x23.shape = std::vector<int64_t>{2, 3};
  LayoutOptions fp16 = fp32;
  fp16.dtype = DType::kFloat16;
  Tensor a, e;
  EXPECT_EQ(ErrorOf([&] { ReadTensorFile("ACTUAL", missing); }),
            "cannot read ACTUAL '" + missing + "': No such file or directory");
  EXPECT_EQ(
      ErrorOf([&] { Load(raw24, raw24, {}, &a, &e); }),
      "ACTUAL '" + raw24 + "' is a raw dump: give its dtype with --dtype (e.g. --dtype FLOAT)");
  EXPECT_EQ(
      ErrorOf([&] { Load(raw24, raw32, fp32x23, &a, &e); }),
      "EXPECTED '" + raw32 + "' has 32 bytes, but FLOAT x [2, 3] needs 24 (6 elements of 4 bytes)");
  EXPECT_EQ(ErrorOf([&] { Load(raw24, raw32, fp32, &a, &e); }),
            "the tensors differ in size: ACTUAL '" + raw24 + "' has 6 elements [6], EXPECTED '" +
                raw32 + "' has 8 [8] (FLOAT)");
  EXPECT_EQ(
      ErrorOf([&] { Load(raw10, raw10, fp32, &a, &e); }),
      "ACTUAL '" + raw10 + "' has 10 bytes, not a whole number of FLOAT elements (4 bytes each)");
  EXPECT_EQ(
      ErrorOf([&] { Load(npy, npy, fp16, &a, &e); }),
      "--dtype FLOAT16 disagrees with ACTUAL '" + npy + "', whose .npy header says FLOAT ('<f4')");
  EXPECT_EQ(ErrorOf([&] { Load(npy, shortNpy, {}, &a, &e); }),
            "malformed .npy: EXPECTED '" + shortNpy +
                "' has 20 data bytes after its header, but FLOAT x [2, 3] needs 24 (6 elements of "
                "4 bytes)");
  EXPECT_EQ(ErrorOf([&] { Load(raw24, npy, fp16, &a, &e); }),
            "--dtype FLOAT16 disagrees with EXPECTED '" + npy +
                "', whose .npy header says FLOAT ('<f4')");
  const std::string notNpy = WriteFile("text.npy", "hello");
  EXPECT_EQ(ErrorOf([&] { ReadTensorFile("EXPECTED", notNpy); }),
            "EXPECTED '" + notNpy +
                "': malformed .npy: the file does not start with the magic string \\x93NUMPY");
  // A guard that the good cases above really load.
  EXPECT_EQ(ErrorOf([&] { Load(raw24, npy, {}, &a, &e); }), "");
  EXPECT_EQ(a.count, 6u);
}

}  // namespace
}  // namespace aclcpu::compare
