// Scalars, host arrays and lists through the public API (the stored bytes are read through the
// concrete structs of nnopbase/objects.h).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "aclnn/aclnn_base.h"
#include "nnopbase/objects.h"
#include "nnopbase_test_util.h"

namespace {

aclTensor* Tensor1d(int64_t n) {
  return aclCreateTensor(&n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &n, 1, nullptr);
}

struct ScalarCase {
  aclDataType dtype;
  size_t size;
};

TEST(Scalar, EveryDtypeKeepsItsBytes) {
  const ScalarCase cases[] = {
      {ACL_BOOL, 1},   {ACL_INT8, 1},      {ACL_INT16, 2},       {ACL_INT32, 4},
      {ACL_INT64, 8},  {ACL_UINT8, 1},     {ACL_UINT16, 2},      {ACL_UINT32, 4},
      {ACL_UINT64, 8}, {ACL_FLOAT16, 2},   {ACL_BF16, 2},        {ACL_FLOAT, 4},
      {ACL_DOUBLE, 8}, {ACL_COMPLEX64, 8}, {ACL_COMPLEX128, 16}, {ACL_COMPLEX32, 4},
  };
  for (const ScalarCase& c : cases) {
    SCOPED_TRACE(static_cast<int>(c.dtype));
    alignas(16) unsigned char bytes[32];
    for (size_t i = 0; i < sizeof(bytes); ++i) bytes[i] = static_cast<unsigned char>(0xA0 + i);
    aclScalar* s = aclCreateScalar(bytes, c.dtype);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->dtype, c.dtype);
    EXPECT_EQ(std::memcmp(s->value, bytes, c.size), 0);
    for (size_t i = c.size; i < sizeof(s->value); ++i) EXPECT_EQ(s->value[i], 0) << i;
    EXPECT_EQ(aclDestroyScalar(s), ACLNN_SUCCESS);
  }
}

TEST(Scalar, TypedValuesRoundTrip) {
  double d = -2.5;
  int64_t i = -(int64_t{1} << 40);
  float f = 0.1f;
  aclScalar* sd = aclCreateScalar(&d, ACL_DOUBLE);
  aclScalar* si = aclCreateScalar(&i, ACL_INT64);
  aclScalar* sf = aclCreateScalar(&f, ACL_FLOAT);
  ASSERT_NE(sd, nullptr);
  ASSERT_NE(si, nullptr);
  ASSERT_NE(sf, nullptr);
  d = i = 0;
  f = 0;
  double d2;
  int64_t i2;
  float f2;
  std::memcpy(&d2, sd->value, sizeof d2);
  std::memcpy(&i2, si->value, sizeof i2);
  std::memcpy(&f2, sf->value, sizeof f2);
  EXPECT_EQ(d2, -2.5);
  EXPECT_EQ(i2, -(int64_t{1} << 40));
  EXPECT_EQ(f2, 0.1f);
  EXPECT_EQ(aclDestroyScalar(sd), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyScalar(si), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyScalar(sf), ACLNN_SUCCESS);
}

TEST(Scalar, InvalidCreatesReturnNull) {
  int64_t v = 1;
  TakeErr();
  EXPECT_EQ(aclCreateScalar(nullptr, ACL_FLOAT), nullptr);
  EXPECT_NE(TakeErr().find("value is null"), std::string::npos);
  for (aclDataType dtype : {ACL_DT_UNDEFINED, ACL_STRING, static_cast<aclDataType>(60)}) {
    EXPECT_EQ(aclCreateScalar(&v, dtype), nullptr) << dtype;
    EXPECT_NE(TakeErr().find("aclCreateScalar"), std::string::npos);
  }
}

TEST(Scalar, DestroyNullAndTwice) {
  EXPECT_EQ(aclDestroyScalar(nullptr), ACLNN_SUCCESS);
  float f = 1;
  aclScalar* s = aclCreateScalar(&f, ACL_FLOAT);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(aclDestroyScalar(s), ACLNN_SUCCESS);
  TakeErr();
  EXPECT_EQ(aclDestroyScalar(s), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(TakeErr().find("not a live aclScalar"), std::string::npos);
}

TEST(Arrays, CopyValuesAndReportSizes) {
  const int64_t ints[] = {3, -4, 5};
  const float floats[] = {1.5f, -2.0f};
  const bool bools[] = {true, false, true, true};
  aclIntArray* ia = aclCreateIntArray(ints, 3);
  aclFloatArray* fa = aclCreateFloatArray(floats, 2);
  aclBoolArray* ba = aclCreateBoolArray(bools, 4);
  ASSERT_NE(ia, nullptr);
  ASSERT_NE(fa, nullptr);
  ASSERT_NE(ba, nullptr);
  uint64_t n = 0;
  EXPECT_EQ(aclGetIntArraySize(ia, &n), ACLNN_SUCCESS);
  EXPECT_EQ(n, 3u);
  EXPECT_EQ(aclGetFloatArraySize(fa, &n), ACLNN_SUCCESS);
  EXPECT_EQ(n, 2u);
  EXPECT_EQ(aclGetBoolArraySize(ba, &n), ACLNN_SUCCESS);
  EXPECT_EQ(n, 4u);
  EXPECT_EQ(ia->values, (std::vector<int64_t>{3, -4, 5}));
  EXPECT_EQ(fa->values, (std::vector<float>{1.5f, -2.0f}));
  EXPECT_EQ(ba->values, (std::vector<bool>{true, false, true, true}));
  EXPECT_EQ(aclDestroyIntArray(ia), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyFloatArray(fa), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyBoolArray(ba), ACLNN_SUCCESS);
}

TEST(Arrays, EmptyAndNull) {
  aclIntArray* ia = aclCreateIntArray(nullptr, 0);
  aclFloatArray* fa = aclCreateFloatArray(nullptr, 0);
  aclBoolArray* ba = aclCreateBoolArray(nullptr, 0);
  ASSERT_NE(ia, nullptr);
  ASSERT_NE(fa, nullptr);
  ASSERT_NE(ba, nullptr);
  uint64_t n = 9;
  EXPECT_EQ(aclGetIntArraySize(ia, &n), ACLNN_SUCCESS);
  EXPECT_EQ(n, 0u);
  EXPECT_EQ(aclDestroyIntArray(ia), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyFloatArray(fa), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyBoolArray(ba), ACLNN_SUCCESS);

  TakeErr();
  EXPECT_EQ(aclCreateIntArray(nullptr, 2), nullptr);
  EXPECT_NE(TakeErr().find("aclCreateIntArray: value is null"), std::string::npos);
  EXPECT_EQ(aclCreateFloatArray(nullptr, 1), nullptr);
  EXPECT_EQ(aclCreateBoolArray(nullptr, 1), nullptr);
  EXPECT_EQ(aclCreateTensorList(nullptr, 1), nullptr);
  EXPECT_EQ(aclCreateScalarList(nullptr, 1), nullptr);
  EXPECT_NE(TakeErr(), "");

  EXPECT_EQ(aclDestroyIntArray(nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyFloatArray(nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyBoolArray(nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensorList(nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyScalarList(nullptr), ACLNN_SUCCESS);
  const int kNull = ACLNN_ERR_PARAM_NULLPTR;
  EXPECT_EQ(aclGetIntArraySize(nullptr, &n), kNull);
  EXPECT_EQ(aclGetFloatArraySize(nullptr, &n), kNull);
  EXPECT_EQ(aclGetBoolArraySize(nullptr, &n), kNull);
  EXPECT_EQ(aclGetTensorListSize(nullptr, &n), kNull);
  EXPECT_EQ(aclGetScalarListSize(nullptr, &n), kNull);
  aclIntArray* one = aclCreateIntArray(nullptr, 0);
  EXPECT_EQ(aclGetIntArraySize(one, nullptr), kNull);
  EXPECT_EQ(aclDestroyIntArray(one), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyIntArray(one), ACLNN_ERR_PARAM_INVALID);
  TakeErr();
}

TEST(Lists, TensorListOwnsItsTensors) {
  aclTensor* tensors[] = {Tensor1d(1), Tensor1d(2), Tensor1d(3)};
  for (aclTensor* t : tensors) ASSERT_NE(t, nullptr);
  aclTensorList* list = aclCreateTensorList(tensors, 3);
  ASSERT_NE(list, nullptr);
  uint64_t n = 0;
  EXPECT_EQ(aclGetTensorListSize(list, &n), ACLNN_SUCCESS);
  EXPECT_EQ(n, 3u);
  EXPECT_EQ(list->tensors[1], tensors[1]);
  EXPECT_EQ(aclDestroyTensorList(list), ACLNN_SUCCESS);
  // The elements went with the list: destroying one again is refused, not a double free.
  TakeErr();
  for (aclTensor* t : tensors) EXPECT_EQ(aclDestroyTensor(t), ACLNN_ERR_PARAM_INVALID);
  TakeErr();
}

TEST(Lists, TensorListToleratesNullAndAlreadyDestroyedElements) {
  aclTensor* a = Tensor1d(4);
  aclTensor* b = Tensor1d(5);
  const aclTensor* elements[] = {a, nullptr, b, a};  // `a` listed twice
  aclTensorList* list = aclCreateTensorList(elements, 4);
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(aclDestroyTensor(b), ACLNN_SUCCESS);  // the user destroyed one early
  EXPECT_EQ(aclDestroyTensorList(list), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(a), ACLNN_ERR_PARAM_INVALID);
  TakeErr();
  aclTensorList* empty = aclCreateTensorList(nullptr, 0);
  ASSERT_NE(empty, nullptr);
  uint64_t n = 9;
  EXPECT_EQ(aclGetTensorListSize(empty, &n), ACLNN_SUCCESS);
  EXPECT_EQ(n, 0u);
  EXPECT_EQ(aclDestroyTensorList(empty), ACLNN_SUCCESS);
}

TEST(Lists, ScalarListOwnsItsScalars) {
  float f = 2.0f;
  int32_t i = 7;
  aclScalar* scalars[] = {aclCreateScalar(&f, ACL_FLOAT), aclCreateScalar(&i, ACL_INT32)};
  aclScalarList* list = aclCreateScalarList(scalars, 2);
  ASSERT_NE(list, nullptr);
  uint64_t n = 0;
  EXPECT_EQ(aclGetScalarListSize(list, &n), ACLNN_SUCCESS);
  EXPECT_EQ(n, 2u);
  EXPECT_EQ(aclGetScalarListSize(list, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclDestroyScalarList(list), ACLNN_SUCCESS);
  TakeErr();
  for (aclScalar* s : scalars) EXPECT_EQ(aclDestroyScalar(s), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclDestroyScalarList(list), ACLNN_ERR_PARAM_INVALID);
  TakeErr();
}

TEST(AclnnBase, InitAndFinalizeSucceed) {
  EXPECT_EQ(aclnnInit(nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclnnInit("/nonexistent/config.json"), ACLNN_SUCCESS);
  EXPECT_EQ(aclnnFinalize(), ACLNN_SUCCESS);
}

}  // namespace
