#include "op_test_util.h"

#include <cstring>
#include <limits>

namespace optest {
namespace {
aclrtStream gStream = nullptr;
}

void AclEnvironment::SetUp() {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&gStream), ACL_SUCCESS);
}

void AclEnvironment::TearDown() {
  aclrtDestroyStream(gStream);
  aclrtResetDevice(0);
  aclFinalize();
}

aclrtStream AclEnvironment::Stream() { return gStream; }

std::string SocName() {
  const char* name = aclrtGetSocName();
  return name != nullptr ? name : "";
}

bool ChipIsLegacy() { return SocName().rfind("Ascend950", 0) != 0; }

bool ChipHasBf16() {
  const std::string name = SocName();
  return name.rfind("Ascend910B", 0) == 0 || name.rfind("Ascend910_93", 0) == 0 ||
         name.rfind("Ascend950", 0) == 0;
}

DeviceBuffer::DeviceBuffer(size_t bytes) : bytes_(bytes) {
  EXPECT_EQ(aclrtMalloc(&ptr_, bytes == 0 ? 1 : bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
}

DeviceBuffer::~DeviceBuffer() {
  if (ptr_ != nullptr) aclrtFree(ptr_);
}

void DeviceBuffer::Upload(const void* host, size_t bytes, size_t byteOffset) {
  if (bytes == 0) return;
  ASSERT_LE(byteOffset + bytes, bytes_);
  ASSERT_EQ(aclrtMemcpy(static_cast<char*>(ptr_) + byteOffset, bytes_ - byteOffset, host, bytes,
                        ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_SUCCESS);
}

FloatTensor::FloatTensor(const std::vector<int64_t>& shape, const std::vector<float>& values)
    : buffer(values.size() * sizeof(float)), tensor(shape, ACL_FLOAT, buffer.data()) {
  buffer.Upload(values.data(), values.size() * sizeof(float));
}

std::vector<float> FloatTensor::Read() const {
  const std::vector<uint8_t> bytes = buffer.Download();
  std::vector<float> v(bytes.size() / sizeof(float));
  std::memcpy(v.data(), bytes.data(), v.size() * sizeof(float));
  return v;
}

std::vector<uint8_t> DeviceBuffer::Download() const {
  std::vector<uint8_t> host(bytes_);
  if (bytes_ != 0) {
    EXPECT_EQ(aclrtMemcpy(host.data(), host.size(), ptr_, bytes_, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
  }
  return host;
}

Tensor::Tensor(const std::vector<int64_t>& shape, aclDataType dtype, void* data,
               const std::vector<int64_t>* strides, int64_t offset, aclFormat format) {
  t_ = aclCreateTensor(shape.data(), shape.size(), dtype, strides ? strides->data() : nullptr,
                       offset, format, shape.data(), shape.size(), data);
  EXPECT_NE(t_, nullptr);
}

Tensor::~Tensor() {
  if (t_ != nullptr) aclDestroyTensor(t_);
}

Tensor& Tensor::operator=(Tensor&& other) noexcept {
  if (this != &other) {
    if (t_ != nullptr) aclDestroyTensor(t_);
    t_ = other.t_;
    other.t_ = nullptr;
  }
  return *this;
}

std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) {
    strides[i] = strides[i + 1] * shape[i + 1];
  }
  return strides;
}

int64_t NumElements(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::string TakeErrMsg() {
  const char* msg = aclGetRecentErrMsg();
  return msg != nullptr ? msg : "";
}

// Rounds |a| (finite, > 0) to `bits` explicit mantissa bits with nearest-even, in double, with
// gradual underflow below 2^minExp. Returns the rounded magnitude.
static double RoundMagnitude(double a, int bits, int minExp) {
  int e;
  std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  int exp = e - 1;    // a in [2^exp, 2^(exp+1))
  if (exp < minExp) exp = minExp;
  const double quantum = std::ldexp(1.0, exp - bits);
  return std::nearbyint(a / quantum) * quantum;  // exact: a/quantum has < 53 significant bits
}

uint16_t FloatToHalfRne(float f) {
  if (std::isnan(f)) return 0x7e00;
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  const double a = std::fabs(static_cast<double>(f));
  if (a == 0) return sign;
  const double r = RoundMagnitude(a, 10, -14);
  if (r >= 65536.0) return sign | 0x7c00;
  if (r < std::ldexp(1.0, -14)) return sign | static_cast<uint16_t>(r / std::ldexp(1.0, -24));
  int e;
  const double m = std::frexp(r, &e);  // r = m * 2^e
  const int biased = e - 1 + 15;
  const auto frac = static_cast<uint16_t>((m * 2 - 1) * 1024);
  return sign | static_cast<uint16_t>(biased << 10) | frac;
}

uint16_t FloatToHalfSat(float f) {
  if (std::isnan(f)) return 0;
  const uint16_t h = FloatToHalfRne(f);
  if ((h & 0x7fff) == 0x7c00) return (h & 0x8000) | 0x7bff;
  return h;
}

float HalfToFloat(uint16_t h) {
  const int exp = (h >> 10) & 0x1f;
  const int frac = h & 0x3ff;
  double v;
  if (exp == 0x1f) {
    v = frac ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  } else if (exp == 0) {
    v = std::ldexp(frac, -24);
  } else {
    v = std::ldexp(1024 + frac, exp - 25);
  }
  return static_cast<float>((h & 0x8000) ? -v : v);
}

uint16_t FloatToBf16Rne(float f) {
  if (std::isnan(f)) return 0x7fc0;
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  const double a = std::fabs(static_cast<double>(f));
  if (a == 0) return sign;
  const double r = RoundMagnitude(a, 7, -126);
  const float rf = static_cast<float>(r);  // exact, or inf on overflow
  uint32_t bits;
  std::memcpy(&bits, &rf, 4);
  return sign | static_cast<uint16_t>(bits >> 16);
}

float Bf16ToFloat(uint16_t b) {
  const uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

double UlpsApart(double value, double ref, int mantissaBits, int minExp) {
  if (std::isnan(value) && std::isnan(ref)) return 0;
  if (value == ref) return 0;
  if (std::isinf(value) || std::isinf(ref) || std::isnan(value) || std::isnan(ref)) {
    return std::numeric_limits<double>::infinity();
  }
  int e;
  std::frexp(std::fabs(ref), &e);
  int exp = e - 1;
  if (ref == 0 || exp < minExp) exp = minExp;
  return std::fabs(value - ref) / std::ldexp(1.0, exp - mantissaBits);
}

void ExpectNotTrivial(const std::vector<uint8_t>& bytes, uint8_t sentinel) {
  bool anyNonZero = false;
  bool anyNotSentinel = false;
  for (uint8_t b : bytes) {
    anyNonZero |= b != 0;
    anyNotSentinel |= b != sentinel;
  }
  EXPECT_TRUE(anyNonZero) << "output is all zero";
  EXPECT_TRUE(anyNotSentinel) << "output was never written";
}

}  // namespace optest
