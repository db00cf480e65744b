#include "npy.h"

#include <cctype>
#include <cstring>
#include <limits>

#include "errors.h"

namespace aclcpu::compare {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicSize = 6;

[[noreturn]] void Malformed(const std::string& why) { throw InputError("malformed .npy: " + why); }

// A cursor over the header dict; only the literal forms np.save writes are accepted.
class DictParser {
 public:
  explicit DictParser(const std::string& text) : text_(text) {}

  NpyHeader Parse() {
    NpyHeader header;
    bool haveDescr = false, haveOrder = false, haveShape = false;
    Expect('{');
    while (!Peek('}')) {
      const std::string key = String();
      Expect(':');
      if (key == "descr") {
        header.descr = String();
        haveDescr = true;
      } else if (key == "fortran_order") {
        if (Boolean()) Malformed("fortran_order is True; only C-order arrays are supported");
        haveOrder = true;
      } else if (key == "shape") {
        header.shape = Tuple();
        haveShape = true;
      } else {
        Malformed("unexpected key '" + key + "' in the header");
      }
      if (!Peek(',')) break;
      Expect(',');
    }
    Expect('}');
    if (!haveDescr) Malformed("the header has no 'descr'");
    if (!haveOrder) Malformed("the header has no 'fortran_order'");
    if (!haveShape) Malformed("the header has no 'shape'");
    return header;
  }

 private:
  void SkipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool Peek(char c) {
    SkipSpace();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  void Expect(char c) {
    if (!Peek(c)) {
      Malformed(std::string("expected '") + c + "' at offset " + std::to_string(pos_) +
                " of the header: " + text_);
    }
    ++pos_;
  }
  std::string String() {
    SkipSpace();
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"')) {
      Malformed("expected a quoted string at offset " + std::to_string(pos_) +
                " of the header: " + text_);
    }
    const char quote = text_[pos_++];
    const std::size_t end = text_.find(quote, pos_);
    if (end == std::string::npos) Malformed("unterminated string in the header: " + text_);
    std::string s = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    return s;
  }
  bool Boolean() {
    SkipSpace();
    for (const char* word : {"True", "False"}) {
      const std::size_t n = std::strlen(word);
      if (text_.compare(pos_, n, word) == 0) {
        pos_ += n;
        return word[0] == 'T';
      }
    }
    Malformed("fortran_order is neither True nor False: " + text_);
  }
  int64_t Integer() {
    SkipSpace();
    if (Peek('-')) Malformed("negative dimension in the shape: " + text_);
    const std::size_t start = pos_;
    int64_t v = 0;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      const int digit = text_[pos_++] - '0';
      if (v > (std::numeric_limits<int64_t>::max() - digit) / 10) {
        Malformed("dimension too large in the shape: " + text_);
      }
      v = v * 10 + digit;
    }
    if (pos_ == start) Malformed("expected a dimension in the shape: " + text_);
    if (pos_ < text_.size() && (text_[pos_] == 'L' || text_[pos_] == 'l')) ++pos_;  // Python 2
    return v;
  }
  std::vector<int64_t> Tuple() {
    std::vector<int64_t> dims;
    Expect('(');
    while (!Peek(')')) {
      dims.push_back(Integer());
      if (!Peek(',')) break;
      Expect(',');
    }
    Expect(')');
    return dims;
  }

  const std::string& text_;
  std::size_t pos_ = 0;
};

uint32_t LittleEndian(const std::string& bytes, std::size_t at, std::size_t n) {
  uint32_t v = 0;
  for (std::size_t i = 0; i < n; ++i) {
    v |= static_cast<uint32_t>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
  }
  return v;
}

}  // namespace

bool LooksLikeNpy(const std::string& bytes) { return bytes.compare(0, kMagicSize, kMagic) == 0; }

NpyHeader ParseNpyHeader(const std::string& bytes) {
  if (!LooksLikeNpy(bytes)) Malformed("the file does not start with the magic string \\x93NUMPY");
  if (bytes.size() < 10) Malformed("the file ends inside the preamble");
  const int major = static_cast<unsigned char>(bytes[6]);
  if (major < 1 || major > 3) Malformed("unsupported format version " + std::to_string(major));
  const std::size_t lengthBytes = major == 1 ? 2 : 4;
  const std::size_t start = 8 + lengthBytes;
  if (bytes.size() < start) Malformed("the file ends inside the preamble");
  const std::size_t length = LittleEndian(bytes, 8, lengthBytes);
  if (bytes.size() - start < length) {
    Malformed("the header claims " + std::to_string(length) + " bytes but the file has " +
              std::to_string(bytes.size() - start) + " after the preamble");
  }
  const std::string text = bytes.substr(start, length);
  NpyHeader header = DictParser(text).Parse();
  header.dataOffset = start + length;
  return header;
}

std::string MakeNpyHeader(DType dtype, const std::vector<int64_t>& shape) {
  const DTypeInfo& info = Info(dtype);
  std::string dict = "{'descr': '";
  dict += info.npyDescr[0] != '\0' ? info.npyDescr : "<V2";
  dict += "', 'fortran_order': False, 'shape': (";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    dict += (i ? ", " : "") + std::to_string(shape[i]);
  }
  dict += shape.size() == 1 ? ",)" : ")";  // Python's one-element tuple: (4,)
  dict += ", }";
  const bool v1 = dict.size() + 64 <= 65535;  // the padded length must fit 16 bits
  const std::size_t preamble = v1 ? 10 : 12;
  const std::size_t total = (preamble + dict.size() + 1 + 63) / 64 * 64;
  dict.append(total - preamble - dict.size() - 1, ' ');
  dict += '\n';
  std::string out(kMagic, kMagicSize);
  out += static_cast<char>(v1 ? 1 : 2);
  out += '\0';
  const std::size_t n = dict.size();
  for (std::size_t i = 0; i < preamble - 8; ++i) out += static_cast<char>((n >> (8 * i)) & 0xff);
  return out + dict;
}

}  // namespace aclcpu::compare
