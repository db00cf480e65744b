// A user program built only against the installed prefix (public CANN headers and libraries):
// for each case of the spec's validation lists it prints the status code it got and the one
// the vendor returns on the emulated chip, and exits non-zero on any difference.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_swish_backward.h"

namespace {

int failures = 0;

void Expect(const char* name, int got, int want) {
  std::printf("%-44s got %6d want %6d%s\n", name, got, want, got == want ? "" : "   <-- MISMATCH");
  if (got != want) ++failures;
}

struct Dev {
  void* p = nullptr;
  Dev() { aclrtMalloc(&p, 4096, ACL_MEM_MALLOC_HUGE_FIRST); }
  ~Dev() { aclrtFree(p); }
};

aclTensor* T(void* data, aclDataType dt, std::vector<int64_t> shape) {
  return aclCreateTensor(shape.data(), shape.size(), dt, nullptr, 0, ACL_FORMAT_ND, shape.data(),
                         shape.size(), data);
}

int Swish(aclDataType go, aclDataType self, aclDataType gi, std::vector<int64_t> goShape,
          std::vector<int64_t> selfShape, std::vector<int64_t> giShape, int betaDtype = -2,
          int nulls = 0) {
  Dev a, b, c;
  aclTensor* tg = T(a.p, go, goShape);
  aclTensor* tx = T(b.p, self, selfShape);
  aclTensor* to = T(c.p, gi, giShape);
  unsigned char betaBytes[16] = {0};
  aclScalar* beta =
      betaDtype == -2 ? nullptr : aclCreateScalar(betaBytes, static_cast<aclDataType>(betaDtype));
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  int st = aclnnSwishBackwardGetWorkspaceSize(
      (nulls & 1) ? nullptr : tg, (nulls & 2) ? nullptr : tx, beta, (nulls & 4) ? nullptr : to,
      (nulls & 8) ? nullptr : &ws, (nulls & 16) ? nullptr : &ex);
  if (st == 0) aclDestroyAclOpExecutor(ex);
  aclDestroyScalar(beta);
  aclDestroyTensor(tg);
  aclDestroyTensor(tx);
  aclDestroyTensor(to);
  return st;
}

int Selu(aclDataType go, aclDataType y, aclDataType gi, std::vector<int64_t> goShape,
         std::vector<int64_t> yShape, std::vector<int64_t> giShape, int nulls = 0) {
  Dev a, b, c;
  aclTensor* tg = T(a.p, go, goShape);
  aclTensor* ty = T(b.p, y, yShape);
  aclTensor* to = T(c.p, gi, giShape);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  int st = aclnnSeluBackwardGetWorkspaceSize(
      (nulls & 1) ? nullptr : tg, (nulls & 2) ? nullptr : ty, (nulls & 4) ? nullptr : to,
      (nulls & 8) ? nullptr : &ws, (nulls & 16) ? nullptr : &ex);
  if (st == 0) aclDestroyAclOpExecutor(ex);
  aclDestroyTensor(tg);
  aclDestroyTensor(ty);
  aclDestroyTensor(to);
  return st;
}

}  // namespace

int main() {
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) return 2;
  const char* soc = aclrtGetSocName();
  const std::string name = soc ? soc : "";
  const bool bf16 = name.rfind("Ascend910B", 0) == 0 || name.rfind("Ascend910_93", 0) == 0 ||
                    name.rfind("Ascend950", 0) == 0;
  std::printf("chip %s\n", name.c_str());
  const std::vector<int64_t> s = {2, 3}, s2 = {3, 2}, r9(9, 1), r8(8, 1);
  const aclDataType F = ACL_FLOAT, H = ACL_FLOAT16, B = ACL_BF16;
  const int kOk = 0, kNull = 161001, kInvalid = 161002;

  Expect("swish ok fp32", Swish(F, F, F, s, s, s), kOk);
  Expect("swish ok fp16", Swish(H, H, H, s, s, s), kOk);
  Expect("swish bf16", Swish(B, B, B, s, s, s), bf16 ? kOk : kInvalid);
  Expect("swish null workspaceSize", Swish(F, F, F, s, s, s, -2, 8), kNull);
  Expect("swish null executor", Swish(F, F, F, s, s, s, -2, 16), kNull);
  Expect("swish null gradOutput", Swish(F, F, F, s, s, s, -2, 1), kNull);
  Expect("swish null self", Swish(F, F, F, s, s, s, -2, 2), kNull);
  Expect("swish null gradInput", Swish(F, F, F, s, s, s, -2, 4), kNull);
  Expect("swish null beta ok", Swish(F, F, F, s, s, s), kOk);
  Expect("swish gradOutput int32", Swish(ACL_INT32, F, F, s, s, s), kInvalid);
  Expect("swish self double", Swish(F, ACL_DOUBLE, F, s, s, s), kInvalid);
  Expect("swish beta complex64", Swish(F, F, F, s, s, s, ACL_COMPLEX64), kInvalid);
  Expect("swish beta int64", Swish(F, F, F, s, s, s, ACL_INT64), kOk);
  Expect("swish beta bool", Swish(F, F, F, s, s, s, ACL_BOOL), kOk);
  Expect("swish beta uint8", Swish(F, F, F, s, s, s, ACL_UINT8), kOk);
  Expect("swish beta bf16", Swish(F, F, F, s, s, s, ACL_BF16), kOk);
  Expect("swish beta double", Swish(F, F, F, s, s, s, ACL_DOUBLE), kOk);
  Expect("swish gradInput dtype differs", Swish(F, F, H, s, s, s), kInvalid);
  Expect("swish self dtype differs", Swish(F, H, F, s, s, s), kInvalid);
  Expect("swish rank 9", Swish(F, F, F, r9, r9, r9), kInvalid);
  Expect("swish rank 8", Swish(F, F, F, r8, r8, r8), kOk);
  Expect("swish gradInput shape differs", Swish(F, F, F, s, s, s2), kInvalid);
  Expect("swish self shape differs", Swish(F, F, F, s, s2, s), kInvalid);
  Expect("swish empty", Swish(F, F, F, {0, 3}, {0, 3}, {0, 3}), kOk);
  Expect("swish 0-dim", Swish(F, F, F, {}, {}, {}), kOk);

  Expect("selu ok fp32", Selu(F, F, F, s, s, s), kOk);
  Expect("selu ok fp16", Selu(H, H, H, s, s, s), kOk);
  Expect("selu ok int32", Selu(ACL_INT32, ACL_INT32, ACL_INT32, s, s, s), kOk);
  Expect("selu ok int8", Selu(ACL_INT8, ACL_INT8, ACL_INT8, s, s, s), kOk);
  Expect("selu bf16", Selu(B, B, B, s, s, s), bf16 ? kOk : kInvalid);
  for (aclDataType bad : {ACL_UINT8, ACL_INT16, ACL_INT64, ACL_DOUBLE, ACL_BOOL, ACL_COMPLEX64}) {
    Expect(("selu dtype " + std::to_string(bad)).c_str(), Selu(bad, bad, bad, s, s, s), kInvalid);
  }
  Expect("selu null gradOutput", Selu(F, F, F, s, s, s, 1), kNull);
  Expect("selu null result", Selu(F, F, F, s, s, s, 2), kNull);
  Expect("selu null gradInput", Selu(F, F, F, s, s, s, 4), kNull);
  Expect("selu null workspaceSize", Selu(F, F, F, s, s, s, 8), kNull);
  Expect("selu null executor", Selu(F, F, F, s, s, s, 16), kNull);
  Expect("selu result dtype differs", Selu(F, H, F, s, s, s), kInvalid);
  Expect("selu gradInput dtype differs", Selu(F, F, H, s, s, s), kInvalid);
  Expect("selu result shape differs", Selu(F, F, F, s, s2, s), kInvalid);
  Expect("selu gradInput shape differs", Selu(F, F, F, s, s, s2), kInvalid);
  Expect("selu rank 9", Selu(F, F, F, r9, r9, r9), kOk);
  Expect("selu 0-dim", Selu(F, F, F, {}, {}, {}), kOk);
  Expect("selu empty result", Selu(F, F, F, {4, 0}, {4, 0}, {4, 0}), kOk);

  aclrtResetDevice(0);
  aclFinalize();
  std::printf("%d mismatches\n", failures);
  return failures == 0 ? 0 : 1;
}
