#include "common/trace.h"

#include <atomic>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/dtype.h"
#include "common/log.h"

namespace aclcpu {
namespace trace {
namespace {

constexpr const char* kPrefix = "[aclnn_cpu trace] ";
constexpr uint64_t kMaxListed = 16;  // longer lists print their first elements and "..."

const char* TraceSetting() {
  const char* value = std::getenv("ACLNN_CPU_TRACE");
  if (value == nullptr || value[0] == '\0' || std::strcmp(value, "0") == 0) return nullptr;
  return value;
}

// Where lines go: stderr for "1", else the named file (truncated when first written).
class Sink {
 public:
  void Write(const std::string& line) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (file_ == nullptr) Open();
    std::fputs(line.c_str(), file_);
    std::fflush(file_);
  }

 private:
  void Open() {
    const char* setting = TraceSetting();
    if (setting != nullptr && std::strcmp(setting, "1") != 0) {
      file_ = std::fopen(setting, "w");
      if (file_ == nullptr) {
        // Say so (on stderr as well, where the trace now goes), instead of switching silently.
        const char* why = std::strerror(errno);
        Log(LogLevel::kWarning,
            "ACLNN_CPU_TRACE=\"%s\": cannot open the file (%s); tracing to stderr", setting, why);
        std::fprintf(stderr,
                     "ACLNN_CPU_TRACE=\"%s\": cannot open the file (%s); tracing to stderr\n",
                     setting, why);
      }
    }
    if (file_ == nullptr) file_ = stderr;
  }
  std::mutex mutex_;
  std::FILE* file_ = nullptr;
};

Sink& TheSink() {
  static Sink* sink = new Sink();  // never destroyed: stream workers may trace during exit
  return *sink;
}

// Objects by address: the name each got when created and whether it was destroyed since.
struct ObjectEntry {
  std::string kind;
  std::string name;
  bool destroyed = false;
};
struct Objects {
  std::mutex mutex;
  std::unordered_map<const void*, ObjectEntry> byAddress;
  std::map<std::string, uint64_t> counters;
};
std::atomic<PointerNamer> gPointerNamer{nullptr};
std::atomic<ObjectDecoder> gTensorDecoder{nullptr};
std::atomic<ObjectDecoder> gScalarDecoder{nullptr};

Objects& TheObjects() {
  static Objects* objects = new Objects();
  return *objects;
}

// The kind of object `p` was created as, when it is alive; empty otherwise.
std::string LiveKind(const void* p) {
  Objects& o = TheObjects();
  std::lock_guard<std::mutex> lock(o.mutex);
  auto it = o.byAddress.find(p);
  if (it == o.byAddress.end() || it->second.destroyed) return {};
  return it->second.kind;
}

std::string Hex(const void* p) {
  char text[32];
  std::snprintf(text, sizeof(text), "%p", p);
  return text;
}

template <typename T, typename Format>
std::string List(const T* values, uint64_t count, Format&& format) {
  if (values == nullptr) return "NULL";
  std::string out = "[";
  for (uint64_t i = 0; i < count && i < kMaxListed; ++i) {
    if (i > 0) out += ",";
    out += format(values[i]);
  }
  if (count > kMaxListed) out += ",...";
  return out + "]";
}

std::string DimsTextImpl(const std::vector<int64_t>& dims) {
  return List(dims.data(), dims.size(), [](int64_t v) { return std::to_string(v); });
}

// Scalars print their value in their own type; 16-bit floats as the float they encode.
std::string ScalarValueTextImpl(aclDataType dtype, const unsigned char* bytes) {
  std::string text = "?";
  DispatchRealDtype(dtype, [&](auto zero) {
    using T = decltype(zero);
    T value;
    std::memcpy(&value, bytes, sizeof(T));
    if constexpr (std::is_same_v<T, Half>) {
      text = FloatText(HalfBitsToFloat(value.bits));
    } else if constexpr (std::is_same_v<T, BFloat16>) {
      text = FloatText(Bf16BitsToFloat(value.bits));
    } else if constexpr (std::is_same_v<T, bool>) {
      text = value ? "true" : "false";
    } else if constexpr (std::is_floating_point_v<T>) {
      text = FloatText(value);
    } else {
      text = std::to_string(value);
    }
  });
  return text;
}

struct EnumName {
  int value;
  const char* name;
};
const EnumName kFormats[] = {{-1, "UNDEFINED"},
                             {0, "NCHW"},
                             {1, "NHWC"},
                             {2, "ND"},
                             {3, "NC1HWC0"},
                             {4, "FRACTAL_Z"},
                             {12, "NC1HWC0_C04"},
                             {16, "HWCN"},
                             {27, "NDHWC"},
                             {29, "FRACTAL_NZ"},
                             {30, "NCDHW"},
                             {32, "NDC1HWC0"},
                             {35, "NC"},
                             {47, "NCL"},
                             {50, "FRACTAL_NZ_C0_16"},
                             {51, "FRACTAL_NZ_C0_32"},
                             {52, "FRACTAL_NZ_C0_2"},
                             {53, "FRACTAL_NZ_C0_4"},
                             {54, "FRACTAL_NZ_C0_8"}};
const EnumName kMemcpyKinds[] = {{0, "ACL_MEMCPY_HOST_TO_HOST"},
                                 {1, "ACL_MEMCPY_HOST_TO_DEVICE"},
                                 {2, "ACL_MEMCPY_DEVICE_TO_HOST"},
                                 {3, "ACL_MEMCPY_DEVICE_TO_DEVICE"},
                                 {4, "ACL_MEMCPY_DEFAULT"},
                                 {5, "ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE"},
                                 {6, "ACL_MEMCPY_INNER_DEVICE_TO_DEVICE"},
                                 {7, "ACL_MEMCPY_INTER_DEVICE_TO_DEVICE"}};
const EnumName kMallocPolicies[] = {
    {0, "ACL_MEM_MALLOC_HUGE_FIRST"},    {1, "ACL_MEM_MALLOC_HUGE_ONLY"},
    {2, "ACL_MEM_MALLOC_NORMAL_ONLY"},   {3, "ACL_MEM_MALLOC_HUGE_FIRST_P2P"},
    {4, "ACL_MEM_MALLOC_HUGE_ONLY_P2P"}, {5, "ACL_MEM_MALLOC_NORMAL_ONLY_P2P"},
    {6, "ACL_MEM_MALLOC_HUGE1G_ONLY"},   {7, "ACL_MEM_MALLOC_HUGE1G_ONLY_P2P"}};
const EnumName kLogLevels[] = {
    {0, "ACL_DEBUG"}, {1, "ACL_INFO"}, {2, "ACL_WARNING"}, {3, "ACL_ERROR"}};
// The statuses this library returns (acl_base.h, acl_rt.h, aclnn/opdev/op_errno.h).
const EnumName kStatuses[] = {{100000, "ACL_ERROR_INVALID_PARAM"},
                              {100001, "ACL_ERROR_UNINITIALIZE"},
                              {100002, "ACL_ERROR_REPEAT_INITIALIZE"},
                              {107000, "ACL_ERROR_RT_PARAM_INVALID"},
                              {107001, "ACL_ERROR_RT_INVALID_DEVICEID"},
                              {107002, "ACL_ERROR_RT_CONTEXT_NULL"},
                              {107003, "ACL_ERROR_RT_STREAM_CONTEXT"},
                              {107017, "ACL_ERROR_RT_INVALID_HANDLE"},
                              {107019, "ACL_ERROR_RT_WAIT_TIMEOUT"},
                              {200000, "ACL_ERROR_BAD_ALLOC"},
                              {200001, "ACL_ERROR_API_NOT_SUPPORT"},
                              {200002, "ACL_ERROR_INVALID_DEVICE"},
                              {207000, "ACL_ERROR_RT_FEATURE_NOT_SUPPORT"},
                              {207001, "ACL_ERROR_RT_MEMORY_ALLOCATION"},
                              {207004, "ACL_ERROR_RT_NO_DEVICE"},
                              {500000, "ACL_ERROR_INTERNAL_ERROR"},
                              {500001, "ACL_ERROR_FAILURE"},
                              {507000, "ACL_ERROR_RT_INTERNAL_ERROR"},
                              {507006, "ACL_ERROR_RT_EVENT_NOT_COMPLETE"},
                              {507046, "ACL_ERROR_RT_STREAM_SYNC_TIMEOUT"},
                              {507047, "ACL_ERROR_RT_EVENT_SYNC_TIMEOUT"},
                              {161001, "ACLNN_ERR_PARAM_NULLPTR"},
                              {161002, "ACLNN_ERR_PARAM_INVALID"},
                              {361001, "ACLNN_ERR_RUNTIME_ERROR"},
                              {561000, "ACLNN_ERR_INNER"},
                              {561101, "ACLNN_ERR_INNER_CREATE_EXECUTOR"},
                              {561103, "ACLNN_ERR_INNER_NULLPTR"}};

template <size_t N>
std::string EnumText(const EnumName (&table)[N], int value, const char* prefix = "") {
  for (const EnumName& entry : table) {
    if (entry.value == value) return std::string(prefix) + entry.name;
  }
  return std::to_string(value);
}

bool IsAclnnFamily(const char* api) {
  // nnopbase (aclCreateTensor & co., Acl*) and the operators return aclnnStatus.
  return std::strncmp(api, "aclnn", 5) == 0 || std::strncmp(api, "Acl", 3) == 0 ||
         (std::strncmp(api, "aclrt", 5) != 0 && std::strstr(api, "DataBuffer") == nullptr &&
          std::strcmp(api, "aclInit") != 0 && std::strcmp(api, "aclFinalize") != 0 &&
          std::strcmp(api, "aclFinalizeReference") != 0);
}

}  // namespace

namespace detail {
const bool gEnabled = TraceSetting() != nullptr;
void WriteLine(const std::string& text) { TheSink().Write(kPrefix + text); }
}  // namespace detail

std::string FloatText(double value) {
  char text[40];
  const bool isFloat = static_cast<double>(static_cast<float>(value)) == value;
  for (int digits = 6; digits <= 17; ++digits) {
    std::snprintf(text, sizeof(text), "%.*g", digits, value);
    const double back = std::strtod(text, nullptr);
    if (isFloat ? static_cast<float>(back) == static_cast<float>(value) : back == value) break;
  }
  return text;
}

std::string MemName(const void* p) {
  if (p == nullptr) return "NULL";
  const PointerNamer namer = gPointerNamer.load(std::memory_order_acquire);
  std::string name = namer != nullptr ? namer(p) : std::string();
  return name.empty() ? Hex(p) : name;
}

void SetPointerNamer(PointerNamer namer) { gPointerNamer.store(namer, std::memory_order_release); }
void SetTensorDecoder(ObjectDecoder decoder) {
  gTensorDecoder.store(decoder, std::memory_order_release);
}
void SetScalarDecoder(ObjectDecoder decoder) {
  gScalarDecoder.store(decoder, std::memory_order_release);
}

std::string ObjectName(const char* kind, const void* p) {
  if (p == nullptr) return "NULL";
  Objects& o = TheObjects();
  std::lock_guard<std::mutex> lock(o.mutex);
  auto it = o.byAddress.find(p);
  if (it == o.byAddress.end()) return std::string(kind) + "@" + Hex(p);
  return it->second.destroyed ? it->second.name + "(destroyed)" : it->second.name;
}

std::string NewObject(const char* kind, const void* p) {
  if (p == nullptr) return "NULL";
  Objects& o = TheObjects();
  std::lock_guard<std::mutex> lock(o.mutex);
  std::string name = std::string(kind) + "#" + std::to_string(++o.counters[kind]);
  o.byAddress[p] = ObjectEntry{kind, name, false};
  return name;
}

void Destroyed(const void* p) {
  Objects& o = TheObjects();
  std::lock_guard<std::mutex> lock(o.mutex);
  auto it = o.byAddress.find(p);
  if (it != o.byAddress.end()) it->second.destroyed = true;
}

Call::Call(const char* api) : api_(api) {}

void Call::Arg(const char* name, const std::string& value) {
  if (!args_.empty()) args_ += ", ";
  args_ += name;
  args_ += "=";
  args_ += value;
}

Call& Call::Int(const char* name, long long value) {
  Arg(name, std::to_string(value));
  return *this;
}
Call& Call::UInt(const char* name, unsigned long long value) {
  Arg(name, std::to_string(value));
  return *this;
}
Call& Call::Hex(const char* name, unsigned long long value) {
  char text[24];
  std::snprintf(text, sizeof(text), "0x%llx", value);
  Arg(name, text);
  return *this;
}
Call& Call::Float(const char* name, double value) {
  Arg(name, FloatText(value));
  return *this;
}
Call& Call::Text(const char* name, const char* text) {
  Arg(name, text == nullptr ? std::string("NULL") : "\"" + std::string(text) + "\"");
  return *this;
}
Call& Call::Mem(const char* name, const void* p) {
  Arg(name, MemName(p));
  return *this;
}
Call& Call::Out(const char* name, const void* p) {
  Arg(name, p == nullptr ? "NULL" : "&out");
  return *this;
}
Call& Call::Object(const char* name, const char* kind, const void* p) {
  Arg(name, ObjectName(kind, p));
  return *this;
}

std::string TensorText(const aclTensor* t) {
  // Only tensors this process created and has not destroyed are decoded (by nnopbase's hook);
  // anything else is shown by name or address, never dereferenced.
  std::string text = ObjectName("tensor", t);
  const ObjectDecoder decode = gTensorDecoder.load(std::memory_order_acquire);
  if (t != nullptr && decode != nullptr && LiveKind(t) == "tensor") text += decode(t);
  return text;
}

std::string ScalarText(const aclScalar* s) {
  std::string text = ObjectName("scalar", s);
  const ObjectDecoder decode = gScalarDecoder.load(std::memory_order_acquire);
  if (s != nullptr && decode != nullptr && LiveKind(s) == "scalar") text += decode(s);
  return text;
}

Call& Call::Tensor(const char* name, const aclTensor* t) {
  Arg(name, TensorText(t));
  return *this;
}

Call& Call::Scalar(const char* name, const aclScalar* s) {
  Arg(name, ScalarText(s));
  return *this;
}

Call& Call::Dims(const char* name, const int64_t* values, uint64_t count) {
  Arg(name, List(values, count, [](int64_t v) { return std::to_string(v); }));
  return *this;
}
Call& Call::Floats(const char* name, const float* values, uint64_t count) {
  Arg(name, List(values, count, [](float v) { return FloatText(v); }));
  return *this;
}
Call& Call::Bools(const char* name, const bool* values, uint64_t count) {
  Arg(name, List(values, count, [](bool v) { return std::string(v ? "true" : "false"); }));
  return *this;
}
Call& Call::Tensors(const char* name, const aclTensor* const* values, uint64_t count) {
  Arg(name, List(values, count, [](const aclTensor* t) { return ObjectName("tensor", t); }));
  return *this;
}
Call& Call::Scalars(const char* name, const aclScalar* const* values, uint64_t count) {
  Arg(name, List(values, count, [](const aclScalar* s) { return ObjectName("scalar", s); }));
  return *this;
}
std::string DimsText(const std::vector<int64_t>& dims) { return DimsTextImpl(dims); }
std::string ScalarValueText(aclDataType dtype, const unsigned char* bytes) {
  return ScalarValueTextImpl(dtype, bytes);
}
std::string FormatName(int32_t format) { return EnumText(kFormats, format, "ACL_FORMAT_"); }
std::string DtypeText(int32_t dtype) { return "ACL_" + DtypeName(dtype); }

Call& Call::Dtype(const char* name, int32_t dtype) {
  Arg(name, DtypeText(dtype));
  return *this;
}
Call& Call::Format(const char* name, int32_t format) {
  Arg(name, FormatName(format));
  return *this;
}
Call& Call::MemcpyKind(const char* name, int32_t kind) {
  Arg(name, EnumText(kMemcpyKinds, kind));
  return *this;
}
Call& Call::MallocPolicy(const char* name, int32_t policy) {
  Arg(name, EnumText(kMallocPolicies, policy));
  return *this;
}
Call& Call::LogLevel(const char* name, int level) {
  Arg(name, EnumText(kLogLevels, level));
  return *this;
}

Call& Call::Wrote(const char* name, const std::string& value) {
  wrote_ += wrote_.empty() ? "; *" : ", *";
  wrote_ += name;
  wrote_ += "=";
  wrote_ += value;
  return *this;
}

void Call::Status(int status) {
  std::string text = std::to_string(status);
  const std::string name = status == 0 ? (IsAclnnFamily(api_) ? "ACLNN_SUCCESS" : "ACL_SUCCESS")
                                       : EnumText(kStatuses, status);
  if (name != text) text += " (" + name + ")";
  Emit(text);
}

void Call::Returned(const std::string& value) { Emit(value); }

void Call::Emit(const std::string& result) {
  detail::WriteLine(std::string(api_) + "(" + args_ + ") = " + result + wrote_ + "\n");
}

}  // namespace trace
}  // namespace aclcpu
