// A user-facing fault (bad option, unreadable or inconsistent file): main prints the message and
// exits with status 2.
#pragma once

#include <stdexcept>
#include <string>

namespace aclcpu::compare {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace aclcpu::compare
