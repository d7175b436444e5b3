#include "iogate/datastore/storage_stack.hpp"

#include <gtest/gtest.h>
#include <sys/utsname.h>

#include <fstream>

#include "iogate_test/temp_dir.hpp"
#include "storage_stack_internal.hpp"
#include "sysfs_block.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

const fs::path kData = IOGATE_TEST_DATA_DIR "/sysfs";

StorageStack captured(const std::string& dir, unsigned major, unsigned minor,
                      const std::string& tree) {
  return detail::describe_storage(dir, major, minor, kData / tree, kData / "mountinfo");
}

TEST(StorageStack, ActiveSchedulerIsTheBracketedOne) {
  EXPECT_EQ(detail::active_scheduler("none [mq-deadline] kyber bfq"), "mq-deadline");
  EXPECT_EQ(detail::active_scheduler("[none] mq-deadline"), "none");
  EXPECT_EQ(detail::active_scheduler("none"), "none");
  EXPECT_EQ(detail::active_scheduler("none kyber"), "");  // no active one marked: unknown
  EXPECT_EQ(detail::active_scheduler(""), "");
}

TEST(StorageStack, VirtioDisk) {
  const StorageStack s = captured("/srv/data", 254, 0, "virtio");
  EXPECT_EQ(s.mount_point, "/");
  EXPECT_EQ(s.filesystem, "ext4");
  EXPECT_EQ(s.mount_options, "rw,relatime,discard,errors=remount-ro");
  EXPECT_EQ(s.mount_source, "/dev/vda");
  EXPECT_EQ(s.device, "vda");
  EXPECT_EQ(s.partition, "");
  EXPECT_EQ(s.driver, "virtio_blk");
  EXPECT_EQ(s.scheduler, "mq-deadline");
  EXPECT_EQ(s.rotational, "1");
  EXPECT_EQ(s.logical_block_size, "512");
  EXPECT_EQ(s.kernel, "");
}

TEST(StorageStack, PartitionOnSataDiskReportsTheDisk) {
  const StorageStack s = captured("/mnt/my data/run", 8, 1, "sata");
  EXPECT_EQ(s.mount_point, "/mnt/my data");
  EXPECT_EQ(s.filesystem, "xfs");
  EXPECT_EQ(s.mount_options, "rw,noatime,attr2,inode64");
  EXPECT_EQ(s.mount_source, "/dev/sda1");
  EXPECT_EQ(s.device, "sda");
  EXPECT_EQ(s.partition, "sda1");
  EXPECT_EQ(s.driver, "sd");
  EXPECT_EQ(s.scheduler, "bfq");
  EXPECT_EQ(s.rotational, "1");
  EXPECT_EQ(s.logical_block_size, "4096");
}

TEST(StorageStack, LoopDeviceHasNoDeviceLinkButIsLoop) {
  const StorageStack s = captured("/mnt/my data/loop/f", 7, 3, "loop");
  EXPECT_EQ(s.mount_point, "/mnt/my data/loop");
  EXPECT_EQ(s.filesystem, "ext4");
  EXPECT_EQ(s.mount_source, "/dev/loop3");
  EXPECT_EQ(s.device, "loop3");
  EXPECT_EQ(s.partition, "");
  EXPECT_EQ(s.driver, "loop");
  EXPECT_EQ(s.scheduler, "none");
  EXPECT_EQ(s.rotational, "0");
}

TEST(StorageStack, NvmeDriverComesFromTheControllersPciFunction) {
  const StorageStack s = captured("/work/x", 259, 0, "nvme");
  EXPECT_EQ(s.mount_source, "/dev/nvme0n1");
  EXPECT_EQ(s.device, "nvme0n1");
  EXPECT_EQ(s.driver, "nvme");
  EXPECT_EQ(s.scheduler, "none");
  EXPECT_EQ(s.rotational, "0");
}

TEST(StorageStack, AnonymousDeviceHasOnlyTheFilesystem) {
  const StorageStack s = captured("/tmp/x", 0, 42, "virtio");
  EXPECT_EQ(s.filesystem, "tmpfs");
  EXPECT_EQ(s.mount_source, "scratch");
  EXPECT_EQ(s.mount_options, "rw,relatime,size=2048k");
  EXPECT_EQ(s.device, "");
  EXPECT_EQ(s.driver, "");
  EXPECT_EQ(s.scheduler, "");
}

TEST(StorageStack, DeviceMissingFromSysfsIsLeftEmpty) {
  const StorageStack s = captured("/srv", 8, 99, "virtio");
  EXPECT_EQ(s.filesystem, "ext4");
  EXPECT_EQ(s.device, "");
  EXPECT_EQ(s.driver, "");
  EXPECT_EQ(s.rotational, "");
}

TEST(StorageStack, FieldsAreOrderedAndOmitUnknownOnes) {
  StorageStack s = captured("/mnt/my data/loop/f", 7, 3, "loop");
  s.kernel = "6.1.0";
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"mount_point", "/mnt/my data/loop"},
      {"filesystem", "ext4"},
      {"mount_options", "rw,relatime"},
      {"mount_source", "/dev/loop3"},
      {"device", "loop3"},
      {"driver", "loop"},
      {"scheduler", "none"},
      {"rotational", "0"},
      {"logical_block_size", "512"},
      {"kernel", "6.1.0"}};
  EXPECT_EQ(s.fields(), expected);
  EXPECT_TRUE(StorageStack{}.fields().empty());
}

TEST(StorageStack, ThisMachine) {
  const StorageStack s = read_storage_stack("/work");
  for (const auto& [key, value] : s.fields()) RecordProperty("stack." + key, value);
  struct utsname uts {};
  ASSERT_EQ(uname(&uts), 0);
  EXPECT_EQ(s.kernel, uts.release);
  EXPECT_FALSE(s.filesystem.empty());
  EXPECT_FALSE(s.mount_point.empty());
  if (s.filesystem == "ext4" && s.mount_source == "/dev/vda") {
    // The development VM: a whole virtio disk.
    EXPECT_EQ(s.device, "vda");
    EXPECT_EQ(s.partition, "");
    EXPECT_EQ(s.driver, "virtio_blk");
    EXPECT_FALSE(s.scheduler.empty());
    EXPECT_TRUE(s.rotational == "0" || s.rotational == "1") << s.rotational;
    EXPECT_FALSE(s.logical_block_size.empty());
  }
}

TEST(StorageStack, ThisMachinesTmpfsHasNoDevice) {
  const StorageStack s = read_storage_stack("/dev/shm");
  if (s.filesystem != "tmpfs") GTEST_SKIP() << "/dev/shm is " << s.filesystem << ", not tmpfs";
  EXPECT_EQ(s.device, "");
  EXPECT_EQ(s.driver, "");
}

TEST(StorageStack, FingerprintOfAVmwareGuestOnLsiLogic) {
  const StorageStack s = captured("/srv/data", 8, 16, "vmware");
  EXPECT_EQ(s.device, "sdb");
  EXPECT_EQ(s.driver, "sd");
  EXPECT_EQ(s.vendor, "VMware");
  EXPECT_EQ(s.model, "Virtual disk");
  EXPECT_EQ(s.firmware, "2.0");
  EXPECT_EQ(s.host_driver, "mptspi");
  EXPECT_EQ(s.host_driver_version, "4.28.00.00");
  EXPECT_EQ(s.queue_depth, "32");
  EXPECT_EQ(s.nr_requests, "128");
  EXPECT_EQ(s.physical_block_size, "512");
  EXPECT_EQ(s.write_cache, "write through");
  EXPECT_EQ(s.hypervisor, "VMware, Inc. VMware Virtual Platform");
}

TEST(StorageStack, FingerprintOfSataBehindLibataIsAhci) {
  const StorageStack s = captured("/mnt/my data/run", 8, 1, "sata");
  EXPECT_EQ(s.vendor, "ATA");
  EXPECT_EQ(s.model, "WDC WD40EFRX-68N");
  EXPECT_EQ(s.firmware, "0A82");
  EXPECT_EQ(s.host_driver, "ahci");  // above ata1, not the SCSI host's direct parent
  EXPECT_EQ(s.host_driver_version, "3.0");
  EXPECT_EQ(s.write_cache, "write back");
  EXPECT_EQ(s.hypervisor, "");  // no DMI in this tree
}

TEST(StorageStack, FingerprintOfNvmeUsesControllerFirmwareAndSrcversion) {
  const StorageStack s = captured("/work/x", 259, 0, "nvme");
  EXPECT_EQ(s.model, "Samsung SSD 980 PRO 1TB");
  EXPECT_EQ(s.firmware, "5B2QGXA7");
  EXPECT_EQ(s.host_driver, "nvme");
  EXPECT_EQ(s.host_driver_version, "1B0CE1F2D4C1A3A9E5C1B2B");
  EXPECT_EQ(s.nr_requests, "1023");
}

TEST(StorageStack, VirtioHostDriverIsTheVirtioDevicesOwn) {
  EXPECT_EQ(captured("/srv/data", 254, 0, "virtio").host_driver, "virtio_blk");
}

TEST(StorageStack, DiffNamesEachChangedFieldOldToNew) {
  StorageStack before = captured("/srv/data", 8, 16, "vmware");
  StorageStack after = before;
  after.host_driver_version = "4.28.00.01";
  after.scheduler = "none";
  after.mount_point = "/elsewhere";  // per run, not part of the fingerprint
  EXPECT_EQ(diff_storage_stacks(before, after),
            (std::vector<std::string>{"scheduler mq-deadline \u2192 none",
                                      "host_driver_version 4.28.00.00 \u2192 4.28.00.01"}));
  after = before;
  after.firmware.clear();
  EXPECT_EQ(diff_storage_stacks(before, after),
            std::vector<std::string>{"firmware 2.0 \u2192 (unknown)"});
  StorageStack copy;
  for (const auto& [key, value] : before.fields()) ASSERT_TRUE(copy.set_field(key, value)) << key;
  EXPECT_TRUE(diff_storage_stacks(before, copy).empty());
  EXPECT_FALSE(copy.set_field("no_such_field", "x"));
}

// A static binary on ESXi or in a sandbox meets no /proc and no /sys: it reports what it can.
TEST(StorageStack, MissingMountinfoLeavesTheMountFieldsEmpty) {
  const StorageStack s = detail::describe_storage("/srv/data", 254, 0, kData / "virtio",
                                                  "/nonexistent/proc/mountinfo");
  EXPECT_EQ(s.mount_point, "");
  EXPECT_EQ(s.filesystem, "");
  EXPECT_EQ(s.device, "vda");  // sysfs is still there
  EXPECT_EQ(s.driver, "virtio_blk");
  // A path through a regular file (ENOTDIR) is as absent.
  EXPECT_EQ(detail::describe_storage("/srv", 254, 0, kData / "virtio", kData / "mountinfo" / "x")
                .mount_point,
            "");
}

TEST(StorageStack, NeitherProcNorSysLeavesEverythingEmpty) {
  StorageStack s;
  EXPECT_NO_THROW(s = detail::describe_storage("/vmfs/volumes/ds/run", 8, 1, "/nonexistent/sys",
                                               "/nonexistent/proc/self/mountinfo"));
  EXPECT_TRUE(s.fields().empty());
}

TEST(StorageStack, MalformedMountinfoIsStillAnError) {
  const test::TempDir tmp;
  std::ofstream(tmp.path() / "mountinfo") << "36 35 98:0 /mnt1\n";
  EXPECT_THROW(detail::describe_storage("/srv", 254, 0, kData / "virtio", tmp.path() / "mountinfo"),
               std::runtime_error);
}

TEST(StorageStack, MissingDirectoryIsAnError) {
  EXPECT_THROW(read_storage_stack("/nonexistent/iogate/dir"), fs::filesystem_error);
}

}  // namespace
}  // namespace iogate
