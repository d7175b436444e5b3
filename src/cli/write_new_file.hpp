// Writing a file a person will review and commit (a proposed threshold file): whole or not at
// all, and never over an existing file unless asked.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string_view>

namespace iogate::cli {

// The target exists and replacing it was not asked for.
class FileExistsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes `text` to a new file beside `target` (its directory must exist), then moves it into
// place: over `target` when `replace`, else only where nothing is (RENAME_NOREPLACE, so a file
// that appears meanwhile is not overwritten either). The file gets the mode a new file gets
// (0666 less the umask). Throws FileExistsError, or std::system_error naming the operation and
// path; nothing is left behind on failure.
void write_new_file(const std::filesystem::path& target, std::string_view text, bool replace);

}  // namespace iogate::cli
