// Why an outlier is one: the fingerprint fields (StorageStack::fields()) where a host differs
// from most of its peers. Two kinds of field explain nothing and are left out:
//   - kPerHostFields, which differ between any two hosts by nature (the device's name, loop3 or
//     sdb; the mount point; the mount source; the partition);
//   - fields on which the peers themselves do not mostly agree (no value held by more than half
//     of them): a difference there is the fleet's normal variety, not this host's peculiarity.
// A field a host lacks reads as "(unknown)", so a host that lost a field is named too. Each
// difference is a FieldDifference of the fleet's record (results/fleet_record.hpp).
#pragma once

#include <string>
#include <vector>

#include "iogate/datastore/storage_stack.hpp"
#include "iogate/results/fleet_record.hpp"

namespace iogate {

inline const std::vector<std::string> kPerHostFields = {"mount_point", "mount_source", "device",
                                                        "partition"};
inline constexpr const char* kUnknownField = "(unknown)";

// The value of `key` in `stack`, or kUnknownField.
std::string field_value(const StorageStack& stack, const std::string& key);

// Where `host` differs from most of `peers` (the other hosts of its class), in fields() order.
std::vector<FieldDifference> explain_differences(const StorageStack& host,
                                                 const std::vector<StorageStack>& peers);

// "differs from 7 of 7 peers in host_driver: BusLogic (peers: mptspi)", the fields joined by
// "; "; or "no fingerprint field differs from most of its peers".
std::string describe_differences(const std::vector<FieldDifference>& differences);

}  // namespace iogate
