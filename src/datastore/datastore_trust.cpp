#include "datastore_trust.hpp"

#include <unistd.h>

#include <cstdlib>
#include <memory>

#include <fmt/format.h>

#include "common/posix_error.hpp"
#include "iogate/datastore/scratch_area.hpp"

namespace iogate::detail {
namespace {

namespace fs = std::filesystem;

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

}  // namespace

void check_datastore_trust(int fd, const fs::path& datastore) {
  const uid_t euid = geteuid();
  if (euid != 0) return;
  struct stat held {};
  if (fstat(fd, &held) != 0) throw_errno("fstat", datastore);
  if (const auto why = trust_problem(held, euid)) refuse(datastore, datastore, *why);

  if (const auto found = untrusted_ancestor(datastore)) refuse(datastore, found->dir, found->why);
  const std::unique_ptr<char, decltype(&std::free)> real(realpath(datastore.c_str(), nullptr),
                                                         &std::free);
  if (!real) throw_errno("realpath", datastore);
  struct stat now {};
  if (stat(real.get(), &now) != 0) throw_errno("stat", real.get());
  if (now.st_dev != held.st_dev || now.st_ino != held.st_ino)
    throw DatastoreError(
        fmt::format("datastore {} changed while it was being opened", datastore.string()));
}

}  // namespace iogate::detail
