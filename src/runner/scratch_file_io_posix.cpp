// The layout pool's files on POSIX: openat(O_NOFOLLOW) relative to the scratch directory's
// descriptor, identity by st_dev and st_ino.
#include "scratch_file_io.hpp"

#include "common/posix_error.hpp"
#include "common/unique_fd.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>

#include <fmt/format.h>

namespace iogate::detail {
namespace {

UniqueFd open_in(int dir_fd, const std::string& name, int flags) {
  return UniqueFd(openat(dir_fd, name.c_str(), flags | O_NOFOLLOW | O_CLOEXEC));
}

std::optional<unsigned> number(std::string_view text) {
  unsigned value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

ScratchFileInfo look_at(int dir_fd, const std::string& name, const std::filesystem::path& shown) {
  ScratchFileInfo info;
  const UniqueFd fd = open_in(dir_fd, name, O_RDONLY);
  if (fd.get() < 0) {
    if (errno == ENOENT || errno == ELOOP) {
      info.found = errno == ENOENT ? ScratchFileInfo::Found::missing : ScratchFileInfo::Found::link;
      return info;
    }
    throw_errno("open", shown);
  }
  struct stat st {};
  if (fstat(fd.get(), &st) != 0) throw_errno("stat", shown);
  if (!S_ISREG(st.st_mode)) info.found = ScratchFileInfo::Found::other;
  info.device = st.st_dev;
  info.file_id = st.st_ino;
  info.size = static_cast<std::uint64_t>(st.st_size);
  return info;
}

std::string read_small(int dir_fd, const std::string& name, const std::filesystem::path& shown) {
  const UniqueFd fd = open_in(dir_fd, name, O_RDONLY);
  if (fd.get() < 0) throw_errno("open", shown);
  std::string text;
  char buf[1024];
  for (;;) {
    const ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw_errno("read", shown);
    if (n == 0 || text.size() > 16 * 1024) break;
    text.append(buf, static_cast<std::size_t>(n));
  }
  return text;
}

void write_small(int dir_fd, const std::string& name, const std::string& text,
                 const std::filesystem::path& shown) {
  const UniqueFd fd = open_in(dir_fd, name, O_WRONLY);
  if (fd.get() < 0) throw_errno("open", shown);
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd.get(), text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw_errno("write", shown);
    done += static_cast<std::size_t>(n);
  }
  // Shorter than what was there (the reserved note): cut, which needs no space.
  if (ftruncate(fd.get(), static_cast<off_t>(text.size())) != 0) throw_errno("truncate", shown);
  if (fsync(fd.get()) != 0) throw_errno("fsync", shown);
}

std::string device_text(std::uint64_t device) {
  return fmt::format("{}:{}", major(device), minor(device));
}

std::optional<std::uint64_t> parse_device_text(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto major_no = number(text.substr(0, colon));
  const auto minor_no = number(text.substr(colon + 1));
  if (!major_no || !minor_no) return std::nullopt;
  return makedev(*major_no, *minor_no);
}

}  // namespace iogate::detail
