// The overlap decisions of the operator checks against a brute-force reference: for random
// 1-D and 2-D views of one buffer (any strides, negative ones included, any offsets, 2- and
// 4-byte elements), an output may be used with an input exactly when no byte is shared or both
// name the same elements in the same order; and an output view writes an element twice exactly
// when two indices give one element.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "nnopbase/op_checks.h"
#include "nnopbase_test_util.h"

namespace {

struct View {
  std::vector<int64_t> shape, strides;
  int64_t offset = 0;
  aclDataType dtype = ACL_FLOAT;
};

size_t Item(aclDataType d) { return d == ACL_FLOAT16 ? 2 : 4; }

// Byte offset (from the buffer) of each element, in index order.
std::vector<int64_t> Starts(const View& v, int64_t baseBytes) {
  std::vector<int64_t> out;
  const int64_t item = static_cast<int64_t>(Item(v.dtype));
  const int64_t n0 = v.shape[0], n1 = v.shape.size() > 1 ? v.shape[1] : 1;
  const int64_t s1 = v.strides.size() > 1 ? v.strides[1] : 0;
  for (int64_t i = 0; i < n0; ++i) {
    for (int64_t j = 0; j < n1; ++j) {
      out.push_back(baseBytes + (v.offset + i * v.strides[0] + j * s1) * item);
    }
  }
  return out;
}

aclTensor* Make(const View& v, char* base) {
  return aclCreateTensor(v.shape.data(), v.shape.size(), v.dtype, v.strides.data(), v.offset,
                         ACL_FORMAT_ND, v.shape.data(), v.shape.size(), base);
}

View RandomView(std::mt19937& rng, aclDataType dtype, const std::vector<int64_t>& shape) {
  View v;
  v.dtype = dtype;
  v.shape = shape;
  std::uniform_int_distribution<int> stride(-9, 9), offset(0, 40);
  for (size_t i = 0; i < shape.size(); ++i) v.strides.push_back(stride(rng));
  v.offset = offset(rng);
  // Keep every element at a non-negative offset.
  int64_t lo = v.offset;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (v.strides[i] < 0) lo += (shape[i] - 1) * v.strides[i];
  }
  if (lo < 0) v.offset -= lo;
  return v;
}

TEST(Overlap, ExactForOneAndTwoDimensionalViews) {
  std::mt19937 rng(12345);
  alignas(64) static char buffer[1 << 12];
  std::uniform_int_distribution<int> dim(1, 5), rank(1, 2), coin(0, 1);
  int legal = 0, refused = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::vector<int64_t> shape;
    for (int i = rank(rng); i > 0; --i) shape.push_back(dim(rng));
    // Same shape (elementwise operators check that first); element sizes may differ in width
    // on purpose: the decision is about bytes.
    const aclDataType outType = coin(rng) ? ACL_FLOAT : ACL_FLOAT16;
    const aclDataType inType = coin(rng) ? ACL_FLOAT : ACL_FLOAT16;
    const View out = RandomView(rng, outType, shape), in = RandomView(rng, inType, shape);
    // Spell the input's base differently half of the time: base + k bytes, offset − k/item.
    const int64_t shift = coin(rng) ? 8 : 0;
    View inSpelled = in;
    inSpelled.offset -= shift / static_cast<int64_t>(Item(in.dtype));
    const std::vector<int64_t> a = Starts(out, 0), b = Starts(in, 0);
    std::set<int64_t> outBytes, inBytes;
    for (int64_t s : a) {
      for (size_t k = 0; k < Item(out.dtype); ++k) outBytes.insert(s + static_cast<int64_t>(k));
    }
    bool shared = false;
    for (int64_t s : b) {
      for (size_t k = 0; k < Item(in.dtype); ++k) {
        shared = shared || outBytes.count(s + static_cast<int64_t>(k)) != 0;
      }
    }
    const bool sameOrder = a == b && Item(out.dtype) == Item(in.dtype);
    const bool expectLegal = !shared || sameOrder;
    aclTensor* to = Make(out, buffer);
    aclTensor* ti = Make(inSpelled, buffer + shift);
    ASSERT_NE(to, nullptr);
    ASSERT_NE(ti, nullptr);
    const int rc = aclcpu::opcheck::NoPartialOverlap("aclnnTest", "out", to, "in", ti);
    EXPECT_EQ(rc == 0, expectLegal) << "trial " << trial << " rank " << shape.size();
    (rc == 0 ? legal : refused) += 1;
    TakeErr();
    aclDestroyTensor(to);
    aclDestroyTensor(ti);
  }
  // Both answers occur often enough for the comparison to mean something.
  EXPECT_GT(legal, 300);
  EXPECT_GT(refused, 300);
}

TEST(Overlap, ByteIdenticalInPlaceViewWithAnotherBaseAndOffset) {
  alignas(64) static char buffer[256];
  const int64_t shape[] = {4, 3}, strides[] = {3, 1};
  aclTensor* out =
      aclCreateTensor(shape, 2, ACL_FLOAT, strides, 4, ACL_FORMAT_ND, shape, 2, buffer);
  aclTensor* in =
      aclCreateTensor(shape, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 2, buffer + 16);
  EXPECT_EQ(aclcpu::opcheck::NoPartialOverlap("aclnnTest", "out", out, "in", in), 0) << TakeErr();
  // The same bytes in another order (a transposed spelling) is not in place: refused.
  const int64_t tStrides[] = {1, 4};
  const int64_t tShape[] = {4, 3};
  aclTensor* t =
      aclCreateTensor(tShape, 2, ACL_FLOAT, tStrides, 0, ACL_FORMAT_ND, tShape, 2, buffer + 16);
  EXPECT_NE(aclcpu::opcheck::NoPartialOverlap("aclnnTest", "out", out, "in", t), 0);
  EXPECT_NE(TakeErr().find("partially overlaps"), std::string::npos);
  for (aclTensor* x : {out, in, t}) aclDestroyTensor(x);
}

TEST(Overlap, SelfOverlapIsExactForTwoDimensionalViews) {
  std::mt19937 rng(777);
  alignas(64) static char buffer[1 << 12];
  std::uniform_int_distribution<int> dim(1, 6), stride(-7, 7);
  int twice = 0, once = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    View v;
    v.shape = {dim(rng), dim(rng)};
    v.strides = {stride(rng), stride(rng)};
    v.offset = 200;
    const std::vector<int64_t> s = Starts(v, 0);
    const bool expectTwice = std::set<int64_t>(s.begin(), s.end()).size() != s.size();
    aclTensor* t = Make(v, buffer);
    const int rc = aclcpu::opcheck::NoSelfOverlap("aclnnTest", "out", t);
    EXPECT_EQ(rc != 0, expectTwice)
        << "trial " << trial << " shape " << v.shape[0] << "," << v.shape[1] << " strides "
        << v.strides[0] << "," << v.strides[1];
    (expectTwice ? twice : once) += 1;
    TakeErr();
    aclDestroyTensor(t);
  }
  EXPECT_GT(twice, 200);
  EXPECT_GT(once, 200);
}

}  // namespace
