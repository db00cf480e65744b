#include "runtime/json_syntax.h"

#include <cstring>
#include <utility>
#include <vector>

namespace aclcpu {
namespace rt {
namespace {

constexpr int kMaxDepth = 512;

class Parser {
 public:
  explicit Parser(const std::string& text) : s_(text) {}

  bool Document(std::string* why) {
    Space();
    if (pos_ == s_.size()) return true;  // empty configuration
    if (!Value(0)) return Report(why);
    Space();
    if (pos_ != s_.size()) {
      error_ = "unexpected text after the JSON value";
      return Report(why);
    }
    return true;
  }

 private:
  bool Report(std::string* why) {
    size_t line = 1, column = 1;
    for (size_t i = 0; i < pos_ && i < s_.size(); ++i) {
      if (s_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    *why = "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + error_;
    return false;
  }
  bool Fail(const char* what) {
    error_ = what;
    return false;
  }
  void Space() {
    while (pos_ < s_.size() && std::strchr(" \t\r\n", s_[pos_]) != nullptr && s_[pos_] != '\0') {
      ++pos_;
    }
  }
  bool Eat(char c) {
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool Value(int depth) {
    if (depth > kMaxDepth) return Fail("nested too deeply");
    Space();
    if (pos_ >= s_.size()) return Fail("unexpected end of the file");
    const char c = s_[pos_];
    if (c == '{') return Object(depth);
    if (c == '[') return Array(depth);
    if (c == '"') return String();
    if (c == '-' || (c >= '0' && c <= '9')) return Number();
    for (const char* word : {"true", "false", "null"}) {
      if (s_.compare(pos_, std::strlen(word), word) == 0) {
        pos_ += std::strlen(word);
        return true;
      }
    }
    return Fail("expected a value");
  }
  bool Object(int depth) {
    ++pos_;  // '{'
    Space();
    if (Eat('}')) return true;
    for (;;) {
      Space();
      if (pos_ >= s_.size() || s_[pos_] != '"') return Fail("expected a member name in quotes");
      const size_t nameStart = pos_;
      if (!String()) return false;
      const size_t nameEnd = pos_;
      Space();
      if (!Eat(':')) return Fail("expected ':'");
      Space();
      const size_t valueStart = pos_;
      if (!Value(depth + 1)) return false;
      if (depth == 0) {  // a member of the top-level object: name without quotes, raw value
        members_.emplace_back(s_.substr(nameStart + 1, nameEnd - nameStart - 2),
                              s_.substr(valueStart, pos_ - valueStart));
      }
      Space();
      if (Eat('}')) return true;
      if (!Eat(',')) return Fail("expected ',' or '}'");
    }
  }
  bool Array(int depth) {
    ++pos_;  // '['
    Space();
    if (Eat(']')) return true;
    for (;;) {
      if (!Value(depth + 1)) return false;
      Space();
      if (Eat(']')) return true;
      if (!Eat(',')) return Fail("expected ',' or ']'");
    }
  }
  bool String() {
    ++pos_;  // '"'
    while (pos_ < s_.size()) {
      const unsigned char c = static_cast<unsigned char>(s_[pos_++]);
      if (c == '"') return true;
      if (c < 0x20) return Fail("control character in a string");
      if (c != '\\') continue;
      if (pos_ >= s_.size()) break;
      const char e = s_[pos_++];
      if (e == 'u') {
        for (int i = 0; i < 4; ++i, ++pos_) {
          if (pos_ >= s_.size() || std::strchr("0123456789abcdefABCDEF", s_[pos_]) == nullptr ||
              s_[pos_] == '\0') {
            return Fail("bad \\u escape");
          }
        }
      } else if (std::strchr("\"\\/bfnrt", e) == nullptr || e == '\0') {
        return Fail("bad escape in a string");
      }
    }
    return Fail("unterminated string");
  }
  bool Digits() {
    const size_t start = pos_;
    while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
    return pos_ > start;
  }
  bool Number() {
    Eat('-');
    if (Eat('0')) {
      // no leading zeros
    } else if (!Digits()) {
      return Fail("bad number");
    }
    if (Eat('.') && !Digits()) return Fail("bad number");
    if (Eat('e') || Eat('E')) {
      if (!Eat('+')) Eat('-');
      if (!Digits()) return Fail("bad number");
    }
    return true;
  }

  const std::string& s_;
  size_t pos_ = 0;

 public:
  std::vector<std::pair<std::string, std::string>> members_;

 private:
  const char* error_ = "";
};

}  // namespace

bool CheckJsonSyntax(const std::string& text, std::string* why) {
  return Parser(text).Document(why);
}

bool TopLevelMember(const std::string& text, const std::string& name, std::string* raw) {
  Parser parser(text);
  std::string why;
  if (!parser.Document(&why)) return false;
  bool found = false;
  for (const auto& m : parser.members_) {
    if (m.first != name) continue;
    *raw = m.second;  // the last one, as a JSON object lookup of a repeated name gives
    found = true;
  }
  return found;
}

}  // namespace rt
}  // namespace aclcpu
