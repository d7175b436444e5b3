#include "owner_only_security.hpp"
//
#include <sddl.h>

#include <string>
#include <vector>

namespace iogate::detail {
namespace {

// The string form ("S-1-5-21-...") of the user this process runs as.
std::wstring user_sid() {
  HANDLE raw = nullptr;
  if (!::OpenProcessToken(::GetCurrentProcess(), TOKEN_QUERY, &raw))
    throw_last_error("open this process's token");
  const UniqueHandle token(raw);
  DWORD size = 0;
  ::GetTokenInformation(token.get(), TokenUser, nullptr, 0, &size);
  std::vector<unsigned char> buffer(size);
  if (size == 0 || !::GetTokenInformation(token.get(), TokenUser, buffer.data(), size, &size))
    throw_last_error("read the user of this process");
  LPWSTR text = nullptr;
  if (!::ConvertSidToStringSidW(reinterpret_cast<const TOKEN_USER*>(buffer.data())->User.Sid,
                                &text))
    throw_last_error("read the user of this process");
  std::wstring sid(text);
  ::LocalFree(text);
  return sid;
}

}  // namespace

OwnerOnlySecurity::OwnerOnlySecurity() {
  // O: owner; D:P a protected DACL; one ACE: full access (FA) for the user, inherited by files
  // (OI) and directories (CI) made inside.
  const std::wstring sid = user_sid();
  const std::wstring sddl = L"O:" + sid + L"D:P(A;OICI;FA;;;" + sid + L")";
  if (!::ConvertStringSecurityDescriptorToSecurityDescriptorW(sddl.c_str(), SDDL_REVISION_1,
                                                              &descriptor_, nullptr))
    throw_last_error("make the scratch directory's access list");
}

OwnerOnlySecurity::~OwnerOnlySecurity() { ::LocalFree(descriptor_); }

}  // namespace iogate::detail
