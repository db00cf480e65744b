// CANN rounds every aclrtMalloc up (to a multiple of 32 bytes, plus 32), so an access past the
// requested size but inside the rounded one works on the NPU. Here it succeeds with a WARNING
// naming the allocation and the overrun, and ACLNN_CPU_CHECK=2 refuses it (this suite also runs
// under ACLNN_CPU_CHECK=2: see CMakeLists.txt). Past the rounded size it is always refused.
#include <gmock/gmock.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "reliability_util.h"

namespace rel {
namespace {

using ::testing::HasSubstr;

bool Strict() {
  const char* v = std::getenv("ACLNN_CPU_CHECK");
  return v != nullptr && std::strcmp(v, "2") == 0;
}

class Rounding : public RelTest {};

TEST_F(Rounding, ViewInsideTheRoundedSizeWarnsOrIsRefusedAtLevelTwo) {
  void* small = Alloc(24);  // CANN reserves 64 bytes for it
  T g({8}, ACL_FLOAT, Alloc(32)), x({8}, ACL_FLOAT, Alloc(32));
  T out({8}, ACL_FLOAT, small, {}, 0, {8});  // 32 bytes: 8 past the request
  testing::internal::CaptureStdout();
  const int rc = Swish(g, x, out);
  aclrtSynchronizeStream(stream_);
  const std::string log = testing::internal::GetCapturedStdout();
  const std::string expected =
      "gradInput view [8] strides [1] offset 0 ends 8 bytes past the "
      "end of its allocation of 24 bytes (the allocation at ";
  if (Strict()) {
    EXPECT_EQ(rc, ACLNN_ERR_PARAM_INVALID);
    const std::string m = TakeErr();
    EXPECT_THAT(m, HasSubstr(expected));
    EXPECT_THAT(m, HasSubstr("refused at ACLNN_CPU_CHECK=2"));
  } else {
    EXPECT_EQ(rc, ACLNN_SUCCESS) << TakeErr();
    EXPECT_THAT(log, HasSubstr("[WARNING]"));
    EXPECT_THAT(log, HasSubstr(expected));
    EXPECT_THAT(log, HasSubstr("inside the 64 bytes CANN reserves for it"));
  }
  // Past the rounded size: refused at every level.
  T g17({17}, ACL_FLOAT, Alloc(68)), x17({17}, ACL_FLOAT, Alloc(68));
  T out17({17}, ACL_FLOAT, small, {}, 0, {17});
  EXPECT_EQ(Swish(g17, x17, out17), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("ends 44 bytes past the end of its allocation of 24 bytes"));
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
