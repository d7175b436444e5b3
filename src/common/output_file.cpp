#include "iogate/common/output_file.hpp"

#include <cerrno>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "display_text.hpp"
#include "output_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using detail::EntryKind;
using detail::OutputDir;
using detail::TemporaryFile;

[[noreturn]] void fail(std::errc error, const std::string& what, const fs::path& path) {
  throw std::system_error(std::make_error_code(error), what + " " + path.string());
}

// Before anything names the output: every message about it, and the console's line saying where
// a report went, would carry the control character (display_text.hpp).
void refuse_control_characters(const fs::path& target) {
  if (std::optional<std::string> why = path_control_problem(target.string()))
    throw UnsafeOutputError(printable(target.string()) + ": " + *why);
}

[[noreturn]] void refuse_existing(const fs::path& target) {
  throw OutputExistsError(target.string() + ": exists; give --force to replace it");
}

fs::path directory_of(const fs::path& target) {
  return target.has_parent_path() ? target.parent_path() : fs::path(".");
}

// What no output may replace, whatever the caller's privileges: standard error by its names,
// a device, FIFO or socket (/dev/null as root would become a regular file), a name the platform
// reads as no plain file (a Windows device or stream).
void refuse_special(const fs::path& target, detail::EntryKind kind) {
  if (const std::optional<std::string> why = detail::unfit_output_name(target))
    throw UnsafeOutputError(fmt::format(
        "{}: {}; an output is a regular file, or - for standard output", target.string(), *why));
  if (names_standard_error(target) || kind == EntryKind::special)
    throw UnsafeOutputError(fmt::format(
        "{}: {}; an output is a regular file, or - for standard output", target.string(),
        names_standard_error(target)
            ? "is standard error, where iogate's messages go"
            : "is a device, FIFO or socket (or a symbolic link to one), which is never replaced"));
}

// One file of a set: its directory held open, its content in a temporary file there.
struct Staged {
  fs::path target;
  OutputDir dir;
  std::optional<TemporaryFile> file;  // removed when dropped, unless moved into place
};

Staged stage(const fs::path& target, std::string_view content, IfExists if_exists) {
  refuse_control_characters(target);
  const fs::path name = target.filename();
  if (name.empty() || name == "." || name == "..")
    fail(std::errc::is_a_directory, "write", target);  // "reports/", "." : not a file name
  refuse_special(target, EntryKind::none);
  detail::existing_base(directory_of(target));  // a file on the way is named as such
  Staged s{target, OutputDir(directory_of(target), true), std::nullopt};
  const EntryKind kind = s.dir.kind_of(name);
  refuse_special(target, kind);
  if (kind == EntryKind::directory) fail(std::errc::is_a_directory, "write", target);
  if (kind != EntryKind::none && if_exists == IfExists::refuse) refuse_existing(target);
  s.file.emplace(s.dir.write_temporary(content, target));
  return s;
}

void move_into_place(Staged& s, IfExists if_exists) {
  if (!s.file->move_to(s.target.filename(), if_exists == IfExists::replace))
    refuse_existing(s.target);
  s.file.reset();
}

}  // namespace

namespace detail {

fs::path existing_base(const fs::path& dir) {
  fs::path at = dir.empty() ? fs::path(".") : dir;
  for (;;) {
    std::error_code ec;
    const fs::file_status st = fs::status(at, ec);
    if (st.type() != fs::file_type::not_found) {
      if (ec) throw std::system_error(ec, "stat " + at.string());
      if (fs::is_directory(st)) return at;
      if (at == dir) fail(std::errc::not_a_directory, "write into", at);
      fail(std::errc::not_a_directory, "create directory " + dir.string() + " in", at);
    }
    if (!at.has_relative_path() || at == at.parent_path()) return at;
    at = at.parent_path();
    if (at.empty()) return ".";
  }
}

}  // namespace detail

void check_output_allowed(const fs::path& path, IfExists if_exists) {
  if (is_standard_output(path)) return;
  refuse_control_characters(path);
  refuse_special(path, EntryKind::none);
  detail::existing_base(directory_of(path));  // a file on the way is named as such
  const std::optional<OutputDir> held = OutputDir::if_exists(directory_of(path));
  if (!held) return;  // nothing can be there yet
  const fs::path name = path.filename();
  if (name.empty()) return;
  const EntryKind kind = held->kind_of(name);
  refuse_special(path, kind);
  if (kind == EntryKind::directory) fail(std::errc::is_a_directory, "write", path);
  if (kind != EntryKind::none && if_exists == IfExists::refuse) refuse_existing(path);
}

void write_outputs(const std::vector<OutputFile>& files, IfExists if_exists) {
  std::vector<fs::path> targets;
  for (const OutputFile& f : files) targets.push_back(f.path);
  require_distinct_paths(targets, {});
  std::vector<std::string> contents;
  for (const OutputFile& f : files) {
    std::ostringstream out;
    f.write(out);
    contents.push_back(std::move(out).str());
  }
  // Every file staged before any is moved into place, so a failure leaves none of the set
  // written; a Staged dropped on the way removes its temporary file.
  std::vector<Staged> staged;
  for (std::size_t i = 0; i < files.size(); ++i)
    if (!is_standard_output(files[i].path))
      staged.push_back(stage(files[i].path, contents[i], if_exists));
  for (Staged& s : staged) move_into_place(s, if_exists);
  for (const Staged& s : staged) s.dir.sync();  // the new names survive a crash
  for (std::size_t i = 0; i < files.size(); ++i)
    if (is_standard_output(files[i].path)) {
      // After what the program printed before, never inside it.
      if (std::fwrite(contents[i].data(), 1, contents[i].size(), stdout) != contents[i].size() ||
          std::fflush(stdout) != 0)
        throw std::system_error(errno, std::generic_category(), "write standard output");
    }
}

void write_output(const fs::path& path, const std::function<void(std::ostream&)>& write,
                  IfExists if_exists) {
  write_outputs({{path, write}}, if_exists);
}

void write_output_text(const fs::path& path, std::string_view text, IfExists if_exists) {
  write_outputs({{path, [text](std::ostream& out) { out << text; }}}, if_exists);
}

}  // namespace iogate
