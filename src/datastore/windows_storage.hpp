// The Windows storage fingerprint, from the answers the system gives: what
// storage_stack_windows.cpp asks Windows (a volume's names, two IOCTL_STORAGE_QUERY_PROPERTY
// descriptors as raw bytes, the SCSI port's miniport driver from the registry ...) is gathered in
// WindowsStorageAnswers, and turned into a StorageStack here, on any platform, so that answers
// recorded on real guests (an XP guest behind BusLogic, a Windows 10 guest behind LSI Logic SAS)
// are tested everywhere. A question Windows did not answer leaves its answer empty, and its fields
// unknown.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "iogate/datastore/storage_stack.hpp"

namespace iogate::detail {

struct WindowsStorageAnswers {
  std::string volume_root;          // GetVolumePathName: "C:\", "D:\iogate-mount\"
  std::string volume_name;          // GetVolumeNameForVolumeMountPoint: "\\?\Volume{...}\"
  std::string filesystem;           // GetVolumeInformation: "NTFS", "ReFS"
  std::uint64_t cluster_bytes = 0;  // GetDiskFreeSpace: sectors per cluster x bytes per sector
  std::int64_t disk_number = -1;    // IOCTL_STORAGE_GET_DEVICE_NUMBER: PhysicalDrive<N>
  std::vector<std::byte> device_descriptor;     // StorageDeviceProperty, as returned
  std::vector<std::byte> alignment_descriptor;  // StorageAccessAlignmentProperty, as returned
  std::vector<std::byte> write_cache_property;  // StorageDeviceWriteCacheProperty, as returned
  std::string port_driver;                      // HARDWARE\DEVICEMAP\Scsi\Scsi Port <N>: Driver
  std::string port_driver_version;              // the driver file's version resource: "1.28.3.52"
  std::string windows_version;                  // RtlGetVersion: "10.0.19045"
  std::string system_manufacturer;              // HARDWARE\DESCRIPTION\System\BIOS
  std::string system_product;
};

// STORAGE_DEVICE_DESCRIPTOR's strings and bus, bounds-checked: an offset outside the buffer or
// a string without its terminating NUL is left empty. Strings are trimmed of the space padding
// SCSI inquiry data carries.
struct DeviceDescriptor {
  std::string vendor;
  std::string product;
  std::string revision;
  std::string bus_type;  // "SCSI", "SAS", "SATA", "NVMe", "Virtual" ... or "" when unknown
};
DeviceDescriptor parse_device_descriptor(std::span<const std::byte> bytes);

// STORAGE_ACCESS_ALIGNMENT_DESCRIPTOR's logical and physical sector sizes; 0 when not given.
struct SectorSizes {
  std::uint32_t logical = 0;
  std::uint32_t physical = 0;
};
SectorSizes parse_alignment_descriptor(std::span<const std::byte> bytes);

// STORAGE_WRITE_CACHE_PROPERTY's WriteCacheEnabled as Linux spells it: "write back" (enabled),
// "write through" (disabled), "" (unknown or not given).
std::string parse_write_cache(std::span<const std::byte> bytes);

// The fingerprint the answers make; kernel is "Windows <version>".
StorageStack describe_windows_storage(const WindowsStorageAnswers& answers);

}  // namespace iogate::detail
