// An environment variable set for one scope and removed after it (setenv/unsetenv); the Windows
// counterpart is in tests/support/windows/.
#pragma once

#include <cstdlib>

namespace iogate::test {

class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) { ::setenv(name, value, 1); }
  ~ScopedEnv() { ::unsetenv(name_); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
};

}  // namespace iogate::test
