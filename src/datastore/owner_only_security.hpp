// Windows only: the security descriptor a scratch directory is created with — its owner, the
// user running iogate, alone has access, and nothing is inherited from the datastore (a
// protected DACL), so another account that may write in the datastore cannot open, rename or
// plant anything inside. The marker and the test files are created with it too.
#pragma once

#include "common/windows_handle.hpp"

namespace iogate::detail {

class OwnerOnlySecurity {
 public:
  OwnerOnlySecurity();  // std::system_error when the user's SID cannot be read
  ~OwnerOnlySecurity();
  OwnerOnlySecurity(const OwnerOnlySecurity&) = delete;
  OwnerOnlySecurity& operator=(const OwnerOnlySecurity&) = delete;

  PSECURITY_DESCRIPTOR get() const { return descriptor_; }

 private:
  PSECURITY_DESCRIPTOR descriptor_ = nullptr;
};

}  // namespace iogate::detail
