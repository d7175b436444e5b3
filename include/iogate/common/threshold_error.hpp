// Where a mistake in an input file is, and the error that says so: "file:line:column: key:
// problem", or without a key ("file:line:column: problem"); an unreadable file has line 0 and no
// column ("file: cannot open: No such file or directory").
//
// In common, because two readers at different layers speak the same words: the threshold file's
// parser (thresholds/) and the fio job file reader it uses (fio_job/), which therefore needs
// nothing of the parser. The file is shown escaped (display_text.hpp's printable): an unreadable
// one may be a path refused for its control characters.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>

namespace iogate {

struct SourceLocation {
  std::filesystem::path file;
  int line = 0;
  int column = 0;
};

class ThresholdError : public std::runtime_error {
 public:
  ThresholdError(SourceLocation where, std::string key, std::string problem)
      : std::runtime_error(message(where, key, problem)),
        where_(std::move(where)),
        key_(std::move(key)),
        problem_(std::move(problem)) {}
  const SourceLocation& where() const { return where_; }
  const std::string& key() const { return key_; }
  const std::string& problem() const { return problem_; }

 private:
  static std::string message(const SourceLocation& where, const std::string& key,
                             const std::string& problem);

  SourceLocation where_;
  std::string key_;
  std::string problem_;
};

}  // namespace iogate
