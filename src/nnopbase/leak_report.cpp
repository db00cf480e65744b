// Tells the runtime's leak report at aclFinalize which nnopbase handles are still alive. The
// runtime cannot call up into nnopbase, so nnopbase registers a reporter with src/common when
// the core library is loaded.
#include "common/check_level.h"
#include "nnopbase/executor_checks.h"
#include "nnopbase/handle_registry.h"
#include "nnopbase/meta_impl.h"

namespace aclcpu {
namespace {

template <typename T>
LeakCount CountOf(const char* what) {
  LeakCount c;
  c.what = what;
  c.count = Registry<T>().TakeUnreported();
  return c;
}

void ReportNnopbase(std::vector<LeakCount>* out) {
  out->push_back(CountOf<aclTensor>("aclTensor(s) (aclCreateTensor without aclDestroyTensor)"));
  out->push_back(CountOf<aclScalar>("aclScalar(s) (aclCreateScalar without aclDestroyScalar)"));
  out->push_back(CountOf<aclIntArray>("aclIntArray(s)"));
  out->push_back(CountOf<aclFloatArray>("aclFloatArray(s)"));
  out->push_back(CountOf<aclBoolArray>("aclBoolArray(s)"));
  out->push_back(CountOf<aclTensorList>("aclTensorList(s)"));
  out->push_back(CountOf<aclScalarList>("aclScalarList(s)"));
  LeakCount executors;
  executors.what =
      "aclOpExecutor(s) (phase 1 without phase 2, or repeatable without "
      "aclDestroyAclOpExecutor)";
  executors.count = UnreportedExecutorCount();
  out->push_back(executors);
}

[[maybe_unused]] const bool kRegistered = [] {
  RegisterLeakReporter(ReportNnopbase);
  return true;
}();

}  // namespace
}  // namespace aclcpu
