// Phase-1 refusals of the softmax family: the vendor's order and codes per chip, and messages
// that name the operator, the argument and the fault.
#include <functional>

#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "aclnnop/aclnn_softmax_cross_entropy_with_logits.h"
#include "op_test_util.h"

using namespace optest;

namespace {

enum class Api { kSoftmax, kLogSoftmax, kSoftmaxBackward, kLogSoftmaxBackward, kCrossEntropy };

struct Arg {
  aclDataType dtype = ACL_FLOAT;
  std::vector<int64_t> shape = {2, 3};
  bool null = false;
};

// Tensors in signature order: self/out; gradOutput/output/out; features/labels/loss/backprop.
struct Spec {
  Api api = Api::kSoftmax;
  Arg t[4];
  int64_t dim = -1;
};

struct Outcome {
  aclnnStatus status;
  std::string message;
};

Outcome RunCase(const Spec& s) {
  DeviceBuffer mem(4 * 8192);
  std::vector<Tensor> tensors;
  for (int i = 0; i < 4; ++i) {
    tensors.emplace_back(s.t[i].shape, s.t[i].dtype, static_cast<char*>(mem.data()) + i * 8192);
  }
  auto get = [&](int i) { return s.t[i].null ? nullptr : tensors[i].get(); };
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  TakeErrMsg();
  Outcome o{};
  aclnnStatus (*phase2)(void*, uint64_t, aclOpExecutor*, aclrtStream) = nullptr;
  switch (s.api) {
    case Api::kSoftmax:
      o.status = aclnnSoftmaxGetWorkspaceSize(get(0), s.dim, get(1), &ws, &exec);
      phase2 = aclnnSoftmax;
      break;
    case Api::kLogSoftmax:
      o.status = aclnnLogSoftmaxGetWorkspaceSize(get(0), s.dim, get(1), &ws, &exec);
      phase2 = aclnnLogSoftmax;
      break;
    case Api::kSoftmaxBackward:
      o.status = aclnnSoftmaxBackwardGetWorkspaceSize(get(0), get(1), s.dim, get(2), &ws, &exec);
      phase2 = aclnnSoftmaxBackward;
      break;
    case Api::kLogSoftmaxBackward:
      o.status = aclnnLogSoftmaxBackwardGetWorkspaceSize(get(0), get(1), s.dim, get(2), &ws, &exec);
      phase2 = aclnnLogSoftmaxBackward;
      break;
    case Api::kCrossEntropy:
      o.status = aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(get(0), get(1), get(2), get(3),
                                                                    &ws, &exec);
      phase2 = aclnnSoftmaxCrossEntropyWithLogits;
      break;
  }
  o.message = TakeErrMsg();
  if (o.status == ACLNN_SUCCESS) {
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(phase2(nullptr, 0, exec, AclEnvironment::Stream()), ACLNN_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
  }
  return o;
}

struct Case {
  const char* name;
  Spec spec;
  aclnnStatus status;
  std::string messagePart;
};

Spec Make(Api api, std::function<void(Spec&)> edit) {
  Spec s;
  s.api = api;
  if (api == Api::kCrossEntropy) s.t[2].shape = {2};
  edit(s);
  return s;
}

bool Is950() { return SocName().rfind("Ascend950", 0) == 0; }

void RunTable(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const Outcome o = RunCase(c.spec);
    EXPECT_EQ(o.status, c.status) << o.message;
    if (!c.messagePart.empty()) {
      EXPECT_NE(o.message.find(c.messagePart), std::string::npos) << o.message;
    }
  }
}

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;

TEST(SoftmaxValidation, Softmax) {
  const Api a = Api::kSoftmax;
  const aclnnStatus bf16 = ChipHasBf16() ? kOk : kInvalid;
  RunTable({
      {"ok", Make(a, [](Spec&) {}), kOk, ""},
      {"null self", Make(a, [](Spec& s) { s.t[0].null = true; }), kNull,
       "aclnnSoftmax: self must not be null"},
      {"null out", Make(a, [](Spec& s) { s.t[1].null = true; }), kNull, "out must not be null"},
      // Empty self: success before every other check.
      {"empty self skips checks",
       Make(a,
            [](Spec& s) {
              s.t[0].shape = {2, 0};
              s.t[0].dtype = ACL_INT32;
              s.dim = 7;
              s.t[1].shape = {2, 3};
            }),
       kOk, ""},
      {"int32 self", Make(a, [](Spec& s) { s.t[0].dtype = ACL_INT32; }), kInvalid,
       "aclnnSoftmax: self dtype INT32 is not supported"},
      {"int32 out", Make(a, [](Spec& s) { s.t[1].dtype = ACL_INT32; }), kInvalid,
       "out dtype INT32"},
      {"bf16 self per chip", Make(a, [](Spec& s) { s.t[0].dtype = ACL_BF16; }), bf16, ""},
      {"double self, fp16 out",
       Make(a,
            [](Spec& s) {
              s.t[0].dtype = ACL_DOUBLE;
              s.t[1].dtype = ACL_FLOAT16;
            }),
       kOk, ""},
      {"dtype before dim",
       Make(a,
            [](Spec& s) {
              s.t[1].dtype = ACL_INT8;
              s.dim = 5;
            }),
       kInvalid, "out dtype INT8"},
      {"dim too large", Make(a, [](Spec& s) { s.dim = 2; }), kInvalid,
       "aclnnSoftmax: dim 2 is out of range [-2, 1] for self"},
      {"dim too small", Make(a, [](Spec& s) { s.dim = -3; }), kInvalid, "dim -3 is out of range"},
      {"0-d self, dim -1",
       Make(a,
            [](Spec& s) {
              s.t[0].shape = {};
              s.t[1].shape = {};
            }),
       kOk, ""},
      {"0-d self, dim 1",
       Make(a,
            [](Spec& s) {
              s.t[0].shape = {};
              s.t[1].shape = {};
              s.dim = 1;
            }),
       kInvalid, "dim 1 is out of range [-1, 0]"},
      {"9-d self",
       Make(a, [](Spec& s) { s.t[0].shape = s.t[1].shape = {1, 1, 1, 1, 1, 1, 1, 2, 3}; }),
       kInvalid, "self rank 9 exceeds the maximum of 8"},
      {"out shape",
       Make(a,
            [](Spec& s) {
              s.t[1].shape = {3, 2};
            }),
       kInvalid, "out shape [3,2] must equal self shape [2,3]"},
  });
}

TEST(SoftmaxValidation, LogSoftmax) {
  const Api a = Api::kLogSoftmax;
  const aclnnStatus bf16 = ChipHasBf16() ? kOk : kInvalid;
  RunTable({
      {"ok", Make(a, [](Spec&) {}), kOk, ""},
      {"null self", Make(a, [](Spec& s) { s.t[0].null = true; }), kNull, "self must not be null"},
      {"null out", Make(a, [](Spec& s) { s.t[1].null = true; }), kNull, "out must not be null"},
      // The dim range comes before the dtypes.
      {"dim before dtype",
       Make(a,
            [](Spec& s) {
              s.dim = 3;
              s.t[0].dtype = ACL_INT32;
            }),
       kInvalid, "aclnnLogSoftmax: dim 3 is out of range [-2, 1]"},
      {"bf16 out per chip", Make(a, [](Spec& s) { s.t[1].dtype = ACL_BF16; }), bf16,
       ChipHasBf16() ? "" : "out dtype BFLOAT16 is not supported on"},
      {"int32 self", Make(a, [](Spec& s) { s.t[0].dtype = ACL_INT32; }), kInvalid,
       "self dtype INT32"},
      {"float self, double out", Make(a, [](Spec& s) { s.t[1].dtype = ACL_DOUBLE; }), kOk, ""},
      {"out shape",
       Make(a,
            [](Spec& s) {
              s.t[1].shape = {2, 4};
            }),
       kInvalid, "out shape [2,4] must equal self shape [2,3]"},
      {"9-d out", Make(a, [](Spec& s) { s.t[1].shape = {1, 1, 1, 1, 1, 1, 1, 2, 3}; }), kInvalid,
       "out rank 9"},
      // Empty tensors are still validated.
      {"empty self, bad out shape",
       Make(a,
            [](Spec& s) {
              s.t[0].shape = {0, 3};
              s.t[1].shape = {1, 3};
            }),
       kInvalid, "out shape"},
      {"empty ok",
       Make(a,
            [](Spec& s) {
              s.t[0].shape = s.t[1].shape = {0, 3};
            }),
       kOk, ""},
  });
}

TEST(SoftmaxValidation, SoftmaxBackward) {
  const Api a = Api::kSoftmaxBackward;
  const bool is950 = Is950();
  RunTable({
      {"ok", Make(a, [](Spec&) {}), kOk, ""},
      {"null gradOutput first",
       Make(a,
            [](Spec& s) {
              s.t[0].null = true;
              s.t[1].null = true;
            }),
       kNull, "aclnnSoftmaxBackward: gradOutput must not be null"},
      {"null output", Make(a, [](Spec& s) { s.t[1].null = true; }), kNull,
       "output must not be null"},
      {"null out", Make(a, [](Spec& s) { s.t[2].null = true; }), kNull, "out must not be null"},
      // Outside 950 an empty input skips the checks.
      {"empty output with bad dtype",
       Make(a,
            [](Spec& s) {
              s.t[1].shape = {0, 3};
              s.t[1].dtype = ACL_INT32;
            }),
       is950 ? kInvalid : kOk, ""},
      {"double is not supported",
       Make(a, [](Spec& s) { s.t[0].dtype = s.t[1].dtype = ACL_DOUBLE; }), kInvalid,
       "gradOutput dtype DOUBLE is not supported"},
      {"bf16 per chip", Make(a, [](Spec& s) { s.t[0].dtype = s.t[1].dtype = ACL_BF16; }),
       ChipHasBf16() ? kOk : kInvalid, ""},
      {"output dtype differs", Make(a, [](Spec& s) { s.t[1].dtype = ACL_FLOAT16; }), kInvalid,
       "output dtype FLOAT16 must equal gradOutput dtype FLOAT"},
      {"out dtype is cast to", Make(a, [](Spec& s) { s.t[2].dtype = ACL_FLOAT16; }), kOk, ""},
      {"dim range", Make(a, [](Spec& s) { s.dim = 2; }), kInvalid,
       "dim 2 is out of range [-2, 1] for gradOutput"},
      {"output shape",
       Make(a,
            [](Spec& s) {
              s.t[1].shape = {3, 2};
            }),
       kInvalid, "output shape [3,2] must equal gradOutput shape [2,3]"},
      {"out shape", Make(a, [](Spec& s) { s.t[2].shape = {6}; }), kInvalid, "out shape [6]"},
  });
}

TEST(SoftmaxValidation, LogSoftmaxBackward) {
  const Api a = Api::kLogSoftmaxBackward;
  const bool is950 = Is950();
  RunTable({
      {"ok", Make(a, [](Spec&) {}), kOk, ""},
      // output is checked for null before gradOutput.
      {"null output first",
       Make(a,
            [](Spec& s) {
              s.t[0].null = true;
              s.t[1].null = true;
            }),
       kNull, "aclnnLogSoftmaxBackward: output must not be null"},
      {"null gradOutput", Make(a, [](Spec& s) { s.t[0].null = true; }), kNull,
       "gradOutput must not be null"},
      {"empty gradOutput with bad dim",
       Make(a,
            [](Spec& s) {
              s.t[0].shape = s.t[1].shape = s.t[2].shape = {0, 3};
              s.dim = 9;
            }),
       is950 ? kInvalid : kOk, is950 ? "dim 9" : ""},
      {"output dtype before gradOutput",
       Make(a,
            [](Spec& s) {
              s.t[0].dtype = ACL_INT8;
              s.t[1].dtype = ACL_INT32;
            }),
       kInvalid, "output dtype INT32"},
      {"dtypes differ", Make(a, [](Spec& s) { s.t[0].dtype = ACL_FLOAT16; }), kInvalid,
       "must equal gradOutput dtype FLOAT16"},
      // The dim range is the last check.
      {"shape before dim",
       Make(a,
            [](Spec& s) {
              s.t[2].shape = {3, 2};
              s.dim = -5;
            }),
       kInvalid, "out shape [3,2]"},
      {"dim range", Make(a, [](Spec& s) { s.dim = -3; }), kInvalid, "dim -3 is out of range"},
      {"int out is cast to", Make(a, [](Spec& s) { s.t[2].dtype = ACL_INT32; }), kOk, ""},
      {"no cast to fp8", Make(a, [](Spec& s) { s.t[2].dtype = ACL_FLOAT8_E4M3FN; }), kInvalid,
       "out dtype FLOAT8_E4M3FN"},
  });
}

TEST(SoftmaxValidation, SoftmaxCrossEntropyWithLogits) {
  const Api a = Api::kCrossEntropy;
  const bool is950 = Is950();
  RunTable({
      {"ok", Make(a, [](Spec&) {}), kOk, ""},
      {"null labels", Make(a, [](Spec& s) { s.t[1].null = true; }), kNull,
       "aclnnSoftmaxCrossEntropyWithLogits: labels must not be null"},
      {"null backprop", Make(a, [](Spec& s) { s.t[3].null = true; }), kNull,
       "backprop must not be null"},
      {"double features", Make(a, [](Spec& s) { s.t[0].dtype = ACL_DOUBLE; }), kInvalid,
       "features dtype DOUBLE is not supported"},
      {"bf16 per chip",
       Make(a,
            [](Spec& s) {
              for (Arg& t : s.t) t.dtype = ACL_BF16;
            }),
       ChipHasBf16() ? kOk : kInvalid, ""},
      {"loss dtype", Make(a, [](Spec& s) { s.t[2].dtype = ACL_FLOAT16; }), kInvalid,
       "loss dtype FLOAT16 must equal features dtype FLOAT"},
      {"3-d features",
       Make(a,
            [](Spec& s) {
              s.t[0].shape = {1, 2, 3};
            }),
       kInvalid, "features must be 2-D"},
      {"1-d labels", Make(a, [](Spec& s) { s.t[1].shape = {6}; }), kInvalid, "labels must be 2-D"},
      {"empty features",
       Make(a,
            [](Spec& s) {
              s.t[0].shape = {0, 3};
              s.t[2].shape = {7};
            }),
       kOk, ""},
      {"labels dtype differs", Make(a, [](Spec& s) { s.t[1].dtype = ACL_FLOAT16; }),
       is950 ? ACLNN_ERR_INNER_TILING_ERROR : kOk, is950 ? "labels dtype FLOAT16" : ""},
      {"labels shape (divergence)",
       Make(a,
            [](Spec& s) {
              s.t[1].shape = {2, 4};
            }),
       kInvalid, "labels shape [2,4] must equal features shape [2,3]"},
      {"loss shape (divergence)", Make(a, [](Spec& s) { s.t[2].shape = {3}; }), kInvalid,
       "loss shape [3] must be [2]"},
  });
}

}  // namespace
