#include "iogate/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <system_error>

#include <fmt/format.h>

namespace iogate {
namespace {

std::string os_words(int error) { return std::system_category().message(error); }

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

struct Fd {
  int fd;
  ~Fd() { ::close(fd); }
};

}  // namespace

std::string read_regular_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                              const char* what) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
  const int raw = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (raw < 0) throw FileReadError(path, "cannot open: " + os_words(errno));
  const Fd fd{raw};
  struct stat st {};
  if (::fstat(fd.fd, &st) != 0) throw FileReadError(path, "cannot stat: " + os_words(errno));
  if (!S_ISREG(st.st_mode))
    throw FileReadError(path, fmt::format("is {}, expected {}", kind_of(st.st_mode), what));
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes)
    throw FileReadError(path, fmt::format("is {} bytes, larger than {} can be ({} bytes at most)",
                                          st.st_size, what, max_bytes));
  std::string text;
  text.reserve(static_cast<std::size_t>(st.st_size));
  std::array<char, 65536> buffer;
  for (;;) {
    const ssize_t n = ::read(fd.fd, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw FileReadError(path, "cannot read: " + os_words(errno));
    if (n == 0) break;
    text.append(buffer.data(), static_cast<std::size_t>(n));
    // The file may grow while it is read (a writer appending): the limit still holds.
    if (text.size() > max_bytes)
      throw FileReadError(path, fmt::format("grew past {} bytes while being read", max_bytes));
  }
  return text;
}

}  // namespace iogate
