#include "iogate/write_probe.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>
#include <system_error>

namespace iogate {
namespace {

[[noreturn]] void refuse(int error, const std::string& what) {
  throw std::system_error(error, std::generic_category(), what);
}

// The directory itself when it exists, else its nearest existing ancestor (what the writer's
// create_directories() would start from); it must be a directory.
std::filesystem::path existing_base(const std::filesystem::path& dir) {
  std::filesystem::path at = dir.empty() ? std::filesystem::path(".") : dir;
  for (;;) {
    struct stat st {};
    if (::stat(at.c_str(), &st) == 0) {
      if (!S_ISDIR(st.st_mode))
        refuse(ENOTDIR, at == dir ? "write into " + at.string()
                                  : "create directory " + dir.string() + " in " + at.string());
      return at;
    }
    if (errno != ENOENT && errno != ENOTDIR) refuse(errno, "stat " + at.string());
    if (!at.has_relative_path() || at == at.parent_path()) return ".";
    at = at.parent_path();
    if (at.empty()) return ".";
  }
}

void probe_base(const std::filesystem::path& base) {
  std::string name = (base / ".iogate-write-probe-XXXXXX").string();
  const int fd = ::mkstemp(name.data());
  if (fd < 0) refuse(errno, "create a file in " + base.string());
  ::close(fd);
  ::unlink(name.c_str());
}

}  // namespace

void probe_writable_file(const std::filesystem::path& file, IfExists if_exists) {
  if (is_standard_output(file)) return;
  struct stat st {};
  if (::stat(file.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    refuse(EISDIR, "write " + file.string() + ": expected a file name, not a directory");
  check_output_allowed(file, if_exists);
  probe_base(existing_base(file.parent_path()));
}

void probe_writable_dir(const std::filesystem::path& dir) {
  check_output_allowed(dir / "x", IfExists::replace);  // the rule for files written into it
  probe_base(existing_base(dir));
}

}  // namespace iogate
