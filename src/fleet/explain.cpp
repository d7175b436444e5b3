#include "iogate/fleet/explain.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace iogate {

namespace {

using Fields = std::vector<std::pair<std::string, std::string>>;

const std::string& value_in(const Fields& fields, const std::string& key) {
  for (const auto& [name, value] : fields)
    if (name == key) return value;
  static const std::string unknown = kUnknownField;
  return unknown;
}

}  // namespace

std::string field_value(const StorageStack& stack, const std::string& key) {
  return value_in(stack.fields(), key);
}

std::vector<FieldDifference> explain_differences(const StorageStack& host,
                                                 const std::vector<StorageStack>& peers) {
  std::vector<FieldDifference> out;
  const int n = static_cast<int>(peers.size());
  if (n == 0) return out;
  // Each stack's fields listed once: a fleet of 50 hosts asks for them 50 x 49 times each.
  const Fields mine_all = host.fields();
  std::vector<Fields> theirs;
  theirs.reserve(peers.size());
  for (const StorageStack& p : peers) theirs.push_back(p.fields());
  for (const std::string& key : StorageStack::field_names()) {
    if (std::find(kPerHostFields.begin(), kPerHostFields.end(), key) != kPerHostFields.end())
      continue;
    std::map<std::string, int> counts;
    for (const Fields& p : theirs) ++counts[value_in(p, key)];
    const auto most =
        std::max_element(counts.begin(), counts.end(),
                         [](const auto& a, const auto& b) { return a.second < b.second; });
    if (2 * most->second <= n) continue;  // the peers do not mostly agree: no explanation here
    const std::string& mine = value_in(mine_all, key);
    if (mine == most->first) continue;
    const auto same = counts.find(mine);
    out.push_back({key, mine, most->first, n - (same == counts.end() ? 0 : same->second), n});
  }
  return out;
}

std::string describe_differences(const std::vector<FieldDifference>& differences) {
  if (differences.empty()) return "no fingerprint field differs from most of its peers";
  std::string out;
  for (const FieldDifference& d : differences) {
    if (!out.empty()) out += "; ";
    out += fmt::format("differs from {} of {} peers in {}: {} (peers: {})", d.differing, d.peers,
                       d.key, d.value, d.peer_value);
  }
  return out;
}

}  // namespace iogate
