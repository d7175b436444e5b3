// Reading a whole input file (a threshold file, a baseline, a results document) into memory.
//
// Only a regular file is read, and only up to a size limit: a path the user mistyped may name a
// directory, a character device (/dev/zero never ends) or a FIFO, and reading such a thing whole
// would fail with the stream library's words and no path, block forever or run out of memory.
// Every failure is a FileReadError whose message starts with the path.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace iogate {

class FileReadError : public std::runtime_error {
 public:
  FileReadError(const std::filesystem::path& path, std::string problem)
      : std::runtime_error(path.string() + ": " + problem), problem_(std::move(problem)) {}
  // Without the path: "cannot open: No such file or directory", "is a directory, expected ...".
  const std::string& problem() const { return problem_; }

 private:
  std::string problem_;
};

// The bytes of the regular file at `path`; `what` names the expected content in errors ("a
// threshold file"). Larger than `max_bytes`, or not a regular file: FileReadError.
std::string read_regular_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                              const char* what);

}  // namespace iogate
