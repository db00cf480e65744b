// aclcpu_coverage: README's operator × dtype × chip table, measured rather than hand-kept. For
// each chip profile (one child process per chip, since ACLNN_CPU_SOC is read once per process)
// it calls every operator's phase 1 (every *GetWorkspaceSize row of tests/abi/ops/*.inc) with
// small valid tensors of one candidate dtype at a time and records which dtypes are accepted.
// The op layer's own checks decide; only the call shapes of the structured operators are listed
// here (kRecipes). Usage: aclcpu_coverage [output-file] (default: stdout).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "coverage_headers_all.h"

namespace {

// The dtypes tried, in the order the table lists them.
struct Candidate {
  aclDataType dtype;
  const char* name;
  int bytes;
};
const Candidate kCandidates[] = {{ACL_FLOAT, "FLOAT", 4},   {ACL_FLOAT16, "FLOAT16", 2},
                                 {ACL_BF16, "BFLOAT16", 2}, {ACL_DOUBLE, "DOUBLE", 8},
                                 {ACL_INT8, "INT8", 1},     {ACL_UINT8, "UINT8", 1},
                                 {ACL_INT16, "INT16", 2},   {ACL_INT32, "INT32", 4},
                                 {ACL_INT64, "INT64", 8},   {ACL_BOOL, "BOOL", 1}};
constexpr int kCandidateCount = sizeof(kCandidates) / sizeof(kCandidates[0]);

// The chips, one column each (A2 and A3 share a column when they agree on every row).
struct Chip {
  const char* soc;
  const char* label;
};
const Chip kChips[] = {{"Ascend910A", "Atlas training (`Ascend910A`)"},
                       {"Ascend310P3", "Atlas inference (`Ascend310P3`)"},
                       {"Ascend910B1", "Atlas A2 (`Ascend910B1`)"},
                       {"Ascend910_9391", "Atlas A3 (`Ascend910_9391`)"},
                       {"Ascend950PR_9599", "Ascend 950 (`Ascend950PR_9599`)"}};
constexpr int kChipCount = sizeof(kChips) / sizeof(kChips[0]);
constexpr int kA2 = 2, kA3 = 3;

// How to call an operator whose tensors do not all share one shape: the shape of each tensor
// argument in order ("2x4" = [2, 4], "1" = [1], "-" = nullptr) and the int64_t arguments in
// order (the rest are −1). Every other operator gets [2, 4] tensors and −1 integers. Scalars hold 1
// (then 0, for operators that accept some dtypes only at 0) in the candidate dtype; bools are
// false, doubles 1.0, strings "none". Tensors that are not in the list take the candidate dtype.
struct Recipe {
  const char* api;
  const char* tensors;
  std::vector<int64_t> ints;
};
const Recipe kRecipes[] = {
    {"aclnnSoftmaxCrossEntropyWithLogits", "2x4 2x4 2 2x4", {}},
    {"aclnnGlu", "2x4 2x2", {}},
    {"aclnnGluBackward", "2x2 2x4 2x4", {}},
    // 310P's kernel wants halves of a multiple of 64 bytes.
    {"aclnnSwiGlu", "2x64 2x32", {}},
    {"aclnnSwiGluGrad", "2x32 2x64 2x64", {}},
    {"aclnnGeGlu", "2x4 2x2 2x2", {-1, 0}},
    {"aclnnGeGluV3", "2x4 2x2 2x2", {-1, 0}},
    {"aclnnGeGluBackward", "2x2 2x4 2x2 2x4", {-1, 0}},
    {"aclnnGeGluV3Backward", "2x2 2x4 2x2 2x4", {-1, 0}},
    {"aclnnGeluMul", "2x4 2x2", {}},
    {"aclnnFatreluMul", "2x4 1 2x2", {}},
    {"aclnnSituGlu", "2x4 2x2", {}},
    {"aclnnSituGluGrad", "2x2 2x4 2x4", {}},
    {"aclnnClippedSwiglu", "2x4 - 2x2", {}},
    {"aclnnClippedSwigluV2", "2x4 - 2x2", {-1, 0}},
    {"aclnnClippedSwigluGrad", "2x2 2x4 - 2x4", {}},
    {"aclnnSwigluGroup", "2x4 - - 2x2", {}},
    {"aclnnPrelu", "2x4 1 2x4", {}},
    {"aclnnPreluBackward", "2x4 2x4 1 2x4 1", {}},
};

const Recipe* FindRecipe(const std::string& api) {
  for (const Recipe& r : kRecipes) {
    if (api == r.api) return &r;
  }
  return nullptr;
}

std::vector<std::string> Split(const char* text) {
  std::vector<std::string> out;
  std::string cur;
  for (const char* p = text; *p != '\0'; ++p) {
    if (*p == ' ') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += *p;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// The arguments of one phase-1 call; owns what it creates.
class Call {
 public:
  Call(const Recipe* recipe, const Candidate& c, int scalarValue)
      : candidate_(c), scalarValue_(scalarValue) {
    if (recipe != nullptr) {
      shapes_ = Split(recipe->tensors);
      ints_ = recipe->ints;
    }
  }
  ~Call() {
    if (executor_ != nullptr) aclDestroyAclOpExecutor(executor_);
    for (aclTensor* t : tensors_) aclDestroyTensor(t);
    for (aclScalar* s : scalars_) aclDestroyScalar(s);
    for (void* p : buffers_) aclrtFree(p);
  }
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;

  aclTensor* Tensor() {
    const std::string spec = tensorIndex_ < shapes_.size() ? shapes_[tensorIndex_] : "2x4";
    ++tensorIndex_;
    if (spec == "-") return nullptr;
    std::vector<int64_t> shape;
    int64_t numel = 1;
    for (const char* p = spec.c_str(); *p != '\0'; p += *p == 'x' ? 1 : 0) {
      char* end = nullptr;
      shape.push_back(std::strtoll(p, &end, 10));
      numel *= shape.back();
      p = end;
    }
    void* data = nullptr;
    if (aclrtMalloc(&data, static_cast<size_t>(numel) * 8, ACL_MEM_MALLOC_HUGE_FIRST) !=
        ACL_SUCCESS) {
      return nullptr;
    }
    buffers_.push_back(data);
    std::vector<int64_t> strides(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
    aclTensor* t = aclCreateTensor(shape.data(), shape.size(), candidate_.dtype, strides.data(), 0,
                                   ACL_FORMAT_ND, shape.data(), shape.size(), data);
    tensors_.push_back(t);
    return t;
  }
  aclScalar* Scalar() {
    unsigned char value[8] = {};
    if (scalarValue_ != 0) {
      switch (candidate_.dtype) {
        case ACL_FLOAT: {
          const float one = 1.0f;
          std::memcpy(value, &one, sizeof(one));
          break;
        }
        case ACL_DOUBLE: {
          const double one = 1.0;
          std::memcpy(value, &one, sizeof(one));
          break;
        }
        case ACL_FLOAT16:
          value[1] = 0x3C;  // 1.0 = 0x3C00, little endian
          break;
        case ACL_BF16:
          value[0] = 0x80;  // 1.0 = 0x3F80
          value[1] = 0x3F;
          break;
        default:
          value[0] = 1;  // integers and BOOL, little endian
          break;
      }
    }
    aclScalar* s = aclCreateScalar(value, candidate_.dtype);
    scalars_.push_back(s);
    return s;
  }
  int64_t Int() { return intIndex_ < ints_.size() ? ints_[intIndex_++] : -1; }
  uint64_t* WorkspaceSize() { return &workspaceSize_; }
  aclOpExecutor** Executor() { return &executor_; }

 private:
  const Candidate& candidate_;
  int scalarValue_;
  std::vector<std::string> shapes_;
  std::vector<int64_t> ints_;
  size_t tensorIndex_ = 0;
  size_t intIndex_ = 0;
  std::vector<aclTensor*> tensors_;
  std::vector<aclScalar*> scalars_;
  std::vector<void*> buffers_;
  uint64_t workspaceSize_ = 0;
  aclOpExecutor* executor_ = nullptr;
};

// One argument of each parameter type a phase-1 function has.
template <typename T>
struct Arg;
template <>
struct Arg<const aclTensor*> {
  static const aclTensor* Make(Call& c) { return c.Tensor(); }
};
template <>
struct Arg<aclTensor*> {
  static aclTensor* Make(Call& c) { return c.Tensor(); }
};
template <>
struct Arg<const aclScalar*> {
  static const aclScalar* Make(Call& c) { return c.Scalar(); }
};
template <>
struct Arg<aclScalar*> {
  static aclScalar* Make(Call& c) { return c.Scalar(); }
};
template <>
struct Arg<bool> {
  static bool Make(Call&) { return false; }
};
template <>
struct Arg<int64_t> {
  static int64_t Make(Call& c) { return c.Int(); }
};
template <>
struct Arg<double> {
  static double Make(Call&) { return 1.0; }
};
template <>
struct Arg<char*> {
  static char* Make(Call&) {
    static char none[] = "none";
    return none;
  }
};
template <>
struct Arg<const char*> {
  static const char* Make(Call&) { return "none"; }
};
template <>
struct Arg<uint64_t*> {
  static uint64_t* Make(Call& c) { return c.WorkspaceSize(); }
};
template <>
struct Arg<aclOpExecutor**> {
  static aclOpExecutor** Make(Call& c) { return c.Executor(); }
};

using Probe = bool (*)(const Recipe*, const Candidate&, int scalarValue);

// Calls fn once; true when phase 1 accepts the arguments.
template <auto fn, typename... A>
bool Accepts(const Recipe* recipe, const Candidate& cand, int scalarValue) {
  Call call(recipe, cand, scalarValue);
  // A braced list evaluates left to right, so tensors and integers are taken in order.
  std::tuple<A...> args{Arg<A>::Make(call)...};
  return std::apply(fn, args) == 0;
}

struct Api {
  std::string name;  // without GetWorkspaceSize
  Probe probe;
};

template <auto fn, typename... A>
Probe ProbeOf(aclnnStatus (*)(A...)) {
  return &Accepts<fn, A...>;
}
// Phase 2 (void*, uint64_t, aclOpExecutor*, aclrtStream) is not probed.
template <auto fn>
Probe ProbeOf(aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream)) {
  return nullptr;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#define ABI_FN(ret, name, params) {#name, ProbeOf<&name>(&name)},
const struct {
  const char* name;
  Probe probe;
} kAllFunctions[] = {
#include "coverage_ops_all.inc"
};
#undef ABI_FN
#pragma GCC diagnostic pop

// Quantizing APIs: their outputs have other dtypes than their inputs (int8 / fp8 codes, fp32
// scales), which one candidate dtype for every tensor cannot express; README says so.
const char* const kNotProbed[] = {"aclnnGeluQuantGetWorkspaceSize",
                                  "aclnnSwigluGroupQuantGradGetWorkspaceSize",
                                  "aclnnSwigluGroupQuantGetWorkspaceSize"};

std::vector<Api> Apis() {
  const std::string suffix = "GetWorkspaceSize";
  std::vector<Api> out;
  for (const auto& f : kAllFunctions) {
    std::string name = f.name;
    bool skip = false;
    for (const char* n : kNotProbed) skip = skip || name == n;
    if (skip) continue;
    if (f.probe == nullptr || name.size() <= suffix.size() ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0) {
      continue;
    }
    out.push_back({name.substr(0, name.size() - suffix.size()), f.probe});
  }
  return out;
}

// In the child process: one bit mask of accepted candidates per API, written to fd.
int ProbeChip(const Chip& chip, const std::vector<Api>& apis, int fd) {
  setenv("ACLNN_CPU_SOC", chip.soc, 1);
  setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 1);  // refusals are expected: no log lines
  unsetenv("ACLNN_CPU_TRACE");
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) return 1;
  std::string text;
  for (const Api& api : apis) {
    const Recipe* recipe = FindRecipe(api.name);
    unsigned mask = 0;
    for (int k = 0; k < kCandidateCount; ++k) {
      if (api.probe(recipe, kCandidates[k], 1) || api.probe(recipe, kCandidates[k], 0)) {
        mask |= 1u << k;
      }
    }
    text += std::to_string(mask) + "\n";
  }
  aclrtResetDevice(0);
  aclFinalize();
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n <= 0) return 1;
    done += static_cast<size_t>(n);
  }
  return 0;
}

bool RunChip(const Chip& chip, const std::vector<Api>& apis, std::vector<unsigned>* masks) {
  int fds[2];
  if (pipe(fds) != 0) return false;
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) return false;
  if (pid == 0) {
    close(fds[0]);
    _exit(ProbeChip(chip, apis, fds[1]));
  }
  close(fds[1]);
  std::string text;
  char buf[4096];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof(buf))) > 0) text.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "aclcpu_coverage: probing %s failed\n", chip.soc);
    return false;
  }
  masks->clear();
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t end = text.find('\n', pos);
    masks->push_back(static_cast<unsigned>(std::strtoul(text.c_str() + pos, nullptr, 10)));
    pos = end == std::string::npos ? text.size() : end + 1;
  }
  return masks->size() == apis.size();
}

std::string Cell(unsigned mask) {
  std::string s;
  for (int k = 0; k < kCandidateCount; ++k) {
    if (((mask >> k) & 1u) == 0) continue;
    if (!s.empty()) s += ", ";
    s += kCandidates[k].name;
  }
  return s.empty() ? "—" : s;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<Api> apis = Apis();
  std::vector<unsigned> masks[kChipCount];
  for (int c = 0; c < kChipCount; ++c) {
    if (!RunChip(kChips[c], apis, &masks[c])) return 1;
  }
  const bool mergeA3 = masks[kA2] == masks[kA3];
  std::map<std::string, std::string> rows;  // sorted by API name
  std::string header = "| API |";
  std::string rule = "|---|";
  for (int c = 0; c < kChipCount; ++c) {
    if (mergeA3 && c == kA3) continue;
    header +=
        std::string(" ") +
        (mergeA3 && c == kA2 ? "Atlas A2/A3 (`Ascend910B1`, `Ascend910_9391`)" : kChips[c].label) +
        " |";
    rule += "---|";
  }
  for (size_t i = 0; i < apis.size(); ++i) {
    std::string row = "| `" + apis[i].name + "` |";
    for (int c = 0; c < kChipCount; ++c) {
      if (mergeA3 && c == kA3) continue;
      row += " " + Cell(masks[c][i]) + " |";
    }
    rows[apis[i].name] = row;
  }
  std::string out = header + "\n" + rule + "\n";
  for (const auto& r : rows) out += r.second + "\n";
  FILE* f = argc > 1 ? std::fopen(argv[1], "w") : stdout;
  if (f == nullptr) {
    std::perror(argv[1]);
    return 1;
  }
  std::fputs(out.c_str(), f);
  if (f != stdout) std::fclose(f);
  return 0;
}
