// A scratch directory for one test, removed with everything in it when the test ends, and what
// tests ask of one: a sparse file in it, and a listing of what is left in it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <system_error>
#include <vector>

namespace iogate::test {

class TempDir {
 public:
  // Under the system's temporary directory, or under `parent` (a real disk for O_DIRECT, where
  // the temporary directory may be tmpfs).
  // Made as mkdtemp makes one (a fresh random name, created exclusively, owner only), with the
  // standard library so that it works on every platform.
  explicit TempDir(const std::filesystem::path& parent = std::filesystem::temp_directory_path()) {
    static constexpr char kChars[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    std::random_device device;
    std::uniform_int_distribution<std::size_t> pick(0, sizeof kChars - 2);
    for (int attempt = 0; attempt < 100; ++attempt) {
      std::string name = "iogate-test-";
      for (int i = 0; i < 6; ++i) name += kChars[pick(device)];
      const std::filesystem::path candidate = parent / name;
      if (std::filesystem::create_directory(candidate)) {  // false: the name was taken
        std::filesystem::permissions(candidate, std::filesystem::perms::owner_all);
        path_ = candidate;
        return;
      }
    }
    throw std::system_error(std::make_error_code(std::errc::file_exists),
                            "no free temporary directory name under " + parent.string());
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

  // A file of `size` bytes that reads as zeros (sparse where the filesystem allows).
  std::filesystem::path make_file(const std::string& name, std::uint64_t size) const {
    const auto file = path_ / name;
    if (!std::ofstream(file, std::ios::binary | std::ios::trunc))
      throw std::system_error(std::make_error_code(std::errc::io_error), "create " + file.string());
    std::filesystem::resize_file(file, size);
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
