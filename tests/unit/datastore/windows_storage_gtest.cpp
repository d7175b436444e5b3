// The Windows fingerprint from Windows' answers (src/datastore/windows_storage.hpp), on every
// platform. The descriptors are laid out as winioctl.h defines them and carry what a VMware
// virtual disk answers to SCSI INQUIRY ("VMware," "VMware Virtual S" "1.0"); the port drivers are
// the miniports of seed 001's two guests: BusLogic, and LSI Logic (symmpi on XP, LSI_SAS later).
#include "windows_storage.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace iogate::detail {
namespace {

void put_dword(std::vector<std::byte>& b, std::size_t at, std::uint32_t v) {
  if (b.size() < at + 4) b.resize(at + 4);
  for (std::size_t i = 0; i < 4; ++i) b[at + i] = static_cast<std::byte>((v >> (8 * i)) & 0xff);
}

std::uint32_t put_string(std::vector<std::byte>& b, const std::string& s) {
  const auto at = static_cast<std::uint32_t>(b.size());
  for (const char c : s) b.push_back(static_cast<std::byte>(c));
  b.push_back(std::byte{0});
  return at;
}

// STORAGE_DEVICE_DESCRIPTOR: the fixed part (36 bytes, RawDeviceProperties[0] excluded), then the
// strings, their offsets in the fixed part.
std::vector<std::byte> device_descriptor(const std::string& vendor, const std::string& product,
                                         const std::string& revision, std::uint32_t bus_type) {
  std::vector<std::byte> b(36);
  put_dword(b, 0, 1);  // Version
  put_dword(b, 12, put_string(b, vendor));
  put_dword(b, 16, put_string(b, product));
  put_dword(b, 20, put_string(b, revision));
  put_dword(b, 28, bus_type);
  put_dword(b, 4, static_cast<std::uint32_t>(b.size()));  // Size
  return b;
}

std::vector<std::byte> alignment(std::uint32_t logical, std::uint32_t physical) {
  std::vector<std::byte> b(28);
  put_dword(b, 0, 1);
  put_dword(b, 4, 28);
  put_dword(b, 16, logical);
  put_dword(b, 20, physical);
  return b;
}

std::vector<std::byte> write_cache(std::uint32_t enabled) {
  std::vector<std::byte> b(28);
  put_dword(b, 0, 1);
  put_dword(b, 4, 28);
  put_dword(b, 12, enabled);
  return b;
}

constexpr std::uint32_t kBusScsi = 1;
constexpr std::uint32_t kBusSas = 10;

WindowsStorageAnswers xp_guest_on_buslogic() {
  WindowsStorageAnswers a;
  a.volume_root = "D:\\";
  a.volume_name = "\\\\?\\Volume{4c1b0e8a-1f2d-11e0-a7f1-806e6f6e6963}\\";
  a.filesystem = "NTFS";
  a.cluster_bytes = 4096;
  a.disk_number = 1;
  a.device_descriptor = device_descriptor("VMware, ", "VMware Virtual S", "1.0 ", kBusScsi);
  a.alignment_descriptor = alignment(512, 512);
  a.write_cache_property = write_cache(2);
  a.port_driver = "BusLogic";
  a.port_driver_version = "5.1.2535.0";
  a.windows_version = "5.1.2600";
  a.system_manufacturer = "VMware, Inc.";
  a.system_product = "VMware Virtual Platform";
  return a;
}

TEST(WindowsStorage, AGuestsAnswersMakeItsFingerprint) {
  const StorageStack s = describe_windows_storage(xp_guest_on_buslogic());
  EXPECT_EQ(s.mount_point, "D:\\");
  EXPECT_EQ(s.filesystem, "NTFS");
  EXPECT_EQ(s.cluster_size, "4096");
  EXPECT_EQ(s.device, "PhysicalDrive1");
  EXPECT_EQ(s.vendor, "VMware,") << "the inquiry data's space padding is trimmed";
  EXPECT_EQ(s.model, "VMware Virtual S");
  EXPECT_EQ(s.firmware, "1.0");
  EXPECT_EQ(s.bus_type, "SCSI");
  EXPECT_EQ(s.logical_block_size, "512");
  EXPECT_EQ(s.physical_block_size, "512");
  EXPECT_EQ(s.write_cache, "write back");
  EXPECT_EQ(s.host_driver, "BusLogic");
  EXPECT_EQ(s.host_driver_version, "5.1.2535.0");
  EXPECT_EQ(s.kernel, "Windows 5.1.2600");
  EXPECT_EQ(s.hypervisor, "VMware, Inc. VMware Virtual Platform");
}

// Seed 001: the same guest moved from BusLogic to LSI Logic SAS. The diff names the adapter's
// driver, its version and the bus, the variable that cut IOMeter's results tenfold.
TEST(WindowsStorage, TheDiffNamesTheAdaptersDriverChange) {
  const WindowsStorageAnswers before = xp_guest_on_buslogic();
  WindowsStorageAnswers after = before;
  after.port_driver = "LSI_SAS";
  after.port_driver_version = "1.28.3.52";
  after.device_descriptor = device_descriptor("VMware, ", "VMware Virtual S", "1.0 ", kBusSas);
  EXPECT_EQ(diff_storage_stacks(describe_windows_storage(before), describe_windows_storage(after)),
            (std::vector<std::string>{"host_driver BusLogic \u2192 LSI_SAS",
                                      "host_driver_version 5.1.2535.0 \u2192 1.28.3.52",
                                      "bus_type SCSI \u2192 SAS"}));
}

// What wine, or a Windows that refuses a query, leaves: nothing invented.
TEST(WindowsStorage, UnansweredQuestionsLeaveTheirFieldsUnknown) {
  WindowsStorageAnswers a;
  a.volume_root = "C:\\";
  a.filesystem = "NTFS";
  a.windows_version = "10.0.19045";
  const StorageStack s = describe_windows_storage(a);
  EXPECT_EQ(
      s.fields(),
      (std::vector<std::pair<std::string, std::string>>{
          {"mount_point", "C:\\"}, {"filesystem", "NTFS"}, {"kernel", "Windows 10.0.19045"}}));
}

TEST(WindowsStorage, DescriptorsFromOthersAreBoundsChecked) {
  std::vector<std::byte> d = device_descriptor("VMware, ", "VMware Virtual S", "1.0 ", kBusScsi);
  put_dword(d, 12, 4096);  // vendor offset past the end
  d.pop_back();            // revision without its NUL
  put_dword(d, 4, static_cast<std::uint32_t>(d.size()));
  const DeviceDescriptor parsed = parse_device_descriptor(d);
  EXPECT_EQ(parsed.vendor, "");
  EXPECT_EQ(parsed.product, "VMware Virtual S");
  EXPECT_EQ(parsed.revision, "") << "a string without its terminator is not read past the end";
  EXPECT_EQ(parse_device_descriptor({}).bus_type, "");
  EXPECT_EQ(parse_device_descriptor(device_descriptor("a", "b", "c", 99)).bus_type, "bus type 99");
  EXPECT_EQ(parse_alignment_descriptor(std::vector<std::byte>(8)).logical, 0u);
  EXPECT_EQ(parse_write_cache(write_cache(0)), "") << "WriteCacheEnableUnknown";
  EXPECT_EQ(parse_write_cache(write_cache(1)), "write through");
}

}  // namespace
}  // namespace iogate::detail
