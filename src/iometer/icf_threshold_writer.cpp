// The threshold file written by `iogate import iometer` (icf_threshold_writer.hpp).
#include "iogate/iometer/icf_threshold_writer.hpp"

#include <set>

#include <fmt/format.h>

#include "iogate/engine/workload_toml.hpp"
#include "iogate/toml_text.hpp"

namespace iogate::iometer {
namespace {

using toml_text::comment_text;
using toml_text::toml_string;

void write_check(const IcfCheck& check, const std::string& name,
                 const fio_job::ImportRequest& request, std::string& out) {
  out += fmt::format("\n# IOMeter access specification \"{}\" at {}:{}\n", comment_text(check.spec),
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
      out += "# iogate's default: IOMeter has no such setting\n";
    }
    out += fmt::format("{} = {}\n", key.key, key.value);
  }
  out += "\n[check.expect]\n";
  for (const auto& [key, value] : request.expect)
    out += fmt::format("{} = {}\n", key, toml_text::given_value(value));
}

}  // namespace

std::string threshold_text(const IcfFile& file, const std::vector<IcfCheck>& checks,
                           const fio_job::ImportRequest& request) {
  std::string out;
  out += fmt::format("# Imported from the IOMeter configuration file {} (IOMeter {}) by\n",
                     comment_text(file.path.string()), comment_text(file.version));
  out +=
      "# `iogate import iometer`. One check per IOMeter test; each workload key follows the\n"
      "# IOMeter setting it came from, or what IOMeter always does. iogate makes its own test\n"
      "# file in the datastore's scratch area, never IOMeter's targets. The expectations are the\n"
      "# ones given to the import.\n\n";
  out += "[suite]\n";
  out += fmt::format("name = {}\n", toml_string(request.suite));
  std::string description = fmt::format("IOMeter configuration {}", file.path.filename().string());
  if (file.setup.description && !file.setup.description->value.empty())
    description += ": " + file.setup.description->value;
  out += fmt::format("description = {}\n", toml_string(description));
  std::set<std::string> names;
  for (const IcfCheck& check : checks) {
    std::string name = check.check_name;
    for (int n = 2; !names.insert(name).second; ++n)
      name = fmt::format("{}_{}", check.check_name, n);
    write_check(check, name, request, out);
  }
  return out;
}

}  // namespace iogate::iometer
