#include "scratch_listing.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "common/posix_error.hpp"
#include "common/unique_fd.hpp"
#include "iogate/datastore/scratch_area.hpp"

namespace iogate::detail {

namespace fs = std::filesystem;

namespace {
constexpr std::size_t kMaxMarkerBytes = 4096;
}  // namespace

std::vector<std::string> list_names(NativeHandle fd, const fs::path& path) {
  const int copy = dup(fd);
  if (copy < 0) throw_errno("dup", path);
  DIR* dir = fdopendir(copy);
  if (dir == nullptr) {
    const int error = errno;
    close(copy);
    throw_errno(error, "fdopendir", path);
  }
  rewinddir(dir);
  std::vector<std::string> names;
  errno = 0;
  while (const dirent* entry = readdir(dir)) {
    const std::string name = entry->d_name;
    if (name != "." && name != "..") names.push_back(name);
    errno = 0;
  }
  const int error = errno;
  closedir(dir);
  if (error != 0) throw_errno(error, "readdir", path);
  return names;
}

std::optional<std::string> read_marker(NativeHandle dir_fd, const fs::path& marker) {
  const UniqueFd fd(
      openat(dir_fd, ScratchArea::kMarkerName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (!fd.valid()) {
    if (errno == ENOENT || errno == ELOOP) return std::nullopt;
    throw_errno("open", marker);
  }
  struct stat st {};
  if (fstat(fd.get(), &st) != 0) throw_errno("fstat", marker);
  if (!S_ISREG(st.st_mode)) return std::nullopt;
  std::string text(kMaxMarkerBytes, '\0');
  ssize_t n;
  do {
    n = read(fd.get(), text.data(), text.size());
  } while (n < 0 && errno == EINTR);
  if (n < 0) throw_errno("read", marker);
  text.resize(static_cast<std::size_t>(n));
  return text;
}

}  // namespace iogate::detail
