// The threshold file every import writes (threshold_text.hpp).
#include "threshold_text.hpp"

#include <set>

#include <fmt/format.h>

#include "common/toml_text.hpp"
#include "engine/workload_toml.hpp"
#include "expectations.hpp"

namespace iogate::import_core {
namespace {

using toml_text::comment_text;
using toml_text::toml_string;

void write_comments(const std::vector<std::string>& lines, std::string& out) {
  for (const std::string& line : lines) out += fmt::format("# {}\n", comment_text(line));
}

void write_header(const std::string& header, std::string& out) {
  std::size_t from = 0;
  while (from < header.size()) {
    const std::size_t end = header.find('\n', from);
    out += "# " + comment_text(header.substr(from, end - from)) + "\n";
    if (end == std::string::npos) break;
    from = end + 1;
  }
}

void write_check(const ImportedFile& file, const ImportedCheck& check, const std::string& name,
                 const ImportRequest& request, std::string& out) {
  std::vector<std::string> notes = check.notes;
  const std::vector<detail::ExpectLine> expect =
      detail::expectations(check.own_bounds, request, notes);
  out += fmt::format("\n# {} at {}:{}\n", comment_text(check.origin),
                     comment_text(check.where.file.string()), check.where.line);
  for (const std::string& note : notes) out += fmt::format("# note: {}\n", comment_text(note));
  out += "[[check]]\n";
  out += fmt::format("name = {}\n", toml_string(name));
  if (!check.description.empty())
    out += fmt::format("description = {}\n", toml_string(check.description));
  out += "\n[check.workload]\n";
  for (const WorkloadKey& key : workload_toml_keys(check.workload)) {
    const auto it = check.sources.find(key.key);
    if (it != check.sources.end()) {
      write_comments(it->second, out);
    } else {
      out += fmt::format("# {}\n", comment_text(file.default_source));
    }
    out += fmt::format("{} = {}\n", key.key, key.value);
  }
  out += "\n[check.expect]\n";
  for (const detail::ExpectLine& line : expect) {
    write_comments(line.from, out);
    out += fmt::format("{} = {}\n", line.key, line.value);
  }
}

}  // namespace

std::string threshold_text(const ImportedFile& file, const std::vector<ImportedCheck>& checks,
                           const ImportRequest& request) {
  std::string out;
  write_header(file.header, out);
  out += "\n[suite]\n";
  out += fmt::format("name = {}\n", toml_string(request.suite));
  out += fmt::format("description = {}\n", toml_string(file.description));
  std::set<std::string> names;
  for (const ImportedCheck& check : checks) {
    std::string name = check.check_name;
    for (int n = 2; !names.insert(name).second; ++n)
      name = fmt::format("{}_{}", check.check_name, n);
    write_check(file, check, name, request, out);
  }
  return out;
}

}  // namespace iogate::import_core
