// An environment variable set for one scope and removed after it (_putenv_s; an empty value
// removes it); the POSIX counterpart is in tests/support/posix/.
#pragma once

#include <cstdlib>

namespace iogate::test {

// For a test that sets and clears a variable itself (an empty value removes it here).
inline void set_env(const char* name, const char* value) { ::_putenv_s(name, value); }
inline void unset_env(const char* name) { ::_putenv_s(name, ""); }

class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) { ::_putenv_s(name, value); }
  ~ScopedEnv() { ::_putenv_s(name_, ""); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
};

}  // namespace iogate::test
