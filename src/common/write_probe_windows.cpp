// The write probe on Windows: the same promises as write_probe.cpp, with the probe file made and
// removed through the safe writer's own directory seam (output_dir_windows.cpp: a new file created
// relative to the directory's handle, deleted by handle when dropped), so the probe meets what the
// real write will meet: a read-only volume, an ACL that refuses new files, a reparse point as the
// directory.
#include <cerrno>
#include <string>
#include <system_error>

#include "iogate/write_probe.hpp"
#include "output_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void refuse(int error, const std::string& what) {
  throw std::system_error(error, std::generic_category(), what);
}

// The directory itself when it exists, else its nearest existing ancestor (what the writer's
// create_directories() would start from); it must be a directory.
fs::path existing_base(const fs::path& dir) {
  fs::path at = dir.empty() ? fs::path(".") : dir;
  for (;;) {
    std::error_code error;
    const fs::file_status status = fs::status(at, error);
    if (fs::exists(status)) {
      if (!fs::is_directory(status))
        refuse(ENOTDIR, at == dir ? "write into " + at.string()
                                  : "create directory " + dir.string() + " in " + at.string());
      return at;
    }
    // libstdc++ sets `error` for a missing path too, with the type not_found.
    if (status.type() != fs::file_type::not_found)
      throw std::system_error(error, "stat " + at.string());
    if (!at.has_relative_path() || at == at.parent_path()) return ".";
    at = at.parent_path();
    if (at.empty()) return ".";
  }
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
  probe_base(existing_base(file.parent_path()));
}

void probe_writable_dir(const fs::path& dir) {
  check_output_allowed(dir / "x", IfExists::replace);  // the rule for files written into it
  probe_base(existing_base(dir));
}

}  // namespace iogate
