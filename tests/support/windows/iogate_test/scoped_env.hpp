// An environment variable set for one scope and removed after it (_putenv_s; an empty value
// removes it); the POSIX counterpart is in tests/support/posix/.
#pragma once

#include <cstdlib>

namespace iogate::test {

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
