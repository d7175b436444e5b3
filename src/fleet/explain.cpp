#include "explain.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

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

PeerFingerprints::PeerFingerprints(const std::vector<const StorageStack*>& hosts)
    : hosts_(hosts.size()) {
  for (const std::string& key : StorageStack::field_names())
    if (std::find(kPerHostFields.begin(), kPerHostFields.end(), key) == kPerHostFields.end())
      fields_.emplace_back().key = key;
  std::vector<std::unordered_map<std::string, std::size_t>> index(fields_.size());
  for (const StorageStack* h : hosts) {
    const Fields mine = h->fields();  // listed once a host, not once a field
    for (std::size_t k = 0; k < fields_.size(); ++k) {
      Field& f = fields_[k];
      const std::string& v = value_in(mine, f.key);
      const auto [it, fresh] = index[k].emplace(v, f.values.size());
      if (fresh) {
        f.values.push_back(v);
        f.counts.push_back(0);
      }
      ++f.counts[it->second];
      f.of_host.push_back(it->second);
    }
  }
  for (Field& f : fields_)
    for (std::size_t v = 1; v < f.values.size(); ++v) {
      if (f.counts[v] > f.counts[f.most]) {
        f.next = f.most;
        f.most = v;
      } else if (f.next == f.most || f.counts[v] > f.counts[f.next]) {
        f.next = v;
      }
    }
}

std::vector<FieldDifference> PeerFingerprints::differences(std::size_t host) const {
  std::vector<FieldDifference> out;
  const int n = static_cast<int>(hosts_) - 1;  // its peers
  if (n <= 0) return out;
  for (const Field& f : fields_) {
    const std::size_t mine = f.of_host[host];
    // The peers' counts are the class's less the host's own value.
    const auto peers_holding = [&](std::size_t v) { return f.counts[v] - (v == mine ? 1 : 0); };
    std::size_t most = f.most;
    if (f.next != f.most && peers_holding(f.next) > peers_holding(most)) most = f.next;
    if (2 * peers_holding(most) <= n) continue;  // the peers do not mostly agree: no explanation
    if (most == mine) continue;
    out.push_back({f.key, f.values[mine], f.values[most], n - peers_holding(mine), n});
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
