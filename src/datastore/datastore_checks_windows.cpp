#include "datastore_checks_windows.hpp"

#include "missing_datastore.hpp"

#include <cwctype>
#include <string>
#include <system_error>

#include <fmt/format.h>

namespace iogate {

namespace fs = std::filesystem;

namespace detail {
namespace {

UniqueHandle open_existing(const fs::path& datastore) {
  try {
    return open_directory(datastore, FILE_LIST_DIRECTORY | FILE_TRAVERSE);
  } catch (const std::system_error& e) {
    const int error = e.code().value();
    if (error == ERROR_FILE_NOT_FOUND || error == ERROR_PATH_NOT_FOUND)
      missing_datastore(datastore);
    if (error == ERROR_DIRECTORY)
      throw DatastoreError(fmt::format("datastore {} is not a directory", datastore.string()));
    if (error == ERROR_CANT_ACCESS_FILE)
      throw DatastoreError(fmt::format(
          "datastore {} is a junction, symbolic link or mount point's link: name the directory "
          "it leads to",
          datastore.string()));
    throw;
  }
}

std::wstring lower(std::wstring text) {
  for (wchar_t& c : text) c = static_cast<wchar_t>(std::towlower(c));
  return text;
}

void require_mount_root(const fs::path& datastore) {
  wchar_t volume[MAX_PATH + 1] = {};
  if (!::GetVolumePathNameW(datastore.c_str(), volume, MAX_PATH))
    throw_last_error("find the volume of", datastore);
  const fs::path root(volume);
  if (lower(root.wstring()) == lower((datastore / "").wstring())) return;
  throw DatastoreError(fmt::format(
      "datastore {} is not the root of a volume (require_mount): it is a directory of the volume "
      "at {}; is the storage under test attached?",
      datastore.string(), root.string()));
}

void require_filesystem(HANDLE dir, const fs::path& datastore, const std::string& type) {
  wchar_t name[MAX_PATH + 1] = {};
  if (!::GetVolumeInformationByHandleW(dir, nullptr, 0, nullptr, nullptr, nullptr, name, MAX_PATH))
    throw_last_error("read the filesystem of", datastore);
  const fs::path found(name);
  if (lower(found.wstring()) == lower(fs::path(type).wstring())) return;
  throw DatastoreError(
      fmt::format("datastore {} is on {}, not {} (require_filesystem); is the storage under test "
                  "attached?",
                  datastore.string(), found.string(), type));
}

void vet_datastore(HANDLE dir, const fs::path& datastore, const DatastorePolicy& policy) {
  if (!policy.require_device.empty())
    throw DatastoreError(fmt::format(
        "datastore {}: require_device ({}) names a Linux block device and cannot be checked on "
        "Windows; use require_filesystem and require_mount",
        datastore.string(), policy.require_device));
  if (policy.require_mount) require_mount_root(datastore);
  if (!policy.require_filesystem.empty())
    require_filesystem(dir, datastore, policy.require_filesystem);
}

}  // namespace

UniqueHandle open_datastore(const fs::path& datastore, const DatastorePolicy& policy,
                            std::uint64_t bytes_needed) {
  std::error_code ec;
  if (policy.create_if_missing && !fs::exists(datastore, ec)) {
    const FreeSpace space = free_space(nearest_existing(datastore));
    if (space.available < space_required(bytes_needed))
      throw InsufficientSpace(datastore, bytes_needed, space.available);
    if (!fs::create_directories(datastore, ec) && ec)
      throw std::system_error(ec, "create_directories " + datastore.string());
  }
  UniqueHandle dir = open_existing(datastore);
  vet_datastore(dir.get(), datastore, policy);
  return dir;
}

}  // namespace detail

void check_datastore(const fs::path& datastore, const DatastorePolicy& policy) {
  std::error_code ec;
  if (policy.create_if_missing && !fs::exists(datastore, ec)) return;
  const detail::UniqueHandle dir = detail::open_existing(datastore);
  detail::vet_datastore(dir.get(), datastore, policy);
}

}  // namespace iogate
