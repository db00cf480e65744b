// fp16 conversions, data type sizes, recent-error text, last error, data buffers, version,
// SoC name and the application log.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>

#include "runtime_test_util.h"

namespace {

uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

float FromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

TEST(Fp16Test, HalfToFloat) {
  struct Row {
    uint16_t half;
    float expected;
  };
  const Row rows[] = {
      {0x0000, 0.0f},
      {0x8000, -0.0f},
      {0x3C00, 1.0f},
      {0xBC00, -1.0f},
      {0x3555, 0.333251953125f},
      {0x7BFF, 65504.0f},
      {0x0001, 5.9604644775390625e-08f},
      {0x03FF, 6.0975551605224609375e-05f},
      {0x0400, 6.103515625e-05f},
      {0x7C00, 65536.0f},  // +Inf pattern
      {0xFC00, -65536.0f},
      {0x7E00, 98304.0f},
      {0x7FFF, 131008.0f},
  };
  for (const Row& row : rows) {
    EXPECT_EQ(Bits(aclFloat16ToFloat(row.half)), Bits(row.expected)) << std::hex << row.half;
  }
}

TEST(Fp16Test, FloatToHalf) {
  struct Row {
    float value;
    uint16_t expected;
  };
  const float inf = std::numeric_limits<float>::infinity();
  const Row rows[] = {
      {0.0f, 0x0000},
      {-0.0f, 0x8000},
      {1.0f, 0x3C00},
      {-2.0f, 0xC000},
      {65504.0f, 0x7BFF},
      {65519.0f, 0x7BFF},  // rounds down to the largest half
      {65520.0f, 0x7BFF},  // would round to Inf: saturates
      {1e10f, 0x7BFF},
      {-1e10f, 0xFBFF},
      {inf, 0x7BFF},
      {-inf, 0xFBFF},
      {std::numeric_limits<float>::quiet_NaN(), 0x7BFF},
      {-std::numeric_limits<float>::quiet_NaN(), 0xFBFF},
      {1.0f + 1.0f / 2048, 0x3C00},                 // tie: to even (down)
      {1.0f + 3.0f / 2048, 0x3C02},                 // tie: to even (up)
      {1.0f + 1.0f / 2048 + 1.0f / 65536, 0x3C01},  // above the tie
      {5.9604644775390625e-08f, 0x0001},            // smallest subnormal
      {2.98023223876953125e-08f, 0x0000},           // half of it: tie to even -> 0
      {2.98023224e-08f * 1.0001f, 0x0001},          // just above the tie
      {-2.0e-08f, 0x8000},                          // underflow keeps the sign
      {1.0e-30f, 0x0000},
      {8.940696716308594e-08f, 0x0002},      // 1.5 units: tie -> even (2)
      {6.0975551605224609375e-05f, 0x03FF},  // largest subnormal
      {2047.0f / 33554432.0f, 0x0400},       // tie between 0x03FF and 0x0400: even, a normal
      {6.1e-05f, 0x03FF},                    // nearer the largest subnormal
      {FromBits(0x00000001), 0x0000},        // float subnormal
  };
  for (const Row& row : rows) {
    EXPECT_EQ(aclFloatToFloat16(row.value), row.expected) << row.value;
  }
}

TEST(Fp16Test, RoundTripEveryFiniteHalf) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    if ((h & 0x7C00) == 0x7C00) continue;  // exponent 31 has no float counterpart here
    const float f = aclFloat16ToFloat(static_cast<uint16_t>(h));
    ASSERT_EQ(aclFloatToFloat16(f), h) << std::hex << h;
  }
}

TEST(DataTypeTest, Sizes) {
  struct Row {
    aclDataType dtype;
    size_t size;
  };
  const Row rows[] = {
      {ACL_DT_UNDEFINED, 0},
      {ACL_FLOAT, 4},
      {ACL_FLOAT16, 2},
      {ACL_INT8, 1},
      {ACL_INT32, 4},
      {ACL_UINT8, 1},
      {ACL_INT16, 2},
      {ACL_UINT16, 2},
      {ACL_UINT32, 4},
      {ACL_INT64, 8},
      {ACL_UINT64, 8},
      {ACL_DOUBLE, 8},
      {ACL_BOOL, 1},
      {ACL_STRING, 0},
      {ACL_COMPLEX64, 8},
      {ACL_COMPLEX128, 16},
      {ACL_BF16, 2},
      {ACL_INT4, 1},
      {ACL_UINT1, 1},
      {ACL_COMPLEX32, 4},
      {ACL_HIFLOAT8, 1},
      {ACL_FLOAT8_E5M2, 1},
      {ACL_FLOAT8_E4M3FN, 1},
      {ACL_FLOAT8_E8M0, 1},
      {ACL_FLOAT6_E3M2, 8},
      {ACL_FLOAT6_E2M3, 8},
      {ACL_FLOAT4_E2M1, 8},
      {ACL_FLOAT4_E1M2, 8},
      {static_cast<aclDataType>(5), 8},
      {static_cast<aclDataType>(63), 8},
  };
  for (const Row& row : rows) {
    EXPECT_EQ(aclDataTypeSize(row.dtype), row.size) << static_cast<int>(row.dtype);
  }
}

using MiscTest = RuntimeTest;

TEST_F(MiscTest, RecentErrorMessagesNewestFirstAndClearedAfterRead) {
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
  void* p = nullptr;
  EXPECT_EQ(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  const char* text = aclGetRecentErrMsg();
  ASSERT_NE(text, nullptr);
  const std::string message(text);
  const size_t older = message.find("aclrtFree: devPtr is NULL");
  const size_t newer = message.find("aclrtMalloc: size is 0");
  ASSERT_NE(older, std::string::npos) << message;
  ASSERT_NE(newer, std::string::npos) << message;
  EXPECT_LT(newer, older);
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

TEST_F(MiscTest, LastError) {
  aclrtGetLastError(ACL_RT_THREAD_LEVEL);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
  EXPECT_EQ(aclrtSetDevice(42), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);  // success does not clear it
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
  aclrtResetDevice(0);
}

TEST_F(MiscTest, DataBuffer) {
  char storage[16];
  aclDataBuffer* buffer = aclCreateDataBuffer(storage, sizeof(storage));
  ASSERT_NE(buffer, nullptr);
  EXPECT_EQ(aclGetDataBufferAddr(buffer), storage);
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), sizeof(storage));
  EXPECT_EQ(aclUpdateDataBuffer(buffer, storage + 4, 4), ACL_SUCCESS);
  EXPECT_EQ(aclGetDataBufferAddr(buffer), storage + 4);
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), 4u);
  EXPECT_EQ(aclDestroyDataBuffer(buffer), ACL_SUCCESS);
  EXPECT_EQ(aclDestroyDataBuffer(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclUpdateDataBuffer(nullptr, storage, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclGetDataBufferAddr(nullptr), nullptr);
  EXPECT_EQ(aclGetDataBufferSizeV2(nullptr), 0u);
}

TEST_F(MiscTest, VersionSocNameAndLog) {
  int32_t major = 0, minor = 0, patch = -1;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_EQ(aclrtGetVersion(&major, &minor, &patch), ACL_SUCCESS);
  EXPECT_EQ(aclrtGetVersion(nullptr, &minor, &patch), ACL_ERROR_INVALID_PARAM);
#pragma GCC diagnostic pop
  EXPECT_EQ(major, 1);
  EXPECT_EQ(minor, 17);
  EXPECT_EQ(patch, 0);
  if (std::getenv("ACLNN_CPU_SOC") == nullptr) {
    ASSERT_NE(aclrtGetSocName(), nullptr);
    EXPECT_STREQ(aclrtGetSocName(), "Ascend910B1");
  }
  const std::string longText(5000, 'x');
  ACL_APP_LOG(ACL_ERROR, "long message %s", longText.c_str());  // truncated, must not crash
  aclAppLog(ACL_INFO, nullptr, nullptr, 0, "no location %d", 1);
  aclAppLog(ACL_INFO, "f", "file.cpp", 1, nullptr);
}

}  // namespace
