// Reading a threshold file: the document, its [suite] and [defaults]; checks are in
// check_section.cpp, workloads in workload_section.cpp, expectations in expectation_keys.cpp.
#include "iogate/thresholds/threshold_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <system_error>

#include <fmt/format.h>

#include "check_section.hpp"
#include "toml_fields.hpp"
#include "workload_section.hpp"

namespace iogate {
namespace {

using thresholds_detail::Section;

std::string format_message(const SourceLocation& where, const std::string& key,
                           const std::string& problem) {
  std::string out = where.file.string();
  if (where.line > 0) out += fmt::format(":{}:{}", where.line, where.column);
  if (!key.empty()) out += ": " + key;
  return out + ": " + problem;
}

[[noreturn]] void os_error(const std::filesystem::path& path, const char* operation, int error) {
  throw ThresholdError(
      SourceLocation{path, 0, 0}, "",
      fmt::format("cannot {}: {}", operation, std::system_category().message(error)));
}

// The whole file; an OS failure becomes a ThresholdError with line 0 and the OS's own words.
std::string read_file(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) os_error(path, "open", errno);
  std::string text;
  std::array<char, 65536> buffer;
  for (;;) {
    const ssize_t n = ::read(fd, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      ::close(fd);
      os_error(path, "read", error);  // EISDIR for a directory
    }
    if (n == 0) break;
    text.append(buffer.data(), static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text;
}

constexpr std::array<std::string_view, 3> kTopKeys{"suite", "defaults", "check"};
constexpr std::array<std::string_view, 5> kSuiteKeys{"name", "profile", "description", "repeat",
                                                     "require_mount"};

// Returns the suite's `repeat`, the default for its checks.
int read_suite(const std::filesystem::path& file, const toml::table& doc, ThresholdFile& out) {
  const Section top{file, "", ""};
  const toml::table* suite = thresholds_detail::optional_table(top, doc, "suite");
  if (suite == nullptr) {
    top.fail(thresholds_detail::document_start(), "suite.name",
             "missing required key: add a [suite] table with name = \"...\", an identifier like "
             "\"quick\"");
  }
  const Section s{file, "", "suite"};
  thresholds_detail::reject_unknown_keys(s, *suite, kSuiteKeys);
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
  const toml::node* repeat = suite->get("repeat");
  return repeat ? thresholds_detail::repeat_value(s, *repeat) : 1;
}

}  // namespace

ThresholdError::ThresholdError(SourceLocation where, std::string key, std::string problem)
    : std::runtime_error(format_message(where, key, problem)),
      where_(std::move(where)),
      key_(std::move(key)),
      problem_(std::move(problem)) {}

ThresholdFile load_threshold_file(const std::filesystem::path& path) {
  return parse_threshold_text(read_file(path), path);
}

ThresholdFile parse_threshold_text(std::string_view text, const std::filesystem::path& path) {
  toml::table doc;
  try {
    doc = toml::parse(text, std::string_view{path.native()});
  } catch (const toml::parse_error& e) {
    throw ThresholdError(thresholds_detail::location(path, e.source()), "",
                         fmt::format("TOML syntax error: {}", e.description()));
  }
  const Section top{path, "", ""};
  thresholds_detail::reject_unknown_keys(top, doc, kTopKeys);

  ThresholdFile out;
  out.path = path;
  const int suite_repeat = read_suite(path, doc, out);
  thresholds_detail::WorkloadFields defaults;
  if (const toml::table* d = thresholds_detail::optional_table(top, doc, "defaults"))
    defaults = thresholds_detail::read_workload_fields(Section{path, "", "defaults"}, *d);
  out.checks = thresholds_detail::read_checks(path, doc, defaults, suite_repeat);
  return out;
}

std::uint64_t space_needed(const Check& check) { return check.workload.file_size; }

}  // namespace iogate
