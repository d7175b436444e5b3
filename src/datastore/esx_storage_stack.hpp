// The storage fingerprint on ESXi, from esxcli: a VMkernel has no /proc/self/mountinfo and no
// sysfs. Six outputs are joined along volume -> extent -> device -> path -> adapter -> driver ->
// VIB:
//
//   esxcli storage filesystem list    the volume holding the directory: the longest Mount Point
//                                      that is its canonical path or a parent of it, component-wise
//                                      (/vmfs/volumes/<uuid>/...); filesystem = Type (VMFS-5,
//                                      VMFS-6, NFS ...), mount_point, mount_source = Volume Name
//   esxcli storage vmfs extent list   the volume's (by VMFS UUID) head extent, Extent Number 0:
//                                      device = Device Name (naa.*, t10.*, mpx.*), partition =
//                                      "<device>:<Partition>", the name ESXi gives it
//   esxcli storage core path list     the adapters (vmhbaN) of the device's active paths
//   esxcli storage core adapter list  host_driver = their Driver (hpvsa, lsi_mr3, pvscsi ...)
//   esxcli storage core device list   vendor, model, firmware = Revision, queue_depth = Device Max
//                                      Queue Depth, rotational "0" if Is SSD is true, "1" if false
//   esxcli software vib list          host_driver_version = the Version of the one VIB that ships
//                                      the driver (vib_version_for_driver)
//
// A field a join cannot reach stays empty: an NFS volume has no extent, so only its mount fields
// are known; paths through adapters whose drivers differ leave host_driver (and its version)
// unknown rather than picking one. Values come from foreign text into reports, so one longer than
// 256 characters or holding a control character is left empty too. mount_options, scheduler and
// the other Linux-only fields stay empty; kernel and hypervisor are read_storage_stack's.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "esxcli_command.hpp"
#include "esxcli_output.hpp"
#include "iogate/datastore/storage_stack.hpp"

namespace iogate::detail {

// The outputs of the six commands above, as they printed them (empty if one could not be run).
struct EsxcliOutputs {
  std::string filesystems;
  std::string extents;
  std::string paths;
  std::string adapters;
  std::string devices;
  std::string vibs;
};

// std::nullopt when no mounted volume holds `canonical_dir` (or the filesystem list is
// unreadable): the directory is not on a datastore (the ramdisk, a sandbox's own tree), and the
// caller describes it as the Linux code would.
std::optional<StorageStack> describe_esx_storage(const EsxcliOutputs& outputs,
                                                 const std::string& canonical_dir);

// The Version of the VIB that ships `driver`: the one whose name is the driver's or ends in
// "-<driver>" (scsi-hpvsa for hpvsa), '_' and '-' counting as one (lsi-mr3 for lsi_mr3). Empty if
// no VIB or more than one matches: a guess would put the wrong version in the fingerprint.
std::string vib_version_for_driver(const std::vector<EsxcliFields>& vibs, std::string_view driver);

// Runs `esxcli` for the outputs, the filesystem list first and the other five only when a volume
// holds `canonical_dir`, then describes them; std::nullopt as describe_esx_storage.
std::optional<StorageStack> read_esx_storage_stack(const std::filesystem::path& esxcli,
                                                   const std::string& canonical_dir,
                                                   const CommandLimits& limits = {});

}  // namespace iogate::detail
