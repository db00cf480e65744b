// Guard pages: every view of every dtype and layout ends exactly where an inaccessible page
// begins, and the rest of its buffer holds a canary. A kernel that reads or writes one byte
// past a view faults; one that writes any byte of the buffer outside the view's elements
// changes the canary.
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "reliability_util.h"

namespace rel {
namespace {

constexpr unsigned char kCanary = 0xA5;

struct Layout {
  const char* name;
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
};

std::vector<Layout> Layouts(int64_t n) {
  const int64_t rows = 7;
  const int64_t cols = n / rows;
  return {
      {"contiguous", {n}, {1}},
      {"stride2", {n}, {2}},
      {"transposed", {rows, cols}, {1, rows}},
      {"padded rows", {rows, cols}, {cols + 3, 1}},
      {"broadcast-free 3d", {2, rows, cols / 2}, {rows * (cols / 2) * 2, cols / 2, 1}},
  };
}

int64_t LastElement(const Layout& l) {
  int64_t hi = 0;
  for (size_t i = 0; i < l.shape.size(); ++i) hi += (l.shape[i] - 1) * l.strides[i];
  return hi;
}

// One aclrtMalloc allocation whose first `pages` pages are usable and the next is PROT_NONE.
class Guarded {
 public:
  explicit Guarded(size_t bytes) {
    page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    pages_ = (bytes + page_ - 1) / page_;
    EXPECT_EQ(aclrtMalloc(&base_, (pages_ + 1) * page_, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(base_) % page_, 0u);
    EXPECT_EQ(aclrtMemset(base_, usable(), kCanary, usable()), ACL_SUCCESS);
    EXPECT_EQ(mprotect(guard(), page_, PROT_NONE), 0);
  }
  ~Guarded() {
    mprotect(guard(), page_, PROT_READ | PROT_WRITE);
    aclrtFree(base_);
  }
  size_t usable() const { return pages_ * page_; }
  char* base() const { return static_cast<char*>(base_); }
  char* guard() const { return base() + usable(); }

 private:
  void* base_ = nullptr;
  size_t page_ = 0;
  size_t pages_ = 0;
};

// Element values as bytes of `dtype`: small numbers, none of them the canary pattern.
std::vector<unsigned char> Encode(aclDataType dtype, const std::vector<float>& v) {
  const size_t item = aclDataTypeSize(dtype);
  std::vector<unsigned char> out(v.size() * item);
  for (size_t i = 0; i < v.size(); ++i) {
    unsigned char* p = &out[i * item];
    if (dtype == ACL_FLOAT) {
      std::memcpy(p, &v[i], 4);
    } else if (dtype == ACL_FLOAT16) {
      const aclFloat16 h = aclFloatToFloat16(v[i]);
      std::memcpy(p, &h, 2);
    } else if (dtype == ACL_BF16) {
      uint32_t bits;
      std::memcpy(&bits, &v[i], 4);
      const uint16_t b = static_cast<uint16_t>(bits >> 16);
      std::memcpy(p, &b, 2);
    } else if (dtype == ACL_INT32) {
      const int32_t x = static_cast<int32_t>(v[i] * 4);
      std::memcpy(p, &x, 4);
    } else {
      const int8_t x = static_cast<int8_t>(v[i] * 4);
      std::memcpy(p, &x, 1);
    }
  }
  return out;
}

struct Case {
  bool swish;
  aclDataType dtype;
};

class GuardPage : public RelTest, public ::testing::WithParamInterface<Case> {};

TEST_P(GuardPage, NothingOutsideTheViewIsTouched) {
  const Case c = GetParam();
  const size_t item = aclDataTypeSize(c.dtype);
  for (int64_t n : {int64_t{7 * 9}, int64_t{7 * 1200}}) {
    for (const Layout& l : Layouts(n)) {
      SCOPED_TRACE(std::string(l.name) + " n=" + std::to_string(n));
      const int64_t span = LastElement(l) + 1;  // elements from the first to the last
      const size_t bytes = static_cast<size_t>(span) * item + 40;
      Guarded in0(bytes), in1(bytes), out(bytes);
      // Each view's last element ends exactly at its guard page.
      const int64_t offset = static_cast<int64_t>(out.usable() / item) - span;
      std::vector<float> a(static_cast<size_t>(span)), b(static_cast<size_t>(span));
      for (int64_t i = 0; i < span; ++i) {
        a[i] = 0.25f * static_cast<float>(i % 11) - 1.0f;
        b[i] = 0.5f + 0.125f * static_cast<float>(i % 5);
      }
      const auto ea = Encode(c.dtype, a);
      const auto eb = Encode(c.dtype, b);
      char* at0 = in0.base() + offset * item;
      char* at1 = in1.base() + offset * item;
      ASSERT_EQ(aclrtMemcpy(at0, ea.size(), ea.data(), ea.size(), ACL_MEMCPY_HOST_TO_DEVICE), 0);
      ASSERT_EQ(aclrtMemcpy(at1, eb.size(), eb.data(), eb.size(), ACL_MEMCPY_HOST_TO_DEVICE), 0);
      std::vector<int64_t> storage = {static_cast<int64_t>(out.usable() / item)};
      T t0(l.shape, c.dtype, in0.base(), l.strides, offset, storage);
      T t1(l.shape, c.dtype, in1.base(), l.strides, offset, storage);
      T to(l.shape, c.dtype, out.base(), l.strides, offset, storage);
      const int rc = c.swish ? Swish(t0, t1, to) : Selu(t0, t1, to);
      ASSERT_EQ(rc, ACLNN_SUCCESS) << TakeErr();
      ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << TakeErr();

      std::vector<unsigned char> back(out.usable());
      ASSERT_EQ(
          aclrtMemcpy(back.data(), back.size(), out.base(), back.size(), ACL_MEMCPY_DEVICE_TO_HOST),
          0);
      // Mark the bytes of every element the view owns.
      std::vector<bool> owned(back.size(), false);
      std::vector<int64_t> idx(l.shape.size(), 0);
      int64_t count = 1;
      for (int64_t d : l.shape) count *= d;
      size_t changed = 0;
      for (int64_t e = 0; e < count; ++e) {
        int64_t el = offset;
        for (size_t d = 0; d < idx.size(); ++d) el += idx[d] * l.strides[d];
        bool differs = false;
        for (size_t k = 0; k < item; ++k) {
          owned[el * item + k] = true;
          differs |= back[el * item + k] != kCanary;
        }
        changed += differs;
        for (size_t d = idx.size(); d-- > 0;) {
          if (++idx[d] < l.shape[d]) break;
          idx[d] = 0;
        }
      }
      size_t outside = 0;
      for (size_t i = 0; i < back.size(); ++i) outside += !owned[i] && back[i] != kCanary;
      EXPECT_EQ(outside, 0u) << "bytes written outside the view";
      EXPECT_GT(changed, static_cast<size_t>(count) * 9 / 10) << "the output was not written";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllDtypes, GuardPage,
                         ::testing::Values(Case{true, ACL_FLOAT}, Case{true, ACL_FLOAT16},
                                           Case{true, ACL_BF16}, Case{false, ACL_FLOAT},
                                           Case{false, ACL_FLOAT16}, Case{false, ACL_BF16},
                                           Case{false, ACL_INT32}, Case{false, ACL_INT8}),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           const aclDataType d = info.param.dtype;
                           const char* dt = d == ACL_FLOAT     ? "f32"
                                            : d == ACL_FLOAT16 ? "f16"
                                            : d == ACL_BF16    ? "bf16"
                                            : d == ACL_INT32   ? "i32"
                                                               : "i8";
                           return std::string(info.param.swish ? "Swish_" : "Selu_") + dt;
                         });

}  // namespace
}  // namespace rel
