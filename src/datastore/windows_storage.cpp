#include "windows_storage.hpp"

#include <array>
#include <cstring>

#include <fmt/format.h>

#include "common/text_trim.hpp"

namespace iogate::detail {

namespace {

// Little-endian DWORD at `offset`, or 0 when the buffer is shorter (as Windows leaves a field
// the device does not fill).
std::uint32_t dword_at(std::span<const std::byte> bytes, std::size_t offset) {
  if (offset + 4 > bytes.size()) return 0;
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i)
    v |= static_cast<std::uint32_t>(std::to_integer<unsigned>(bytes[offset + i])) << (8 * i);
  return v;
}

// The NUL-terminated string at the offset stored at `field`, without the spaces that pad a
// fixed-width inquiry field ("ATA     "); offset 0 means "none".
std::string string_at(std::span<const std::byte> bytes, std::size_t field) {
  const std::uint32_t offset = dword_at(bytes, field);
  if (offset == 0 || offset >= bytes.size()) return {};
  std::string s;
  for (std::size_t i = offset; i < bytes.size(); ++i) {
    const char c = static_cast<char>(bytes[i]);
    if (c == '\0') return std::string(trim_blanks(s, kSpaceAndTab));
    s += c;
  }
  return {};  // no terminator inside the buffer: not trusted
}

// STORAGE_BUS_TYPE, as winioctl.h numbers it.
std::string bus_type_name(std::uint32_t bus) {
  static constexpr std::array<const char*, 20> kNames = {"",
                                                         "SCSI",
                                                         "ATAPI",
                                                         "ATA",
                                                         "1394",
                                                         "SSA",
                                                         "Fibre Channel",
                                                         "USB",
                                                         "RAID",
                                                         "iSCSI",
                                                         "SAS",
                                                         "SATA",
                                                         "SD",
                                                         "MMC",
                                                         "Virtual",
                                                         "File-backed virtual",
                                                         "Storage Spaces",
                                                         "NVMe",
                                                         "SCM",
                                                         "UFS"};
  return bus < kNames.size() ? kNames[bus] : fmt::format("bus type {}", bus);
}

// STORAGE_DEVICE_DESCRIPTOR: Version, Size, four bytes of type and flags, then the offsets of
// the vendor, product, revision and serial strings, then the bus type.
constexpr std::size_t kVendorOffset = 12;
constexpr std::size_t kProductOffset = 16;
constexpr std::size_t kRevisionOffset = 20;
constexpr std::size_t kBusType = 28;
// STORAGE_ACCESS_ALIGNMENT_DESCRIPTOR: Version, Size, BytesPerCacheLine,
// BytesOffsetForCacheAlignment, BytesPerLogicalSector, BytesPerPhysicalSector.
constexpr std::size_t kLogicalSector = 16;
constexpr std::size_t kPhysicalSector = 20;
// STORAGE_WRITE_CACHE_PROPERTY: Version, Size, WriteCacheType, WriteCacheEnabled.
constexpr std::size_t kWriteCacheEnabled = 12;

// The descriptor's own Size, when it is smaller than what was returned, bounds it.
std::span<const std::byte> own_size(std::span<const std::byte> bytes) {
  const std::uint32_t size = dword_at(bytes, 4);
  return size != 0 && size < bytes.size() ? bytes.first(size) : bytes;
}

std::string number_or_empty(std::uint64_t n) { return n == 0 ? "" : std::to_string(n); }

}  // namespace

DeviceDescriptor parse_device_descriptor(std::span<const std::byte> bytes) {
  bytes = own_size(bytes);
  DeviceDescriptor d;
  d.vendor = string_at(bytes, kVendorOffset);
  d.product = string_at(bytes, kProductOffset);
  d.revision = string_at(bytes, kRevisionOffset);
  if (bytes.size() >= kBusType + 4) d.bus_type = bus_type_name(dword_at(bytes, kBusType));
  return d;
}

SectorSizes parse_alignment_descriptor(std::span<const std::byte> bytes) {
  bytes = own_size(bytes);
  return {dword_at(bytes, kLogicalSector), dword_at(bytes, kPhysicalSector)};
}

std::string parse_write_cache(std::span<const std::byte> bytes) {
  bytes = own_size(bytes);
  switch (dword_at(bytes, kWriteCacheEnabled)) {  // WRITE_CACHE_ENABLE
    case 1:
      return "write through";  // WriteCacheDisabled
    case 2:
      return "write back";  // WriteCacheEnabled
    default:
      return "";  // WriteCacheEnableUnknown, or not given
  }
}

StorageStack describe_windows_storage(const WindowsStorageAnswers& a) {
  StorageStack s;
  s.mount_point = a.volume_root;
  s.mount_source = a.volume_name;
  s.filesystem = a.filesystem;
  s.cluster_size = number_or_empty(a.cluster_bytes);
  if (a.disk_number >= 0) s.device = fmt::format("PhysicalDrive{}", a.disk_number);
  const DeviceDescriptor d = parse_device_descriptor(a.device_descriptor);
  s.vendor = d.vendor;
  s.model = d.product;
  s.firmware = d.revision;
  s.bus_type = d.bus_type;
  const SectorSizes sectors = parse_alignment_descriptor(a.alignment_descriptor);
  s.logical_block_size = number_or_empty(sectors.logical);
  s.physical_block_size = number_or_empty(sectors.physical);
  s.write_cache = parse_write_cache(a.write_cache_property);
  s.host_driver = a.port_driver;
  s.host_driver_version = a.port_driver_version;
  if (!a.windows_version.empty()) s.kernel = "Windows " + a.windows_version;
  s.hypervisor =
      std::string(trim_blanks(a.system_manufacturer + " " + a.system_product, kSpaceAndTab));
  return s;
}

}  // namespace iogate::detail
