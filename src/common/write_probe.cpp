// The write probe, made and removed through the safe writer's own directory seam (output_dir.hpp:
// a new file created relative to the directory's handle, removed when dropped), so the probe meets
// what the real write will meet: a read-only mount or volume, permissions or an ACL that refuse
// new files, a link the path policy refuses, a reparse point as the directory.
#include <cerrno>
#include <string>
#include <system_error>

#include "display_text.hpp"
#include "output_dir.hpp"
#include "write_probe.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void refuse(int error, const std::string& what) {
  throw std::system_error(error, std::generic_category(), what);
}

void probe_base(const fs::path& base) {
  try {
    detail::OutputDir dir(base);
    dir.write_temporary("", base / ".iogate-write-probe");  // dropped: removed at once
  } catch (const std::system_error& e) {
    throw std::system_error(e.code(), "create a file in " + base.string());
  }
}

}  // namespace

void probe_writable_file(const fs::path& file, IfExists if_exists) {
  if (is_standard_output(file)) return;
  std::error_code ignored;
  if (fs::is_directory(file, ignored))
    refuse(EISDIR, "write " + file.string() + ": expected a file name, not a directory");
  check_output_allowed(file, if_exists);
  probe_base(detail::existing_base(file.parent_path()));
}

void probe_writable_dir(const fs::path& dir) {
  // Named as given, not as the probe's file in it (output_file.cpp's rule for any output).
  if (std::optional<std::string> why = path_control_problem(dir.string()))
    throw UnsafeOutputError(printable(dir.string()) + ": " + *why);
  check_output_allowed(dir / "x", IfExists::replace);  // the rule for files written into it
  probe_base(detail::existing_base(dir));
}

}  // namespace iogate
