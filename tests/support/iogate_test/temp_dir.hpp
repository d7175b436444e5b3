// A scratch directory for one test, removed with everything in it when the test ends.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace iogate::test {

class TempDir {
 public:
  // Under the system's temporary directory, or under `parent` (a real disk for O_DIRECT, where
  // the temporary directory may be tmpfs).
  explicit TempDir(const std::filesystem::path& parent = std::filesystem::temp_directory_path()) {
    std::string templ = (parent / "iogate-engine-XXXXXX").string();
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
    if (rc != 0) throw std::system_error(errno, std::generic_category(), "ftruncate");
    return file;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace iogate::test
