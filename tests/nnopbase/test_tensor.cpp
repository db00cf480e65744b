// aclTensor through the public API: creation, queries, re-initialisation, destruction.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "nnopbase_test_util.h"

namespace {

std::vector<int64_t> ViewShape(const aclTensor* t) {
  int64_t* dims = nullptr;
  uint64_t n = 99;
  EXPECT_EQ(aclGetViewShape(t, &dims, &n), ACLNN_SUCCESS);
  std::vector<int64_t> out(dims, dims + n);
  delete[] dims;
  return out;
}

std::vector<int64_t> Strides(const aclTensor* t) {
  int64_t* values = nullptr;
  uint64_t n = 99;
  EXPECT_EQ(aclGetViewStrides(t, &values, &n), ACLNN_SUCCESS);
  std::vector<int64_t> out(values, values + n);
  delete[] values;
  return out;
}

std::vector<int64_t> StorageShape(const aclTensor* t) {
  int64_t* dims = nullptr;
  uint64_t n = 99;
  EXPECT_EQ(aclGetStorageShape(t, &dims, &n), ACLNN_SUCCESS);
  std::vector<int64_t> out(dims, dims + n);
  delete[] dims;
  return out;
}

int64_t Offset(const aclTensor* t) {
  int64_t offset = -1;
  EXPECT_EQ(aclGetViewOffset(t, &offset), ACLNN_SUCCESS);
  return offset;
}

aclDataType Dtype(const aclTensor* t) {
  aclDataType dtype = ACL_DT_UNDEFINED;
  EXPECT_EQ(aclGetDataType(t, &dtype), ACLNN_SUCCESS);
  return dtype;
}

aclFormat Format(const aclTensor* t) {
  aclFormat format = ACL_FORMAT_UNDEFINED;
  EXPECT_EQ(aclGetFormat(t, &format), ACLNN_SUCCESS);
  return format;
}

void* Addr(const aclTensor* t) {
  void* addr = nullptr;
  EXPECT_EQ(aclGetRawTensorAddr(t, &addr), ACLNN_SUCCESS);
  return addr;
}

using V = std::vector<int64_t>;

TEST(Tensor, NullStrideIsContiguousRowMajor) {
  TakeErr();
  int buffer[1];
  const int64_t dims[] = {2, 3, 4};
  const int64_t storage[] = {30};
  aclTensor* t =
      aclCreateTensor(dims, 3, ACL_FLOAT16, nullptr, 5, ACL_FORMAT_NCHW, storage, 1, buffer);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(ViewShape(t), (V{2, 3, 4}));
  EXPECT_EQ(Strides(t), (V{12, 4, 1}));
  EXPECT_EQ(StorageShape(t), (V{30}));
  EXPECT_EQ(Offset(t), 5);
  EXPECT_EQ(Dtype(t), ACL_FLOAT16);
  EXPECT_EQ(Format(t), ACL_FORMAT_NCHW);
  EXPECT_EQ(Addr(t), buffer);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  EXPECT_EQ(TakeErr(), "");
}

TEST(Tensor, GivenStridesAreCopied) {
  // The non-contiguous examples of CANN's documentation.
  int64_t dims[] = {4, 3};
  int64_t strides[] = {20, 2};
  const int64_t storage[] = {100};
  aclTensor* a =
      aclCreateTensor(dims, 2, ACL_FLOAT, strides, 22, ACL_FORMAT_ND, storage, 1, nullptr);
  ASSERT_NE(a, nullptr);
  strides[0] = 7;  // the tensor holds its own copy
  dims[0] = 9;
  EXPECT_EQ(ViewShape(a), (V{4, 3}));
  EXPECT_EQ(Strides(a), (V{20, 2}));
  EXPECT_EQ(Offset(a), 22);
  EXPECT_EQ(Addr(a), nullptr);

  const int64_t tdims[] = {4, 2}, tstrides[] = {1, 4}, tstorage[] = {2, 4};
  aclTensor* b =
      aclCreateTensor(tdims, 2, ACL_INT32, tstrides, 0, ACL_FORMAT_ND, tstorage, 2, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(Strides(b), (V{1, 4}));
  EXPECT_EQ(StorageShape(b), (V{2, 4}));
  EXPECT_EQ(aclDestroyTensor(a), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(b), ACLNN_SUCCESS);
}

TEST(Tensor, ZeroDimIsAScalarTensor) {
  float value = 1.0f;
  aclTensor* t =
      aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, &value);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(ViewShape(t), V{});
  EXPECT_EQ(Strides(t), V{});
  EXPECT_EQ(StorageShape(t), V{});
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

TEST(Tensor, ZeroSizedDimsGiveZeroStridesBeforeThem) {
  const int64_t dims[] = {2, 0, 3};
  aclTensor* t = aclCreateTensor(dims, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 3, nullptr);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(ViewShape(t), (V{2, 0, 3}));
  EXPECT_EQ(Strides(t), (V{0, 3, 1}));
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

TEST(Tensor, FormatIsStoredNotChecked) {
  const int64_t dims[] = {1, 1, 16, 16};
  for (aclFormat format : {ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_Z, ACL_FORMAT_FRACTAL_NZ,
                           static_cast<aclFormat>(63)}) {
    aclTensor* t = aclCreateTensor(dims, 4, ACL_BF16, nullptr, 0, format, dims, 4, nullptr);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(Format(t), format);
    EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  }
}

struct BadCreate {
  const char* name;
  const int64_t* viewDims;
  uint64_t viewDimsNum;
  const int64_t* storageDims;
  uint64_t storageDimsNum;
  const char* expectedInMessage;
};

TEST(Tensor, InvalidCreatesReturnNullWithAMessage) {
  static const int64_t ok[] = {2, 3};
  static const int64_t negative[] = {2, -1};
  static const int64_t huge[] = {int64_t{1} << 40, int64_t{1} << 40};
  static const int64_t hugeBehindZero[] = {0, int64_t{1} << 40, int64_t{1} << 40};
  const BadCreate cases[] = {
      {"null viewDims", nullptr, 2, ok, 2, "viewDims is null"},
      {"null storageDims", ok, 2, nullptr, 1, "storageDims is null"},
      {"negative view dim", negative, 2, ok, 2, "viewDims[1] is -1"},
      {"negative storage dim", ok, 2, negative, 2, "storageDims[1] is -1"},
      {"overflowing view", huge, 2, ok, 2, "overflows"},
      {"overflowing storage", ok, 2, huge, 2, "overflows"},
      {"overflowing strides of an empty view", hugeBehindZero, 3, ok, 2, "overflows"},
  };
  for (const BadCreate& c : cases) {
    SCOPED_TRACE(c.name);
    TakeErr();
    aclTensor* t = aclCreateTensor(c.viewDims, c.viewDimsNum, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND,
                                   c.storageDims, c.storageDimsNum, nullptr);
    EXPECT_EQ(t, nullptr);
    const std::string message = TakeErr();
    EXPECT_NE(message.find("aclCreateTensor"), std::string::npos) << message;
    EXPECT_NE(message.find(c.expectedInMessage), std::string::npos) << message;
    aclDestroyTensor(t);
  }
}

TEST(Tensor, DestroyNullIsFineAndDoubleDestroyIsRefused) {
  EXPECT_EQ(aclDestroyTensor(nullptr), ACLNN_SUCCESS);
  const int64_t dims[] = {3};
  aclTensor* t = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  TakeErr();
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(TakeErr().find("not a live aclTensor"), std::string::npos);
}

TEST(Tensor, InitTensorReplacementRules) {
  EXPECT_EQ(
      aclInitTensor(nullptr, nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr),
      ACLNN_ERR_PARAM_NULLPTR);
  int a = 0, b = 0;
  const int64_t dims[] = {2, 3};
  const int64_t strides[] = {1, 2};
  const int64_t storage[] = {6};
  aclTensor* t = aclCreateTensor(dims, 2, ACL_FLOAT, strides, 1, ACL_FORMAT_ND, storage, 1, &a);
  ASSERT_NE(t, nullptr);

  // Null / empty arguments keep shapes and address; the stride falls back to contiguous; dtype,
  // offset and format are always replaced.
  EXPECT_EQ(
      aclInitTensor(t, nullptr, 0, ACL_INT8, nullptr, 4, ACL_FORMAT_NHWC, nullptr, 0, nullptr),
      ACLNN_SUCCESS);
  EXPECT_EQ(ViewShape(t), (V{2, 3}));
  EXPECT_EQ(Strides(t), (V{3, 1}));
  EXPECT_EQ(StorageShape(t), (V{6}));
  EXPECT_EQ(Offset(t), 4);
  EXPECT_EQ(Dtype(t), ACL_INT8);
  EXPECT_EQ(Format(t), ACL_FORMAT_NHWC);
  EXPECT_EQ(Addr(t), &a);

  // A non-null dims array with a zero count is not a replacement either.
  EXPECT_EQ(aclInitTensor(t, dims, 0, ACL_INT8, nullptr, 0, ACL_FORMAT_ND, storage, 0, nullptr),
            ACLNN_SUCCESS);
  EXPECT_EQ(ViewShape(t), (V{2, 3}));
  EXPECT_EQ(StorageShape(t), (V{6}));

  const int64_t dims2[] = {4, 5, 6};
  const int64_t strides2[] = {1, 4, 20};
  const int64_t storage2[] = {120, 1};
  EXPECT_EQ(aclInitTensor(t, dims2, 3, ACL_FLOAT16, strides2, 0, ACL_FORMAT_ND, storage2, 2, &b),
            ACLNN_SUCCESS);
  EXPECT_EQ(ViewShape(t), (V{4, 5, 6}));
  EXPECT_EQ(Strides(t), (V{1, 4, 20}));
  EXPECT_EQ(StorageShape(t), (V{120, 1}));
  EXPECT_EQ(Addr(t), &b);

  // A refused re-initialisation changes nothing.
  const int64_t negative[] = {4, -5};
  TakeErr();
  EXPECT_EQ(aclInitTensor(t, negative, 2, ACL_DOUBLE, nullptr, 9, ACL_FORMAT_NCHW, nullptr, 0, &a),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(TakeErr().find("aclInitTensor"), std::string::npos);
  EXPECT_EQ(ViewShape(t), (V{4, 5, 6}));
  EXPECT_EQ(Dtype(t), ACL_FLOAT16);
  EXPECT_EQ(Addr(t), &b);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

TEST(Tensor, QueriesRefuseNullArguments) {
  const int64_t dims[] = {2};
  aclTensor* t = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr);
  ASSERT_NE(t, nullptr);
  int64_t* values = nullptr;
  uint64_t n = 0;
  int64_t offset = 0;
  aclFormat format;
  aclDataType dtype;
  void* addr = nullptr;
  const int kNull = ACLNN_ERR_PARAM_NULLPTR;
  EXPECT_EQ(aclGetViewShape(nullptr, &values, &n), kNull);
  EXPECT_EQ(aclGetViewShape(t, nullptr, &n), kNull);
  EXPECT_EQ(aclGetViewShape(t, &values, nullptr), kNull);
  EXPECT_EQ(aclGetStorageShape(nullptr, &values, &n), kNull);
  EXPECT_EQ(aclGetStorageShape(t, nullptr, &n), kNull);
  EXPECT_EQ(aclGetStorageShape(t, &values, nullptr), kNull);
  EXPECT_EQ(aclGetViewStrides(nullptr, &values, &n), kNull);
  EXPECT_EQ(aclGetViewStrides(t, nullptr, &n), kNull);
  EXPECT_EQ(aclGetViewStrides(t, &values, nullptr), kNull);
  EXPECT_EQ(aclGetViewOffset(nullptr, &offset), kNull);
  EXPECT_EQ(aclGetViewOffset(t, nullptr), kNull);
  EXPECT_EQ(aclGetFormat(nullptr, &format), kNull);
  EXPECT_EQ(aclGetFormat(t, nullptr), kNull);
  EXPECT_EQ(aclGetDataType(nullptr, &dtype), kNull);
  EXPECT_EQ(aclGetDataType(t, nullptr), kNull);
  EXPECT_EQ(aclGetRawTensorAddr(nullptr, &addr), kNull);
  EXPECT_EQ(aclGetRawTensorAddr(t, nullptr), kNull);
  EXPECT_EQ(aclSetRawTensorAddr(nullptr, &n), kNull);
  EXPECT_EQ(values, nullptr);
  EXPECT_NE(TakeErr().find("is null"), std::string::npos);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

TEST(Tensor, RawAddressRoundTrip) {
  const int64_t dims[] = {2};
  aclTensor* t = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr);
  ASSERT_NE(t, nullptr);
  int x = 0;
  EXPECT_EQ(aclSetRawTensorAddr(t, &x), ACLNN_SUCCESS);
  EXPECT_EQ(Addr(t), &x);
  EXPECT_EQ(aclSetRawTensorAddr(t, nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(Addr(t), nullptr);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

}  // namespace
