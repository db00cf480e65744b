// The chip being emulated, as data. ACLNN_CPU_SOC selects it (default Ascend910B1).
#pragma once

#include <string>

#include "elementwise/types.h"

namespace aclcpu {

enum class SocFamily { kAtlasTraining, kAtlasInference, kAtlasA2, kAtlasA3, kAscend950 };

struct SocProfile {
  const char* name;  // what aclrtGetSocName returns
  SocFamily family;
  const char* familyName;
  bool hasBf16;
  // Which generation of the vendor's operator kernels the chip's op package follows (Legacy or
  // Current; the kernel lists use the same enum, with Any for rows that serve both).
  kernels::Generation generation;
};

constexpr const char* kDefaultSoc = "Ascend910B1";

// Exact-name lookup in the profile table; nullptr when unknown.
const SocProfile* FindSoc(const std::string& name);
// The profile selected by ACLNN_CPU_SOC. Returns nullptr (and fills *error when given) when the
// variable names an unknown chip; the result is computed once per process.
const SocProfile* SelectedSoc(std::string* error = nullptr);
// Comma-separated list of every known name, for messages.
std::string KnownSocNames();

}  // namespace aclcpu
