// A scratch directory for one test, removed with everything in it when the test ends, and what
// tests ask of one: a sparse file in it, and a listing of what is left in it.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace iogate::test {

class TempDir {
 public:
  // Under the system's temporary directory, or under `parent` (a real disk for O_DIRECT, where
  // the temporary directory may be tmpfs).
  explicit TempDir(const std::filesystem::path& parent = std::filesystem::temp_directory_path()) {
    std::string templ = (parent / "iogate-test-XXXXXX").string();
    if (::mkdtemp(templ.data()) == nullptr) {
      throw std::system_error(errno, std::generic_category(), "mkdtemp " + templ);
    }
    path_ = templ;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

  // A file of `size` bytes that reads as zeros (sparse).
  std::filesystem::path make_file(const std::string& name, std::uint64_t size) const {
    const auto file = path_ / name;
    const int fd = ::open(file.c_str(), O_CREAT | O_RDWR | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) throw std::system_error(errno, std::generic_category(), "open " + file.string());
    const int rc = ::ftruncate(fd, static_cast<off_t>(size));
    ::close(fd);
    if (rc != 0)
      throw std::system_error(errno, std::generic_category(), "ftruncate " + file.string());
    return file;
  }

 private:
  std::filesystem::path path_;
};

// Every entry under `dir`, as sorted relative paths; symlinks are listed, not followed.
inline std::vector<std::string> listing(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
    names.push_back(entry.path().lexically_relative(dir).string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace iogate::test
