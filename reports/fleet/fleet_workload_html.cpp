// A fleet group's workload on fleet.html (fleet_html_parts.hpp): the keys and values a threshold
// file's [check.workload] would hold (FleetGroup::workload_keys, spelled by workload_toml_keys),
// the words the reader wrote the check in.
#include "fleet_html_parts.hpp"
#include "reports/html_page.hpp"

namespace iogate::fleet_detail {
namespace {

// A TOML basic string without its quotes when nothing in it was escaped: "psync", not "\"psync\"".
std::string shown_value(const std::string& toml) {
  if (toml.size() >= 2 && toml.front() == '"' && toml.back() == '"' &&
      toml.find_first_of("\"\\", 1) == toml.size() - 1)
    return toml.substr(1, toml.size() - 2);
  return toml;
}

}  // namespace

void write_workload_table(std::ostream& out, const std::vector<WorkloadKey>& keys) {
  out << "<dl class=\"workload\">";
  for (const WorkloadKey& k : keys)
    out << "<div><dt>" << html::esc(k.key) << "</dt><dd>" << html::esc(shown_value(k.value))
        << "</dd></div>";
  out << "</dl>\n";
}

}  // namespace iogate::fleet_detail
