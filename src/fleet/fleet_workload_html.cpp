// A fleet group's workload on fleet.html (fleet_html_parts.hpp): the keys and values a threshold
// file's [check.workload] would hold (workload_toml_keys, the one speller of them), the words
// the reader wrote the check in.
#include <fmt/format.h>

#include <exception>
#include <vector>

#include <nlohmann/json.hpp>

#include "fleet_html_parts.hpp"
#include "iogate/engine/workload_toml.hpp"
#include "iogate/reports/html_page.hpp"
#include "iogate/results/run_json.hpp"

namespace iogate::fleet_detail {
namespace {

// A TOML basic string without its quotes when nothing in it was escaped: "psync", not "\"psync\"".
std::string shown_value(const std::string& toml) {
  if (toml.size() >= 2 && toml.front() == '"' && toml.back() == '"' &&
      toml.find_first_of("\"\\", 1) == toml.size() - 1)
    return toml.substr(1, toml.size() - 2);
  return toml;
}

std::vector<WorkloadKey> keys_of(const std::string& workload_identity) {
  const nlohmann::json j = nlohmann::json::parse(workload_identity);
  try {
    return workload_toml_keys(workload_from_json(j));
  } catch (const std::exception&) {
    // A workload the engine's rules refuse cannot have been grouped; should one all the same,
    // its JSON fields still tell the reader what ran.
    std::vector<WorkloadKey> out;
    for (auto it = j.begin(); it != j.end(); ++it)
      out.push_back({it.key(), it->is_string() ? it->get<std::string>() : it->dump()});
    return out;
  }
}

}  // namespace

void write_workload_table(std::ostream& out, const std::string& workload_identity) {
  out << "<dl class=\"workload\">";
  for (const WorkloadKey& k : keys_of(workload_identity))
    out << "<div><dt>" << html::esc(k.key) << "</dt><dd>" << html::esc(shown_value(k.value))
        << "</dd></div>";
  out << "</dl>\n";
}

}  // namespace iogate::fleet_detail
