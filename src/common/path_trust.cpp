#include "path_trust.hpp"

#include "accounts.hpp"
#include "posix_error.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <memory>
#include <system_error>
#include <vector>

#include <fmt/format.h>

namespace iogate {
namespace {

namespace fs = std::filesystem;

// Each directory that holds a component of `path` (absolute, lexically normal): "/", "/a", "/a/b"
// for "/a/b/c".
std::vector<fs::path> holders(const fs::path& path) {
  std::vector<fs::path> out;
  fs::path at = path.root_path();
  for (const fs::path& part : path.relative_path()) {
    out.push_back(at);
    at /= part;
  }
  return out;
}

std::optional<UntrustedDirectory> first_untrusted_holder(const fs::path& path) {
  for (const fs::path& dir : holders(path)) {
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0) detail::throw_errno("stat", dir);
    if (auto why = trust_problem(st, 0)) return UntrustedDirectory{dir, std::move(*why)};
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> trust_problem(const struct stat& st, uid_t euid) {
  if (euid != 0) return std::nullopt;
  if (st.st_uid != 0) return "owned by uid " + detail::user_label(st.st_uid);
  const bool sticky = (st.st_mode & S_ISVTX) != 0;
  if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0 && !sticky) {
    return fmt::format("{}-writable without the sticky bit (mode {:04o})",
                       (st.st_mode & S_IWOTH) != 0 ? "world" : "group", st.st_mode & 07777);
  }
  return std::nullopt;
}

std::optional<UntrustedDirectory> untrusted_ancestor(const fs::path& path) {
  if (::geteuid() != 0) return std::nullopt;
  const fs::path given = fs::absolute(path).lexically_normal();
  if (auto found = first_untrusted_holder(given)) return found;
  const std::unique_ptr<char, decltype(&std::free)> real(::realpath(given.c_str(), nullptr),
                                                         &std::free);
  if (!real) detail::throw_errno("realpath", given);
  if (fs::path(real.get()) != given) return first_untrusted_holder(real.get());
  return std::nullopt;
}

}  // namespace iogate
