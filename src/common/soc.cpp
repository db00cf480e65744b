#include "common/soc.h"

#include <cstdlib>

namespace aclcpu {
namespace {

constexpr SocProfile kSocs[] = {
    {"Ascend910A", SocFamily::kAtlasTraining, "Atlas training", false, kernels::Generation::Legacy},
    {"Ascend910ProA", SocFamily::kAtlasTraining, "Atlas training", false,
     kernels::Generation::Legacy},
    {"Ascend910ProB", SocFamily::kAtlasTraining, "Atlas training", false,
     kernels::Generation::Legacy},
    {"Ascend910PremiumA", SocFamily::kAtlasTraining, "Atlas training", false,
     kernels::Generation::Legacy},
    {"Ascend310P1", SocFamily::kAtlasInference, "Atlas inference", false,
     kernels::Generation::Legacy},
    {"Ascend310P3", SocFamily::kAtlasInference, "Atlas inference", false,
     kernels::Generation::Legacy},
    {"Ascend310P5", SocFamily::kAtlasInference, "Atlas inference", false,
     kernels::Generation::Legacy},
    {"Ascend310P7", SocFamily::kAtlasInference, "Atlas inference", false,
     kernels::Generation::Legacy},
    {"Ascend910B1", SocFamily::kAtlasA2, "Atlas A2", true, kernels::Generation::Legacy},
    {"Ascend910B2", SocFamily::kAtlasA2, "Atlas A2", true, kernels::Generation::Legacy},
    {"Ascend910B3", SocFamily::kAtlasA2, "Atlas A2", true, kernels::Generation::Legacy},
    {"Ascend910B4", SocFamily::kAtlasA2, "Atlas A2", true, kernels::Generation::Legacy},
    {"Ascend910_9391", SocFamily::kAtlasA3, "Atlas A3", true, kernels::Generation::Legacy},
    {"Ascend910_9392", SocFamily::kAtlasA3, "Atlas A3", true, kernels::Generation::Legacy},
    {"Ascend910_9381", SocFamily::kAtlasA3, "Atlas A3", true, kernels::Generation::Legacy},
    {"Ascend910_9382", SocFamily::kAtlasA3, "Atlas A3", true, kernels::Generation::Legacy},
    {"Ascend910_9372", SocFamily::kAtlasA3, "Atlas A3", true, kernels::Generation::Legacy},
    {"Ascend910_9362", SocFamily::kAtlasA3, "Atlas A3", true, kernels::Generation::Legacy},
    {"Ascend950PR_9579", SocFamily::kAscend950, "Ascend 950", true, kernels::Generation::Current},
    {"Ascend950PR_9589", SocFamily::kAscend950, "Ascend 950", true, kernels::Generation::Current},
    {"Ascend950PR_9599", SocFamily::kAscend950, "Ascend 950", true, kernels::Generation::Current},
    {"Ascend950DT_9591", SocFamily::kAscend950, "Ascend 950", true, kernels::Generation::Current},
    {"Ascend950DT_9592", SocFamily::kAscend950, "Ascend 950", true, kernels::Generation::Current},
};

struct Selection {
  const SocProfile* profile = nullptr;
  std::string error;
};

Selection Select() {
  Selection selection;
  const char* env = std::getenv("ACLNN_CPU_SOC");
  const std::string name = (env != nullptr && *env != '\0') ? env : kDefaultSoc;
  selection.profile = FindSoc(name);
  if (selection.profile == nullptr) {
    selection.error =
        "ACLNN_CPU_SOC names an unknown chip \"" + name + "\"; known chips: " + KnownSocNames();
  }
  return selection;
}

}  // namespace

const SocProfile* FindSoc(const std::string& name) {
  for (const SocProfile& profile : kSocs) {
    if (name == profile.name) return &profile;
  }
  return nullptr;
}

const SocProfile* SelectedSoc(std::string* error) {
  static const Selection selection = Select();
  if (selection.profile == nullptr && error != nullptr) *error = selection.error;
  return selection.profile;
}

std::string KnownSocNames() {
  std::string names;
  for (const SocProfile& profile : kSocs) {
    if (!names.empty()) names += ", ";
    names += profile.name;
  }
  return names;
}

}  // namespace aclcpu
