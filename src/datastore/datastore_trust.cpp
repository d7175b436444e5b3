#include "datastore_trust.hpp"

#include <pwd.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "iogate/datastore/scratch_area.hpp"
#include "posix_error.hpp"

namespace iogate::detail {
namespace {

namespace fs = std::filesystem;

std::string user_name(uid_t uid) {
  if (const passwd* pw = getpwuid(uid); pw != nullptr)
    return fmt::format("{} ({})", uid, pw->pw_name);
  return std::to_string(uid);
}

[[noreturn]] void refuse(const fs::path& datastore, const fs::path& dir, const std::string& why) {
  const std::string where =
      dir == datastore ? "" : fmt::format(": the directory {} on the way to it", dir.string());
  throw DatastoreError(fmt::format(
      "datastore {}{} is {}, and iogate runs as root: another user could swap what root writes "
      "there for a symlink. Use a datastore only root can change (chown root, chmod go-w or "
      "+t), or, if it is shared on purpose, pass --allow-shared-datastore "
      "(IOGATE_ALLOW_SHARED_DATASTORE=1)",
      datastore.string(), where, why));
}

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

void check_holders(const fs::path& path, const fs::path& datastore) {
  for (const fs::path& dir : holders(path)) {
    struct stat st {};
    if (stat(dir.c_str(), &st) != 0) throw_errno("stat", dir);
    if (const auto why = trust_problem(st, 0)) refuse(datastore, dir, *why);
  }
}

}  // namespace

std::optional<std::string> trust_problem(const struct stat& st, uid_t euid) {
  if (euid != 0) return std::nullopt;
  if (st.st_uid != 0) return "owned by uid " + user_name(st.st_uid);
  const bool sticky = (st.st_mode & S_ISVTX) != 0;
  if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0 && !sticky) {
    return fmt::format("{}-writable without the sticky bit (mode {:04o})",
                       (st.st_mode & S_IWOTH) != 0 ? "world" : "group", st.st_mode & 07777);
  }
  return std::nullopt;
}

void check_datastore_trust(int fd, const fs::path& datastore) {
  const uid_t euid = geteuid();
  if (euid != 0) return;
  struct stat held {};
  if (fstat(fd, &held) != 0) throw_errno("fstat", datastore);
  if (const auto why = trust_problem(held, euid)) refuse(datastore, datastore, *why);

  const fs::path given = fs::absolute(datastore).lexically_normal();
  check_holders(given, datastore);
  const std::unique_ptr<char, decltype(&std::free)> real(realpath(given.c_str(), nullptr),
                                                         &std::free);
  if (!real) throw_errno("realpath", datastore);
  struct stat now {};
  if (stat(real.get(), &now) != 0) throw_errno("stat", real.get());
  if (now.st_dev != held.st_dev || now.st_ino != held.st_ino)
    throw DatastoreError(
        fmt::format("datastore {} changed while it was being opened", datastore.string()));
  if (fs::path(real.get()) != given) check_holders(real.get(), datastore);
}

}  // namespace iogate::detail
