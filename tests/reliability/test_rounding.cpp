// CANN rounds every aclrtMalloc up (to a multiple of 32 bytes, plus 32), so an access past the
// requested size but inside the rounded one works on the NPU. Here it succeeds with a WARNING
// naming the allocation and the overrun, and ACLNN_CPU_CHECK=2 refuses it (this suite also runs
// under ACLNN_CPU_CHECK=2: see CMakeLists.txt). An operator's view past the rounded size but
// inside the allocation's own pages (the NPU writes on into whatever memory follows; the vendor's
// SoftmaxCrossEntropyWithLogits sample does) is treated the same way; past the pages it is always
// refused. Copies (aclrtMemcpy) stop at the rounded size.
#include <gmock/gmock.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "aclnnop/aclnn_softmax_cross_entropy_with_logits.h"
#include "reliability_util.h"

namespace rel {
namespace {

using ::testing::HasSubstr;

bool Strict() {
  const char* v = std::getenv("ACLNN_CPU_CHECK");
  return v != nullptr && std::strcmp(v, "2") == 0;
}

class Rounding : public RelTest {
 protected:
  // Runs Swish into `out` and checks both levels: at ACLNN_CPU_CHECK=2 refused with every piece
  // of `refused` in the message, otherwise accepted with every piece of `warned` in the log.
  void ExpectWarnedOrRefused(const T& g, const T& x, const T& out,
                             const std::vector<std::string>& refused,
                             const std::vector<std::string>& warned) {
    testing::internal::CaptureStdout();
    const int rc = Swish(g, x, out);
    aclrtSynchronizeStream(stream_);
    const std::string log = testing::internal::GetCapturedStdout();
    if (Strict()) {
      EXPECT_EQ(rc, ACLNN_ERR_PARAM_INVALID);
      const std::string m = TakeErr();
      for (const std::string& piece : refused) EXPECT_THAT(m, HasSubstr(piece));
    } else {
      EXPECT_EQ(rc, ACLNN_SUCCESS) << TakeErr();
      for (const std::string& piece : warned) EXPECT_THAT(log, HasSubstr(piece));
    }
  }
};

TEST_F(Rounding, ViewInsideTheRoundedSizeWarnsOrIsRefusedAtLevelTwo) {
  void* small = Alloc(24);  // CANN reserves 64 bytes for it
  T g({8}, ACL_FLOAT, Alloc(32)), x({8}, ACL_FLOAT, Alloc(32));
  T out({8}, ACL_FLOAT, small, {}, 0, {8});  // 32 bytes: 8 past the request
  const std::string expected =
      "gradInput view [8] strides [1] offset 0 ends 8 bytes past the "
      "end of its allocation of 24 bytes (the allocation at ";
  ExpectWarnedOrRefused(g, x, out, {expected, "refused at ACLNN_CPU_CHECK=2"},
                        {"[WARNING]", expected, "inside the 64 bytes CANN reserves for it"});
  // Past the rounded size, inside the allocation's page: as above, with its own words.
  T g17({17}, ACL_FLOAT, Alloc(68)), x17({17}, ACL_FLOAT, Alloc(68));
  T out17({17}, ACL_FLOAT, small, {}, 0, {17});
  const std::string past = "ends 44 bytes past the end of its allocation of 24 bytes";
  ExpectWarnedOrRefused(g17, x17, out17, {past, "past the 64 bytes CANN reserves for it"},
                        {past, "past the 64 bytes CANN reserves for it, where the NPU"});
  // Past the allocation's pages: refused at every level.
  const int64_t n = static_cast<int64_t>(sysconf(_SC_PAGESIZE)) / 4 + 1;
  T gn({n}, ACL_FLOAT, Alloc(4 * n)), xn({n}, ACL_FLOAT, Alloc(4 * n));
  T outn({n}, ACL_FLOAT, small, {}, 0, {n});
  EXPECT_EQ(Swish(gn, xn, outn), ACLNN_ERR_PARAM_INVALID);
  const std::string m = TakeErr();
  EXPECT_THAT(m, HasSubstr("ends " + std::to_string(4 * n - 24) +
                           " bytes past the end of its allocation of 24 bytes"));
  EXPECT_THAT(m, HasSubstr("bytes mapped for it"));
}

// The vendor's SoftmaxCrossEntropyWithLogits sample sizes its float outputs' device buffers for
// int16 (2 bytes an element): backprop [16, 4] writes 256 bytes into 128 (CANN reserves 160), and
// the NPU prints the loss. Here it runs too (a warning per view), and the loss is right.
TEST_F(Rounding, OutputsSizedForTwoByteElementsAsInTheVendorSample) {
  std::vector<float> ones(64, 1.0f), twos(64, 2.0f);
  void* f = Alloc(256);
  void* l = Alloc(256);
  ASSERT_EQ(aclrtMemcpy(f, 256, ones.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(l, 256, twos.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  void* lossMem = Alloc(32);
  void* backpropMem = Alloc(128);
  T features({16, 4}, ACL_FLOAT, f), labels({16, 4}, ACL_FLOAT, l);
  T loss({16}, ACL_FLOAT, lossMem), backprop({16, 4}, ACL_FLOAT, backpropMem);
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  testing::internal::CaptureStdout();
  const int rc = aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(features, labels, loss,
                                                                    backprop, &ws, &exec);
  const std::string log = testing::internal::GetCapturedStdout();
  if (Strict()) {
    EXPECT_EQ(rc, ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(TakeErr(), HasSubstr("refused at ACLNN_CPU_CHECK=2"));
    return;
  }
  ASSERT_EQ(rc, ACLNN_SUCCESS) << TakeErr();
  EXPECT_THAT(log, HasSubstr("backprop view [16,4]"));
  ASSERT_EQ(aclnnSoftmaxCrossEntropyWithLogits(nullptr, ws, exec, stream_), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  // The sample prints the loss's first 16 bytes: four losses of 8 ln 4 (within the request).
  std::vector<float> got(8, 0.0f);
  ASSERT_EQ(aclrtMemcpy(got.data(), 32, lossMem, 32, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (float v : got) EXPECT_NEAR(v, 8.0 * std::log(4.0), 1e-5);
  std::vector<float> grad(32, 0.0f);
  ASSERT_EQ(aclrtMemcpy(grad.data(), 128, backpropMem, 128, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_SUCCESS);
  for (float v : grad) EXPECT_FLOAT_EQ(v, 0.25f - 2.0f);
  const unsigned char* bytes = reinterpret_cast<const unsigned char*>(got.data());
  EXPECT_EQ(bytes[0], 24);  // 11.090355f = 0x41317218, little-endian
  EXPECT_EQ(bytes[1], 114);
  EXPECT_EQ(bytes[2], 49);
  EXPECT_EQ(bytes[3], 65);
}

TEST_F(Rounding, CopyBackOfTheRoundedSize) {
  // One of the vendor's softmax samples copies 64 bytes back from a 32-byte allocation.
  void* dev = Alloc(32);  // rounded to 64
  std::vector<unsigned char> host(64, 0);
  testing::internal::CaptureStdout();
  const int rc = aclrtMemcpy(host.data(), 64, dev, 64, ACL_MEMCPY_DEVICE_TO_HOST);
  const std::string log = testing::internal::GetCapturedStdout();
  if (Strict()) {
    EXPECT_EQ(rc, ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(TakeErr(), HasSubstr("refused at ACLNN_CPU_CHECK=2"));
  } else {
    EXPECT_EQ(rc, ACL_SUCCESS);
    EXPECT_THAT(log, HasSubstr("overruns the device allocation at"));
    EXPECT_THAT(log, HasSubstr("(32 bytes requested) by 32 bytes, inside the 64 bytes"));
    EXPECT_EQ(host[0], 0);  // Alloc filled the requested bytes with 0
  }
  EXPECT_EQ(aclrtMemcpy(host.data(), 64, dev, 65, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_ERROR_RT_PARAM_INVALID);  // count > destMax
  std::vector<unsigned char> big(128, 0);
  EXPECT_EQ(aclrtMemcpy(big.data(), 128, dev, 65, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_ERROR_RT_PARAM_INVALID);  // past the rounded 64 bytes
  TakeErr();
}

}  // namespace
}  // namespace rel
