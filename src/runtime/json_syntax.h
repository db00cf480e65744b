// A syntax check for the aclInit configuration file (JSON, RFC 8259). The runtime uses none of
// the settings, but a file that is not JSON is refused as CANN refuses it.
#pragma once

#include <string>

namespace aclcpu {
namespace rt {

// True when `text` is one JSON value surrounded by whitespace, or only whitespace (an empty
// configuration). Otherwise false, with *why saying what is wrong where ("line 2, column 7:
// expected ':'").
bool CheckJsonSyntax(const std::string& text, std::string* why);

}  // namespace rt
}  // namespace aclcpu
