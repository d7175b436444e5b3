// The block device behind a device number, read from sysfs:
//
//   <sysfs>/dev/block/<major>:<minor>  -> .../block/sda/sda1   (a partition: has a `partition`
//   file,
//                                                              its parent directory is the disk)
//   <sysfs>/block/<disk>/queue/scheduler           "none [mq-deadline] kyber bfq": the bracketed
//   one <sysfs>/block/<disk>/queue/rotational          "0" or "1"
//   <sysfs>/block/<disk>/queue/logical_block_size
//   <sysfs>/block/<disk>/device/driver             -> .../drivers/virtio_blk (sd for SCSI/SATA)
//   <sysfs>/block/<disk>/device/device/driver      -> .../drivers/nvme: an NVMe namespace's
//                                                     `device` is its controller, the PCI function
//                                                     one further up has the driver
//
// Virtual disks have no `device` link at all; their driver is known from the kernel's fixed name
// (loopN -> loop, dm-N -> device-mapper, mdN -> md, zramN -> zram, nbdN -> nbd), anything else is
// left empty. Every attribute that cannot be read is left empty.
//
// The fingerprint, beside those:
//   <disk>/device/{vendor,model,rev}      SCSI/ATA identity and firmware revision
//   <disk>/device/{model,firmware_rev}    an NVMe controller's (the namespace's `device`)
//   <disk>/device/queue_depth             the SCSI device's queue depth
//   <disk>/queue/{nr_requests,physical_block_size,write_cache}
//   host adapter driver: walking up the disk's real path to the SCSI host (hostN), the nearest
//     ancestor above it with a `driver` link is the adapter's PCI function (mptspi = LSI Logic,
//     BusLogic, vmw_pvscsi, hpsa, ahci ...; libata puts an ataN in between); without a SCSI
//     host, the disk's nearest ancestor with one (virtio_blk for virtio1, nvme for the NVMe
//     controller's PCI function)
//   <sysfs>/module/<driver>/version, else srcversion (dashes in driver names are underscores)
#pragma once

#include <filesystem>
#include <string>

namespace iogate::detail {

struct BlockDevice {
  std::string device;     // the whole disk
  std::string partition;  // empty unless the number is a partition's
  std::string driver;
  std::string scheduler;
  std::string rotational;
  std::string logical_block_size;
  std::string vendor;
  std::string model;
  std::string firmware;
  std::string host_driver;
  std::string host_driver_version;
  std::string nr_requests;
  std::string queue_depth;
  std::string physical_block_size;
  std::string write_cache;
};

// "VMware, Inc. VMware Virtual Platform" from <sysfs>/class/dmi/id/{sys_vendor,product_name}.
std::string read_hypervisor(const std::filesystem::path& sysfs_root);

// All fields empty when <sysfs>/dev/block/<major>:<minor> does not exist (anonymous devices:
// tmpfs, overlay, btrfs subvolumes, ...).
BlockDevice read_block_device(const std::filesystem::path& sysfs_root, unsigned major,
                              unsigned minor);

// "none [mq-deadline] kyber bfq" -> "mq-deadline"; a single unbracketed word ("none" on old
// kernels) is itself the active one.
std::string active_scheduler(const std::string& line);

}  // namespace iogate::detail
