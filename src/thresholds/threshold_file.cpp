// Reading a threshold file: the document, its [suite] and [defaults]; checks are in
// check_section.cpp, workloads in workload_section.cpp, expectations in expectation_keys.cpp.
#include "iogate/thresholds/threshold_file.hpp"

#include <fmt/format.h>

#include "check_section.hpp"
#include "common/read_file.hpp"
#include "toml_fields.hpp"
#include "toml_limits.hpp"
#include "workload_section.hpp"

namespace iogate {
namespace {

using thresholds_detail::check_toml_limits;
using thresholds_detail::Section;

// A threshold file is a few kilobytes; the limit only stops a mistyped path (a log, an image)
// from being read whole before the TOML parser refuses it.
constexpr std::uint64_t kMaxThresholdFileBytes = 16ULL << 20;

// The whole file; an OS failure, or a path that is not a regular file (/dev/zero, a directory),
// becomes a ThresholdError with line 0 and the OS's own words.
std::string read_file(const std::filesystem::path& path) {
  try {
    return read_regular_file(path, kMaxThresholdFileBytes, "a threshold file (TOML)");
  } catch (const FileReadError& e) {
    throw ThresholdError(SourceLocation{path, 0, 0}, "", e.problem());
  }
}

// Returns the suite's repetition keys, the defaults for its checks.
thresholds_detail::RepetitionFields read_suite(const std::filesystem::path& file,
                                               const toml::table& doc, ThresholdFile& out) {
  const Section top{file, "", ""};
  const toml::table* suite = thresholds_detail::optional_table(top, doc, "suite");
  if (suite == nullptr) {
    top.fail(thresholds_detail::document_start(), "suite.name",
             "missing required key: add a [suite] table with name = \"...\", an identifier like "
             "\"quick\"");
  }
  const Section s{file, "", "suite"};
  thresholds_detail::reject_unknown_keys(s, *suite, thresholds_detail::suite_table());
  const toml::node* name = suite->get("name");
  if (name == nullptr) {
    s.fail(*suite, "name", "missing required key: the suite's name, an identifier like \"quick\"");
  }
  out.suite = thresholds_detail::identifier_value(s, *name, "name");
  // A suite without a profile is not "quick": quick is the few-minute default run, kept short.
  out.profile = "full";
  if (const toml::node* n = suite->get("profile"))
    out.profile = thresholds_detail::identifier_value(s, *n, "profile");
  if (const toml::node* n = suite->get("description"))
    out.description = thresholds_detail::string_value(s, *n, "description");
  if (const toml::node* n = suite->get("require_mount"))
    out.require_mount = thresholds_detail::bool_value(s, *n, "require_mount");
  if (const toml::node* n = suite->get("require_filesystem")) {
    out.require_filesystem = thresholds_detail::string_value(s, *n, "require_filesystem");
    if (out.require_filesystem.empty() ||
        out.require_filesystem.find_first_of(" /\t") != std::string::npos)
      s.fail(*n, "require_filesystem",
             "expected a filesystem type as /proc/mounts names it (\"xfs\", \"ext4\")");
  }
  if (const toml::node* n = suite->get("require_device")) {
    out.require_device = thresholds_detail::string_value(s, *n, "require_device");
    if (!out.require_device.starts_with("/"))
      s.fail(*n, "require_device",
             "expected the path of a block device (\"/dev/sdb1\", \"/dev/disk/by-id/...\")");
  }
  return thresholds_detail::read_repetition(s, *suite);
}

}  // namespace

ThresholdFile load_threshold_file(const std::filesystem::path& path) {
  return parse_threshold_text(read_file(path), path);
}

ThresholdFile parse_threshold_text(std::string_view text, const std::filesystem::path& path) {
  check_toml_limits(text, path);  // before toml++, which recurses on what the limits refuse
  toml::table doc;
  try {
    doc = toml::parse(text, path.string());
  } catch (const toml::parse_error& e) {
    throw ThresholdError(thresholds_detail::location(path, e.source()), "",
                         fmt::format("TOML syntax error: {}", e.description()));
  }
  const Section top{path, "", ""};
  thresholds_detail::reject_unknown_keys(top, doc, thresholds_detail::document_table());

  ThresholdFile out;
  out.path = path;
  const thresholds_detail::RepetitionFields suite_repetition = read_suite(path, doc, out);
  thresholds_detail::WorkloadFields defaults;
  if (const toml::table* d = thresholds_detail::optional_table(top, doc, "defaults"))
    defaults = thresholds_detail::read_workload_fields(Section{path, "", "defaults"}, *d);
  out.checks = thresholds_detail::read_checks(path, doc, defaults, suite_repetition);
  return out;
}

}  // namespace iogate
