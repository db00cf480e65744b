// Exported executor-reuse functions of acl_meta.h: thin wrappers. The capital-A spellings
// forward to the same implementation under their own names (for messages).
#include <string>

#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/log.h"
#include "common/trace.h"
#include "nnopbase/meta_impl.h"

using aclcpu::Guard;
using aclcpu::TensorRole;
using aclcpu::trace::Call;
using aclcpu::trace::Traced;

namespace {

aclnnStatus SetAddr(const char* api, TensorRole role, aclOpExecutor* executor, size_t index,
                    aclTensor* tensor, void* addr) {
  return Traced(
      api,
      [&](Call& c) {
        c.Object("executor", "executor", executor).UInt("index", index);
        c.Tensor("tensor", tensor).Mem("addr", addr);
      },
      [&] {
        return Guard(api, ACLNN_ERR_INNER, [&] {
          return aclcpu::SetExecutorTensorAddr(api, role, executor, index, tensor, addr);
        });
      });
}

aclnnStatus SetDynamicAddr(const char* api, TensorRole role, aclOpExecutor* executor,
                           size_t irIndex, size_t relativeIndex, aclTensorList* tensors,
                           void* addr) {
  return Traced(
      api,
      [&](Call& c) {
        c.Object("executor", "executor", executor).UInt("irIndex", irIndex);
        c.UInt("relativeIndex", relativeIndex).Object("tensors", "tensorList", tensors);
        c.Mem("addr", addr);
      },
      [&] {
        return Guard(api, ACLNN_ERR_INNER, [&] {
          return aclcpu::SetExecutorDynamicTensorAddr(api, role, executor, irIndex, relativeIndex,
                                                      tensors, addr);
        });
      });
}

}  // namespace

extern "C" {

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
  return Traced(
      "aclSetAclOpExecutorRepeatable", [&](Call& c) { c.Object("executor", "executor", executor); },
      [&] {
        return Guard("aclSetAclOpExecutorRepeatable", ACLNN_ERR_INNER,
                     [&] { return aclcpu::SetExecutorRepeatable(executor); });
      });
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
  return Traced(
      "aclDestroyAclOpExecutor", [&](Call& c) { c.Object("executor", "executor", executor); },
      [&] {
        return Guard("aclDestroyAclOpExecutor", ACLNN_ERR_INNER,
                     [&] { return aclcpu::DestroyExecutor(executor); });
      },
      aclcpu::trace::DestroyedOnSuccess(executor));
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                  void* addr) {
  return SetAddr("aclSetInputTensorAddr", TensorRole::kInput, executor, index, tensor, addr);
}

aclnnStatus aclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                   void* addr) {
  return SetAddr("aclSetOutputTensorAddr", TensorRole::kOutput, executor, index, tensor, addr);
}

aclnnStatus aclSetTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                             void* addr) {
  return SetAddr("aclSetTensorAddr", TensorRole::kAny, executor, index, tensor, addr);
}

aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                         const size_t relativeIndex, aclTensorList* tensors,
                                         void* addr) {
  return SetDynamicAddr("aclSetDynamicInputTensorAddr", TensorRole::kInput, executor, irIndex,
                        relativeIndex, tensors, addr);
}

aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                          const size_t relativeIndex, aclTensorList* tensors,
                                          void* addr) {
  return SetDynamicAddr("aclSetDynamicOutputTensorAddr", TensorRole::kOutput, executor, irIndex,
                        relativeIndex, tensors, addr);
}

aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                    const size_t relativeIndex, aclTensorList* tensors,
                                    void* addr) {
  return SetDynamicAddr("aclSetDynamicTensorAddr", TensorRole::kAny, executor, irIndex,
                        relativeIndex, tensors, addr);
}

aclnnStatus AclSetInputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                  void* addr) {
  return SetAddr("AclSetInputTensorAddr", TensorRole::kInput, executor, index, tensor, addr);
}

aclnnStatus AclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                   void* addr) {
  return SetAddr("AclSetOutputTensorAddr", TensorRole::kOutput, executor, index, tensor, addr);
}

aclnnStatus AclSetTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                             void* addr) {
  return SetAddr("AclSetTensorAddr", TensorRole::kAny, executor, index, tensor, addr);
}

aclnnStatus AclSetDynamicInputTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                         const size_t relativeIndex, aclTensorList* tensors,
                                         void* addr) {
  return SetDynamicAddr("AclSetDynamicInputTensorAddr", TensorRole::kInput, executor, irIndex,
                        relativeIndex, tensors, addr);
}

aclnnStatus AclSetDynamicOutputTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                          const size_t relativeIndex, aclTensorList* tensors,
                                          void* addr) {
  return SetDynamicAddr("AclSetDynamicOutputTensorAddr", TensorRole::kOutput, executor, irIndex,
                        relativeIndex, tensors, addr);
}

aclnnStatus AclSetDynamicTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                    const size_t relativeIndex, aclTensorList* tensors,
                                    void* addr) {
  return SetDynamicAddr("AclSetDynamicTensorAddr", TensorRole::kAny, executor, irIndex,
                        relativeIndex, tensors, addr);
}

// No dump directory is configured on a CPU: the call checks its arguments (any null → 161001,
// as the vendor's), logs the tensors it was given at INFO, and succeeds.
aclnnStatus aclDumpOpTensors(const char* opType, const char* opName, aclTensor** tensors,
                             size_t inputTensorNum, size_t outputTensorNum, aclrtStream stream) {
  return Traced(
      "aclDumpOpTensors",
      [&](Call& c) {
        c.Text("opType", opType).Text("opName", opName);
        c.Tensors("tensors", tensors, inputTensorNum + outputTensorNum);
        c.UInt("inputTensorNum", inputTensorNum).UInt("outputTensorNum", outputTensorNum);
        c.Object("stream", "stream", stream);
      },
      [&] {
        return Guard("aclDumpOpTensors", ACLNN_ERR_INNER, [&]() -> int {
          const char* null = opType == nullptr    ? "opType"
                             : opName == nullptr  ? "opName"
                             : tensors == nullptr ? "tensors"
                             : stream == nullptr  ? "stream"
                                                  : nullptr;
          if (null != nullptr) {
            return aclcpu::Fail(ACLNN_ERR_PARAM_NULLPTR,
                                std::string("aclDumpOpTensors: ") + null + " must not be null");
          }
          aclcpu::Log(aclcpu::LogLevel::kInfo,
                      "aclDumpOpTensors: %s (%s): %zu inputs, %zu outputs (no dump on a CPU)",
                      opType, opName, inputTensorNum, outputTensorNum);
          return ACLNN_SUCCESS;
        });
      });
}

}  // extern "C"
