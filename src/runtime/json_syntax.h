// A syntax check for the aclInit configuration file (JSON, RFC 8259): a file that is not JSON is
// refused as CANN refuses it. Of the settings the runtime reads only err_msg_mode.
#pragma once

#include <string>

namespace aclcpu {
namespace rt {

// True when `text` is one JSON value surrounded by whitespace, or only whitespace (an empty
// configuration). Otherwise false, with *why saying what is wrong where ("line 2, column 7:
// expected ':'").
bool CheckJsonSyntax(const std::string& text, std::string* why);

// The raw text of member `name` of the top-level object of valid JSON `text` (a string value
// keeps its quotes; escapes are not decoded); false when absent or `text` is not valid.
bool TopLevelMember(const std::string& text, const std::string& name, std::string* raw);

}  // namespace rt
}  // namespace aclcpu
