#include "tensor_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

#include "errors.h"
#include "npy.h"

namespace aclcpu::compare {
namespace {

std::string Name(const TensorFile& f) { return f.role + " '" + f.path + "'"; }

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The dtype a .npy header names. An untyped 2-byte void ("<V2", how bfloat16 arrays of
// ml_dtypes are saved) takes the user's --dtype when its size fits.
DType NpyDType(const TensorFile& f, const LayoutOptions& options) {
  DType dtype;
  if (DTypeFromNpyDescr(f.npyDescr, &dtype)) {
    if (options.dtype && *options.dtype != dtype) {
      throw InputError("--dtype " + std::string(Info(*options.dtype).name) + " disagrees with " +
                       Name(f) + ", whose .npy header says " + Info(dtype).name + " ('" +
                       f.npyDescr + "')");
    }
    return dtype;
  }
  const std::string& d = f.npyDescr;
  if (d.size() >= 3 && d[1] == 'V') {
    const std::string bytes = d.substr(2);
    if (options.dtype && std::to_string(Info(*options.dtype).size) == bytes) return *options.dtype;
    throw InputError(Name(f) + " holds untyped " + bytes + "-byte elements ('" + d +
                     "', how ml_dtypes saves bfloat16): give the dtype with --dtype, e.g. "
                     "--dtype BFLOAT16");
  }
  if (!d.empty() && d[0] == '>') {
    throw InputError(Name(f) + " is big-endian ('" + d +
                     "'); only little-endian data is supported");
  }
  throw InputError(Name(f) + " has .npy dtype '" + d +
                   "', which is not supported (supported: " + AcceptedDTypeNames() + ")");
}

}  // namespace

std::size_t ElementCount(const std::vector<int64_t>& shape) {
  std::size_t n = 1;
  for (int64_t d : shape) {
    const auto dim = static_cast<std::size_t>(d);
    if (dim != 0 && n > std::numeric_limits<std::size_t>::max() / dim) {
      throw InputError("the shape " + FormatShape(shape) + " has too many elements");
    }
    n *= dim;
  }
  return n;
}

std::string FormatShape(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

TensorFile ReadTensorFile(const std::string& role, const std::string& path) {
  TensorFile f;
  f.role = role;
  f.path = path;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw InputError("cannot read " + Name(f) + ": it is a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw InputError("cannot read " + Name(f) + ": " + std::strerror(errno));
  }
  // One read into a buffer of the file's size (dumps are often hundreds of MB).
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  in.seekg(0, std::ios::beg);
  if (size < 0) throw InputError("cannot read " + Name(f) + ": cannot tell its size");
  f.bytes.resize(static_cast<std::size_t>(size));
  if (size > 0 && !in.read(&f.bytes[0], size)) {
    throw InputError("cannot read " + Name(f) + ": read error");
  }
  if (LooksLikeNpy(f.bytes) || EndsWith(path, ".npy")) {
    try {
      const NpyHeader header = ParseNpyHeader(f.bytes);
      f.isNpy = true;
      f.npyDescr = header.descr;
      f.npyShape = header.shape;
      f.dataOffset = header.dataOffset;
    } catch (const InputError& e) {
      throw InputError(Name(f) + ": " + e.what());
    }
  }
  return f;
}

void Resolve(TensorFile actualFile, TensorFile expectedFile, const LayoutOptions& options,
             Tensor* actual, Tensor* expected) {
  TensorFile* files[2] = {&actualFile, &expectedFile};
  Tensor* tensors[2] = {actual, expected};

  // Pass 1: what the .npy headers say.
  for (int k = 0; k < 2; ++k) {
    const TensorFile& f = *files[k];
    Tensor& t = *tensors[k];
    t.role = f.role;
    t.path = f.path;
    if (!f.isNpy) continue;
    t.dtype = NpyDType(f, options);
    t.shape = f.npyShape;
    t.shapeGiven = true;
    if (options.shape && *options.shape != f.npyShape) {
      throw InputError("--shape " + FormatShape(*options.shape) + " disagrees with " + Name(f) +
                       ", whose .npy header says " + FormatShape(f.npyShape));
    }
  }
  // Pass 2: raw files take --dtype/--shape, else what the other file's header says.
  for (int k = 0; k < 2; ++k) {
    const TensorFile& f = *files[k];
    const TensorFile& other = *files[1 - k];
    Tensor& t = *tensors[k];
    if (f.isNpy) continue;
    if (options.dtype) {
      t.dtype = *options.dtype;
    } else if (other.isNpy) {
      t.dtype = tensors[1 - k]->dtype;
    } else {
      throw InputError(Name(f) +
                       " is a raw dump: give its dtype with --dtype (e.g. --dtype FLOAT)");
    }
    const std::size_t size = Info(t.dtype).size;
    if (options.shape || other.isNpy) {
      t.shape = options.shape ? *options.shape : tensors[1 - k]->shape;
      t.shapeGiven = true;
    } else if (f.bytes.size() % size != 0) {
      throw InputError(Name(f) + " has " + std::to_string(f.bytes.size()) +
                       " bytes, not a whole number of " + Info(t.dtype).name + " elements (" +
                       std::to_string(size) + " bytes each)");
    } else {
      t.shape = {static_cast<int64_t>(f.bytes.size() / size)};
    }
  }
  // Pass 3: each file holds exactly dtype x shape.
  for (int k = 0; k < 2; ++k) {
    const TensorFile& f = *files[k];
    Tensor& t = *tensors[k];
    t.count = ElementCount(t.shape);
    t.dataOffset = f.dataOffset;
    const std::size_t size = Info(t.dtype).size;
    const std::size_t have = f.bytes.size() - f.dataOffset;
    if (t.count > std::numeric_limits<std::size_t>::max() / size || have != t.count * size) {
      throw InputError(std::string(f.isNpy ? "malformed .npy: " : "") + Name(f) + " has " +
                       std::to_string(have) +
                       (f.isNpy ? " data bytes after its header" : " bytes") + ", but " +
                       Info(t.dtype).name + " x " + FormatShape(t.shape) + " needs " +
                       std::to_string(t.count * size) + " (" + std::to_string(t.count) +
                       " elements of " + std::to_string(size) + " bytes)");
    }
    t.bytes = std::move(files[k]->bytes);
  }
  // Pass 4: the two agree.
  if (actual->dtype != expected->dtype) {
    throw InputError("ACTUAL is " + std::string(Info(actual->dtype).name) + " but EXPECTED is " +
                     Info(expected->dtype).name +
                     ": compare tensors of one dtype (round the golden to the output's dtype)");
  }
  if (actual->count != expected->count) {
    throw InputError("the tensors differ in size: ACTUAL '" + actual->path + "' has " +
                     std::to_string(actual->count) + " elements " + FormatShape(actual->shape) +
                     ", EXPECTED '" + expected->path + "' has " + std::to_string(expected->count) +
                     " " + FormatShape(expected->shape) + " (" + Info(actual->dtype).name + ")");
  }
  if (actual->shape != expected->shape) {
    if (actual->shapeGiven && expected->shapeGiven) {
      throw InputError("the tensors differ in shape: ACTUAL " + FormatShape(actual->shape) +
                       ", EXPECTED " + FormatShape(expected->shape));
    }
    Tensor& vague = actual->shapeGiven ? *expected : *actual;
    vague.shape = actual->shapeGiven ? actual->shape : expected->shape;
    vague.shapeGiven = true;
  }
}

}  // namespace aclcpu::compare
