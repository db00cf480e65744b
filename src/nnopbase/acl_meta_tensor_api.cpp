// Exported aclTensor functions of acl_meta.h: thin wrappers, no exception crosses the ABI.
#include <string>

#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"
#include "common/enum_code.h"
#include "common/error.h"
#include "common/trace.h"
#include "nnopbase/meta_impl.h"

using aclcpu::EnumCode;
using aclcpu::Guard;
using aclcpu::GuardPtr;
using aclcpu::trace::Call;
using aclcpu::trace::Traced;

namespace {

void TensorArgs(Call& c, const int64_t* viewDims, uint64_t viewDimsNum, int32_t dataType,
                const int64_t* stride, int64_t offset, int32_t format, const int64_t* storageDims,
                uint64_t storageDimsNum) {
  c.Dims("viewDims", viewDims, viewDimsNum).UInt("viewDimsNum", viewDimsNum);
  c.Dtype("dataType", dataType).Dims("stride", stride, viewDimsNum).Int("offset", offset);
  c.Format("format", format).Dims("storageDims", storageDims, storageDimsNum);
  c.UInt("storageDimsNum", storageDimsNum);
}

// A getter that writes an array through `values` and its length through `count`.
auto WroteDims(const char* name, int64_t* const* values, const uint64_t* count) {
  return [=](Call& c, aclnnStatus rc) {
    if (rc == ACLNN_SUCCESS && values != nullptr && count != nullptr) {
      std::string text = "[";
      for (uint64_t i = 0; i < *count && *values != nullptr; ++i) {
        text += (i > 0 ? "," : "") + std::to_string((*values)[i]);
      }
      c.Wrote(name, text + "]");
    }
    c.Status(rc);
  };
}

}  // namespace

extern "C" {

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                           const int64_t* stride, int64_t offset, aclFormat format,
                           const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData) {
  const int32_t dtypeCode = EnumCode(dataType);
  const int32_t formatCode = EnumCode(format);
  return Traced(
      "aclCreateTensor",
      [&](Call& c) {
        TensorArgs(c, viewDims, viewDimsNum, dtypeCode, stride, offset, formatCode, storageDims,
                   storageDimsNum);
        c.Mem("tensorData", tensorData);
      },
      [&] {
        return GuardPtr<aclTensor>("aclCreateTensor", [&] {
          return aclcpu::CreateTensor(viewDims, viewDimsNum, dtypeCode, stride, offset, formatCode,
                                      storageDims, storageDimsNum, tensorData);
        });
      },
      aclcpu::trace::ReturnedNew<aclTensor>("tensor"));
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
  return Traced(
      "aclDestroyTensor", [&](Call& c) { c.Tensor("tensor", tensor); },
      [&] {
        return Guard("aclDestroyTensor", ACLNN_ERR_INNER,
                     [&] { return aclcpu::DestroyTensor(tensor); });
      },
      aclcpu::trace::DestroyedOnSuccess(tensor));
}

aclnnStatus aclInitTensor(aclTensor* tensor, const int64_t* viewDims, uint64_t viewDimsNum,
                          aclDataType dataType, const int64_t* stride, int64_t offset,
                          aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                          void* tensorDataAddr) {
  const int32_t dtypeCode = EnumCode(dataType);
  const int32_t formatCode = EnumCode(format);
  return Traced(
      "aclInitTensor",
      [&](Call& c) {
        c.Object("tensor", "tensor", tensor);
        TensorArgs(c, viewDims, viewDimsNum, dtypeCode, stride, offset, formatCode, storageDims,
                   storageDimsNum);
        c.Mem("tensorDataAddr", tensorDataAddr);
      },
      [&] {
        return Guard("aclInitTensor", ACLNN_ERR_INNER, [&] {
          return aclcpu::InitTensor(tensor, viewDims, viewDimsNum, dtypeCode, stride, offset,
                                    formatCode, storageDims, storageDimsNum, tensorDataAddr);
        });
      });
}

aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
  return Traced(
      "aclGetViewShape",
      [&](Call& c) {
        c.Tensor("tensor", tensor).Out("viewDims", viewDims).Out("viewDimsNum", viewDimsNum);
      },
      [&] {
        return Guard("aclGetViewShape", ACLNN_ERR_INNER,
                     [&] { return aclcpu::GetViewShape(tensor, viewDims, viewDimsNum); });
      },
      WroteDims("viewDims", viewDims, viewDimsNum));
}

aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims,
                               uint64_t* storageDimsNum) {
  return Traced(
      "aclGetStorageShape",
      [&](Call& c) {
        c.Tensor("tensor", tensor).Out("storageDims", storageDims);
        c.Out("storageDimsNum", storageDimsNum);
      },
      [&] {
        return Guard("aclGetStorageShape", ACLNN_ERR_INNER,
                     [&] { return aclcpu::GetStorageShape(tensor, storageDims, storageDimsNum); });
      },
      WroteDims("storageDims", storageDims, storageDimsNum));
}

aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue,
                              uint64_t* stridesNum) {
  return Traced(
      "aclGetViewStrides",
      [&](Call& c) {
        c.Tensor("tensor", tensor).Out("stridesValue", stridesValue).Out("stridesNum", stridesNum);
      },
      [&] {
        return Guard("aclGetViewStrides", ACLNN_ERR_INNER,
                     [&] { return aclcpu::GetViewStrides(tensor, stridesValue, stridesNum); });
      },
      WroteDims("stridesValue", stridesValue, stridesNum));
}

aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset) {
  return Traced(
      "aclGetViewOffset", [&](Call& c) { c.Tensor("tensor", tensor).Out("offset", offset); },
      [&] {
        return Guard("aclGetViewOffset", ACLNN_ERR_INNER,
                     [&] { return aclcpu::GetViewOffset(tensor, offset); });
      },
      aclcpu::trace::WroteNumber("offset", offset));
}

aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
  return Traced(
      "aclGetFormat", [&](Call& c) { c.Tensor("tensor", tensor).Out("format", format); },
      [&] {
        return Guard("aclGetFormat", ACLNN_ERR_INNER,
                     [&] { return aclcpu::GetFormat(tensor, format); });
      },
      [&](Call& c, aclnnStatus rc) {
        if (rc == ACLNN_SUCCESS && format != nullptr) {
          c.Wrote("format", aclcpu::trace::FormatName(*format));
        }
        c.Status(rc);
      });
}

aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
  return Traced(
      "aclGetDataType", [&](Call& c) { c.Tensor("tensor", tensor).Out("dataType", dataType); },
      [&] {
        return Guard("aclGetDataType", ACLNN_ERR_INNER,
                     [&] { return aclcpu::GetDataType(tensor, dataType); });
      },
      [&](Call& c, aclnnStatus rc) {
        if (rc == ACLNN_SUCCESS && dataType != nullptr) {
          c.Wrote("dataType", aclcpu::trace::DtypeText(*dataType));
        }
        c.Status(rc);
      });
}

aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr) {
  return Traced(
      "aclSetRawTensorAddr", [&](Call& c) { c.Tensor("tensor", tensor).Mem("addr", addr); },
      [&] {
        return Guard("aclSetRawTensorAddr", ACLNN_ERR_INNER,
                     [&] { return aclcpu::SetRawTensorAddr(tensor, addr); });
      });
}

aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr) {
  return Traced(
      "aclGetRawTensorAddr", [&](Call& c) { c.Tensor("tensor", tensor).Out("addr", addr); },
      [&] {
        return Guard("aclGetRawTensorAddr", ACLNN_ERR_INNER,
                     [&] { return aclcpu::GetRawTensorAddr(tensor, addr); });
      },
      aclcpu::trace::WroteMem("addr", addr));
}

}  // extern "C"
