#include "check_results_cleanup.hpp"

#include <optional>
#include <stdexcept>

#include "common/display_text.hpp"
#include "common/output_dir.hpp"
#include "iogate/common/output_file.hpp"
#include "result_reader.hpp"

namespace iogate {

// The directory is reached as the writer reaches an output directory (output_dir.hpp, the path
// policy), and each file is read and removed by name in that held directory: a link another user
// planted, or swapped in during the listing, sends the removal nowhere else.
int clear_check_results(const std::filesystem::path& dir) {
  // As an output directory's is (output_file.hpp): refused before anything names it.
  if (std::optional<std::string> why = path_control_problem(dir.string()))
    throw UnsafeOutputError(printable(dir.string()) + ": " + *why);
  const std::optional<detail::OutputDir> held = detail::OutputDir::if_exists(dir);
  if (!held) return 0;
  int removed = 0;
  for (const std::string& name : held->regular_files()) {
    if (std::filesystem::path(name).extension() != ".json") continue;
    const std::filesystem::path shown = dir / name;
    bool ours = false;
    try {
      ours = is_check_result_text(
          held->read(name, kMaxResultsBytes, "iogate results (JSON)", shown), shown);
    } catch (const std::runtime_error&) {
      ours = false;  // not JSON, or no longer a regular file: not ours to remove
    }
    if (ours) {
      held->remove(name, shown);
      ++removed;
    }
  }
  return removed;
}

}  // namespace iogate
