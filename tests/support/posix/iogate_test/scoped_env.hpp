// An environment variable set for one scope and removed after it (setenv/unsetenv); the Windows
// counterpart is in tests/support/windows/.
#pragma once

#include <cstdlib>

namespace iogate::test {

// For a test that sets and clears a variable itself.
inline void set_env(const char* name, const char* value) { ::setenv(name, value, 1); }
inline void unset_env(const char* name) { ::unsetenv(name); }

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
