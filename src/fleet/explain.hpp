// Why an outlier is one: the fingerprint fields (StorageStack::fields()) where a host differs
// from most of its peers. Two kinds of field explain nothing and are left out:
//   - kPerHostFields, which differ between any two hosts by nature (the device's name, loop3 or
//     sdb; the mount point; the mount source; the partition);
//   - fields on which the peers themselves do not mostly agree (no value held by more than half
//     of them): a difference there is the fleet's normal variety, not this host's peculiarity.
// A field a host lacks reads as "(unknown)", so a host that lost a field is named too. Each
// difference is a FieldDifference of the fleet's record (results/fleet_record.hpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "iogate/datastore/storage_stack.hpp"
#include "results/fleet_record.hpp"

namespace iogate {

inline const std::vector<std::string> kPerHostFields = {"mount_point", "mount_source", "device",
                                                        "partition"};
inline constexpr const char* kUnknownField = "(unknown)";

// The value of `key` in `stack`, or kUnknownField.
std::string field_value(const StorageStack& stack, const std::string& key);

// The fingerprints of a class of hosts, each field's values counted once for the class: where a
// host differs from most of its peers (the others) follows from the counts less its own value,
// O(fields) a host, where comparing each host with every peer made a fleet's cost grow with the
// square of its hosts. A value held by more than half of the peers is the only one that can be,
// so which of two equal counts comes first never matters.
class PeerFingerprints {
 public:
  explicit PeerFingerprints(const std::vector<const StorageStack*>& hosts);
  // Where the `host`-th differs from most of the others, in fields() order.
  std::vector<FieldDifference> differences(std::size_t host) const;

 private:
  struct Field {
    std::string key;
    std::vector<std::string> values;   // each value held, as first met
    std::vector<int> counts;           // hosts holding each
    std::vector<std::size_t> of_host;  // each host's value
    std::size_t most = 0, next = 0;    // the values held most and next most
  };
  std::vector<Field> fields_;
  std::size_t hosts_ = 0;
};

// "differs from 7 of 7 peers in host_driver: BusLogic (peers: mptspi)", the fields joined by
// "; "; or "no fingerprint field differs from most of its peers".
std::string describe_differences(const std::vector<FieldDifference>& differences);

}  // namespace iogate
