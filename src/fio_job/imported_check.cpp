// The threshold file written from imported checks (imported_check.hpp).
#include "iogate/fio_job/imported_check.hpp"

#include <set>

#include <fmt/format.h>

#include "iogate/engine/workload_toml.hpp"
#include "iogate/toml_text.hpp"

namespace iogate::fio_job {
namespace {

using toml_text::comment_text;
using toml_text::toml_string;

void write_check(const ImportedCheck& check, const std::string& name, const ImportRequest& request,
                 std::string& out) {
  out += fmt::format("\n# {} at {}:{}\n", comment_text(check.origin),
                     comment_text(check.where.file.string()), check.where.line);
  for (const std::string& note : check.notes)
    out += fmt::format("# note: {}\n", comment_text(note));
  out += "[[check]]\n";
  out += fmt::format("name = {}\n", toml_string(name));
  out += fmt::format("description = {}\n", toml_string(check.description));
  out += "\n[check.workload]\n";
  for (const WorkloadKey& key : workload_toml_keys(check.workload)) {
    const auto it = check.sources.find(key.key);
    if (it != check.sources.end()) {
      for (const std::string& from : it->second) out += fmt::format("# {}\n", comment_text(from));
    } else {
      out += "# iogate's default: the file has no such setting\n";
    }
    out += fmt::format("{} = {}\n", key.key, key.value);
  }
  out += "\n[check.expect]\n";
  for (const auto& [key, value] : request.expect)
    out += fmt::format("{} = {}\n", key, toml_text::given_value(value));
}

}  // namespace

std::string imported_threshold_text(const ImportedFile& file,
                                    const std::vector<ImportedCheck>& checks,
                                    const ImportRequest& request) {
  std::string out;
  std::size_t from = 0;
  while (from < file.header.size()) {
    const std::size_t end = file.header.find('\n', from);
    out += "# " + comment_text(file.header.substr(from, end - from)) + "\n";
    if (end == std::string::npos) break;
    from = end + 1;
  }
  out += "\n[suite]\n";
  out += fmt::format("name = {}\n", toml_string(request.suite));
  out += fmt::format("description = {}\n", toml_string(file.description));
  std::set<std::string> names;
  for (const ImportedCheck& check : checks) {
    std::string name = check.check_name;
    for (int n = 2; !names.insert(name).second; ++n)
      name = fmt::format("{}_{}", check.check_name, n);
    write_check(check, name, request, out);
  }
  return out;
}

}  // namespace iogate::fio_job
