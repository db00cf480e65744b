// A minimal user program for the installed package: aclnnSeluBackward on four values (FLOAT,
// default chip), checked against SELU's derivative computed here. Exit status 0 on success.
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_selu_backward.h"

#define EXPECT_OK(expr)                                              \
  do {                                                               \
    const int rc_ = static_cast<int>(expr);                          \
    if (rc_ != 0) {                                                  \
      std::printf("%s failed: %d (%s)\n", #expr, rc_,                \
                  aclGetRecentErrMsg() ? aclGetRecentErrMsg() : ""); \
      return 1;                                                      \
    }                                                                \
  } while (0)

int main() {
  const double kScale = 1.0507009873554804934193349852946;
  const double kAlpha = 1.6732632423543772848170429916717;
  const std::vector<float> grad = {1.0f, 2.0f, 0.5f, -1.0f};
  const std::vector<float> result = {0.5f, -1.0f, 2.0f, -0.25f};  // SELU outputs
  std::vector<int64_t> shape = {2, 2};
  std::vector<int64_t> strides = {2, 1};
  const size_t bytes = grad.size() * sizeof(float);

  aclrtStream stream = nullptr;
  EXPECT_OK(aclInit(nullptr));
  EXPECT_OK(aclrtSetDevice(0));
  EXPECT_OK(aclrtCreateStream(&stream));
  void* dev[3] = {nullptr, nullptr, nullptr};
  aclTensor* t[3] = {nullptr, nullptr, nullptr};
  const float* host[2] = {grad.data(), result.data()};
  for (int i = 0; i < 3; ++i) {
    EXPECT_OK(aclrtMalloc(&dev[i], bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    if (i < 2) EXPECT_OK(aclrtMemcpy(dev[i], bytes, host[i], bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    t[i] = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND,
                           shape.data(), shape.size(), dev[i]);
    if (t[i] == nullptr) return 1;
  }
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_OK(aclnnSeluBackwardGetWorkspaceSize(t[0], t[1], t[2], &workspaceSize, &executor));
  EXPECT_OK(aclnnSeluBackward(nullptr, workspaceSize, executor, stream));
  EXPECT_OK(aclrtSynchronizeStream(stream));
  std::vector<float> out(grad.size(), 0.0f);
  EXPECT_OK(aclrtMemcpy(out.data(), bytes, dev[2], bytes, ACL_MEMCPY_DEVICE_TO_HOST));

  int bad = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    // d/dx SELU = scale for x > 0, else (result + scale*alpha); here in double.
    const double want = result[i] > 0 ? grad[i] * kScale : grad[i] * (result[i] + kScale * kAlpha);
    const bool ok = std::fabs(out[i] - want) <= 1e-5 * std::fabs(want) + 1e-6;
    std::printf("gradInput[%zu] = %.6f (expected %.6f)%s\n", i, out[i], want, ok ? "" : "  WRONG");
    bad += ok ? 0 : 1;
  }
  for (int i = 0; i < 3; ++i) {
    aclDestroyTensor(t[i]);
    aclrtFree(dev[i]);
  }
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  std::printf(bad == 0 ? "consumer OK\n" : "consumer FAILED\n");
  return bad == 0 ? 0 : 1;
}
