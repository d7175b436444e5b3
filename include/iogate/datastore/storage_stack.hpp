// Where a run happened: the filesystem and block device under a directory, and the adapter and
// driver in front of it. Fields that cannot be read are left empty, never guessed.
//
// On Windows (storage_stack_windows.cpp): the volume and its filesystem, the disk as
// IOCTL_STORAGE_QUERY_PROPERTY describes it, and the SCSI/storage adapter's miniport driver
// (host_driver: BusLogic, LSI_SAS, pvscsi, storahci, stornvme ...) with its file version; kernel
// is the Windows version and build.
//
// On Linux, from /proc/self/mountinfo and sysfs. The mount is the longest mount point containing
// the directory's canonical path. The device is the one the directory's files report (stat st_dev)
// looked up in <sysfs>/dev/block; a partition is reported with its whole disk, whose queue settings
// and driver apply. Filesystems on anonymous devices (tmpfs, overlay, btrfs subvolumes, NFS) have
// the mount fields but no device fields. A system without /proc/self/mountinfo (no /proc) leaves
// the mount fields empty, one without sysfs the device fields and hypervisor: a static binary in
// a sandbox or on ESXi still runs and says what it could not see.
//
// On ESXi (the same build; an executable `esxcli` in one of PATH's absolute directories), from
// esxcli's storage and VIB listings when a datastore holds the directory, as
// src/datastore/esx_storage_stack.hpp describes: the volume and its filesystem (VMFS-6 ...), the
// device (naa.*) and its vendor, model and firmware, the adapter's driver (host_driver: hpvsa,
// lsi_mr3 ...) and the version of the VIB that ships it (host_driver_version), so that a driver
// swap such as scsi-hpvsa 5.5.0.100-1OEM -> 5.5.0-88OEM shows in a diff. A directory on no
// datastore (or no filesystem list from esxcli) falls back to the Linux reading above; any other
// esxcli failure (each run is bounded: 30 s, 4 MiB of output) leaves its fields empty. hypervisor
// is "VMware ESXi" wherever uname's system name is VMkernel.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace iogate {

struct StorageStack {
  std::string mount_point;
  std::string filesystem;     // ext4, xfs, tmpfs, overlay ...
  std::string mount_options;  // per-mount options, then the superblock ones not already there
  std::string mount_source;   // /dev/vda, tmpfs ...
  std::string device;         // whole-disk name in /sys/block: vda, sda, nvme0n1, loop3
  std::string partition;      // sda1 when the filesystem sits on a partition; ESXi: naa.<id>:3
  std::string driver;         // device driver: virtio_blk, sd, nvme, loop
  std::string scheduler;      // the active one: mq-deadline, none ...
  std::string rotational;     // "0" or "1"
  std::string logical_block_size;
  std::string kernel;  // uname -r
  // The fingerprint: what a driver, firmware or controller change alters.
  std::string vendor;               // device/vendor (SCSI, ATA); empty for NVMe and virtio
  std::string model;                // device/model
  std::string firmware;             // device/rev, or the NVMe controller's firmware_rev
  std::string host_driver;          // the adapter's: mptspi, BusLogic, vmw_pvscsi, ahci, nvme
  std::string host_driver_version;  // /sys/module/<m>/version, else its srcversion
  std::string nr_requests;
  std::string queue_depth;  // device/queue_depth (SCSI)
  std::string physical_block_size;
  std::string write_cache;  // queue/write_cache: "write back" or "write through"
  std::string
      hypervisor;        // DMI sys_vendor and product_name: "VMware, Inc. VMware Virtual Platform"
  std::string bus_type;  // Windows: the disk's bus as the storage stack reports it (SAS, SCSI)
  std::string cluster_size;  // Windows: the volume's allocation unit in bytes

  // ("filesystem", "ext4") pairs in a fixed order (the order of the members above, keys spelled
  // as the members), for tables, JSON and test properties. Only the known fields: an empty
  // (unknown) one is left out rather than reported as "".
  std::vector<std::pair<std::string, std::string>> fields() const;
  // Every field's name in fields() order, known or not: the keys a fingerprint can have.
  static std::vector<std::string> field_names();
  // Sets the field named as in fields(); false for an unknown name.
  bool set_field(const std::string& key, std::string value);
};

// What changed from `before` to `after`, one line per field in fields() order, ignoring the
// per-run mount point and partition, and fields `before` does not know (an older recording):
// "host_driver_version 5.5.0-88 → 5.5.0.100",
// "scheduler mq-deadline → none", "firmware (unknown) → 1.2".
std::vector<std::string> diff_storage_stacks(const StorageStack& before, const StorageStack& after);

// The storage under `dir` on the running system, one implementation per platform
// (storage_stack_<platform>.cpp). Throws std::filesystem::filesystem_error if `dir` does not
// exist; on Linux std::system_error if mountinfo exists but cannot be read (an absent one leaves
// the mount fields empty), std::runtime_error naming file and line if it is malformed. Trouble
// with esxcli never throws: the fields it would have filled stay empty.
StorageStack read_storage_stack(const std::filesystem::path& dir);

}  // namespace iogate
