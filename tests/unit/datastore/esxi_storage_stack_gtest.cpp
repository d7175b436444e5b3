// The ESXi fingerprint from recorded esxcli outputs: one HPE MicroServer Gen8 (ESXi 5.5, a B120i
// behind hpvsa and a USB disk behind usb-storage), recorded before and after the scsi-hpvsa swap
// of seed 000 (tests/data/esxcli/hpvsa-100-1OEM and hpvsa-88OEM, one file per command, named as
// tests/esxi/fake_esxcli.cpp serves them).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "esx_storage_stack.hpp"
#include "esxcli_output.hpp"
#include "iogate/datastore/storage_stack.hpp"

namespace iogate::detail {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;

const fs::path kData = IOGATE_TEST_DATA_DIR "/esxcli";
const std::string kDatastore1 = "/vmfs/volumes/5a1e7f4c-3b2d9e10-8c4a-a0d3c1f2b4e6";
const std::string kUsbVolume = "/vmfs/volumes/5b0c2a91-6e4f1d22-3a7b-a0d3c1f2b4e6";
const std::string kHpDisk = "naa.600508b1001c5f3ad2b1e63c8a7e4f21";

std::string recorded(const std::string& set, const std::string& command) {
  std::ifstream in(kData / set / (command + ".txt"), std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  EXPECT_FALSE(text.str().empty()) << set << "/" << command;
  return text.str();
}

EsxcliOutputs recorded_outputs(const std::string& set) {
  return {recorded(set, "storage-filesystem-list"),  recorded(set, "storage-vmfs-extent-list"),
          recorded(set, "storage-core-path-list"),   recorded(set, "storage-core-adapter-list"),
          recorded(set, "storage-core-device-list"), recorded(set, "software-vib-list")};
}

std::vector<EsxcliFields> table(std::string_view text) {
  auto rows = parse_esxcli_table(text);
  EXPECT_TRUE(rows.has_value());
  return rows.value_or(std::vector<EsxcliFields>{});
}

TEST(EsxiOutput, FilesystemListColumnsComeFromTheDashes) {
  const auto rows = table(recorded("hpvsa-88OEM", "storage-filesystem-list"));
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(field(rows[0], "Mount Point"), kDatastore1);
  EXPECT_EQ(field(rows[0], "Volume Name"), "datastore1");
  EXPECT_EQ(field(rows[0], "Mounted"), "true");  // right-aligned in its column
  EXPECT_EQ(field(rows[0], "Type"), "VMFS-5");
  EXPECT_EQ(field(rows[0], "Size"), "992931348480");  // a right-aligned header, too
  EXPECT_EQ(field(rows[1], "Volume Name"), "usb backup disk");
  EXPECT_EQ(field(rows[2], "Volume Name"), "");  // the scratch and boot banks have none
  EXPECT_EQ(field(rows[2], "Type"), "vfat");
  EXPECT_EQ(field(rows[4], "Free"), "261844992");
}

TEST(EsxiOutput, AdapterListKeepsEmptyCellsAndLongDescriptions) {
  const auto rows = table(recorded("hpvsa-88OEM", "storage-core-adapter-list"));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(field(rows[0], "HBA Name"), "vmhba0");
  EXPECT_EQ(field(rows[0], "Driver"), "hpvsa");
  EXPECT_EQ(field(rows[0], "Link State"), "link-n/a");
  EXPECT_EQ(field(rows[0], "Capabilities"), "");
  // The last column runs past its dashes to the end of the line.
  EXPECT_EQ(field(rows[0], "Description"),
            "(0000:00:1f.2) Hewlett-Packard Company Dynamic Smart Array B120i RAID");
  EXPECT_EQ(field(rows[1], "Driver"), "usb-storage");
  EXPECT_EQ(field(rows[1], "Description"), "() USB");
}

TEST(EsxiOutput, ExtentAndVibLists) {
  const auto extents = table(recorded("hpvsa-88OEM", "storage-vmfs-extent-list"));
  ASSERT_EQ(extents.size(), 2u);
  EXPECT_EQ(field(extents[1], "Volume Name"), "usb backup disk");
  EXPECT_EQ(field(extents[1], "Extent Number"), "0");
  EXPECT_EQ(field(extents[1], "Device Name"), "mpx.vmhba32:C0:T0:L0");
  EXPECT_EQ(field(extents[1], "Partition"), "1");
  const auto vibs = table(recorded("hpvsa-100-1OEM", "software-vib-list"));
  ASSERT_EQ(vibs.size(), 16u);
  EXPECT_EQ(field(vibs[3], "Vendor"), "Hewlett-Packard");
  EXPECT_EQ(field(vibs[3], "Acceptance Level"), "PartnerSupported");
  EXPECT_EQ(field(vibs[3], "Install Date"), "2018-04-10");  // padded to its header's width
}

TEST(EsxiOutput, DeviceAndPathBlocks) {
  const auto devices = parse_esxcli_blocks(recorded("hpvsa-88OEM", "storage-core-device-list"));
  ASSERT_TRUE(devices);
  ASSERT_EQ(devices->size(), 2u);
  const EsxcliBlock& hp = (*devices)[0];
  EXPECT_EQ(hp.name, kHpDisk);
  EXPECT_EQ(field(hp.fields, "Vendor"), "HP");  // inquiry padding trimmed
  EXPECT_EQ(field(hp.fields, "Model"), "LOGICAL VOLUME");
  EXPECT_EQ(field(hp.fields, "Display Name"), "HP Serial Attached SCSI Disk (" + kHpDisk + ")");
  EXPECT_EQ(field(hp.fields, "Attached Filters"), "");
  EXPECT_EQ(field(hp.fields, "No of outstanding IOs with competing worlds"), "32");
  const auto paths = parse_esxcli_blocks(recorded("hpvsa-88OEM", "storage-core-path-list"));
  ASSERT_TRUE(paths);
  ASSERT_EQ(paths->size(), 2u);
  EXPECT_EQ(field((*paths)[1].fields, "Runtime Name"), "vmhba32:C0:T0:L0");  // colons in values
  EXPECT_EQ(field((*paths)[1].fields, "Adapter"), "vmhba32");
}

TEST(EsxiStorageStack, DirectoryOnDatastore1IsTheHpLogicalVolumeBehindHpvsa) {
  const auto s = describe_esx_storage(recorded_outputs("hpvsa-100-1OEM"), kDatastore1 + "/iogate");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->mount_point, kDatastore1);
  EXPECT_EQ(s->filesystem, "VMFS-5");
  EXPECT_EQ(s->mount_source, "datastore1");
  EXPECT_EQ(s->device, kHpDisk);
  EXPECT_EQ(s->partition, kHpDisk + ":3");
  EXPECT_EQ(s->host_driver, "hpvsa");
  EXPECT_EQ(s->host_driver_version, "5.5.0.100-1OEM.550.0.0.1331820");
  EXPECT_EQ(s->vendor, "HP");
  EXPECT_EQ(s->model, "LOGICAL VOLUME");
  EXPECT_EQ(s->firmware, "3.54");
  EXPECT_EQ(s->queue_depth, "128");
  EXPECT_EQ(s->rotational, "1");
  EXPECT_EQ(s->mount_options, "");
  EXPECT_EQ(s->kernel, "");  // read_storage_stack's, from the running system
}

TEST(EsxiStorageStack, SecondVolumeIsTheUsbDisk) {
  const auto s = describe_esx_storage(recorded_outputs("hpvsa-88OEM"), kUsbVolume + "/a/b");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->mount_source, "usb backup disk");
  EXPECT_EQ(s->device, "mpx.vmhba32:C0:T0:L0");
  EXPECT_EQ(s->partition, "mpx.vmhba32:C0:T0:L0:1");
  EXPECT_EQ(s->host_driver, "usb-storage");
  EXPECT_EQ(s->host_driver_version, "1.0-3vmw.550.0.0.1331820");  // usb-storage-usb-storage
  EXPECT_EQ(s->vendor, "WD");
  EXPECT_EQ(s->queue_depth, "1");
}

TEST(EsxiStorageStack, VolumeWithoutExtentHasOnlyTheMount) {
  const std::string scratch = "/vmfs/volumes/5a1e7f3e-bc91a4d8-4f6e-a0d3c1f2b4e6";
  const auto s = describe_esx_storage(recorded_outputs("hpvsa-88OEM"), scratch + "/log");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->filesystem, "vfat");
  EXPECT_EQ(s->device, "");
  EXPECT_EQ(s->host_driver, "");
}

TEST(EsxiStorageStack, DirectoryOnNoVolumeIsLeftToTheLinuxReading) {
  const EsxcliOutputs outputs = recorded_outputs("hpvsa-88OEM");
  EXPECT_FALSE(describe_esx_storage(outputs, "/tmp/iogate"));
  EXPECT_FALSE(describe_esx_storage(outputs, "/vmfs/volumes"));
  // Component-wise: a longer name that merely starts with the mount point is another directory.
  EXPECT_FALSE(describe_esx_storage(outputs, kDatastore1 + "x/iogate"));
  EXPECT_TRUE(describe_esx_storage(outputs, kDatastore1));
}

TEST(EsxiStorageStack, DiffAcrossTheDriverSwapNamesOnlyTheVibVersion) {
  const auto before = describe_esx_storage(recorded_outputs("hpvsa-100-1OEM"), kDatastore1 + "/r");
  const auto after = describe_esx_storage(recorded_outputs("hpvsa-88OEM"), kDatastore1 + "/r");
  ASSERT_TRUE(before && after);
  EXPECT_THAT(diff_storage_stacks(*before, *after),
              ElementsAre("host_driver_version 5.5.0.100-1OEM.550.0.0.1331820 \u2192 "
                          "5.5.0-88OEM.550.0.0.1331820"));
}

TEST(EsxiStorageStack, VibMatchesTheDriverByNameOrSuffixWithUnderscoresAsDashes) {
  const auto vibs = table(
      "Name        Version                           Vendor  Acceptance Level  Install Date\n"
      "----------  --------------------------------  ------  ----------------  ------------\n"
      "lsi-mr3     7.703.18.00-1OEM.650.0.0.4598673  BCM     VMwareCertified   2021-06-15  \n"
      "scsi-hpvsa  5.5.0-88OEM.550.0.0.1331820       HPE     PartnerSupported  2018-04-10  \n"
      "vmkusb      0.1-1vmw.650.2.50.8294253         VMW     VMwareCertified   2021-06-15  \n"
      "scsi-nvme   1.2.0-1vmw.650.0.0.4564106        VMW     VMwareCertified   2021-06-15  \n"
      "nvme        1.2.1.34-1vmw.650.2.50.8294253    VMW     VMwareCertified   2021-06-15  \n");
  EXPECT_EQ(vib_version_for_driver(vibs, "lsi_mr3"), "7.703.18.00-1OEM.650.0.0.4598673");
  EXPECT_EQ(vib_version_for_driver(vibs, "hpvsa"), "5.5.0-88OEM.550.0.0.1331820");
  EXPECT_EQ(vib_version_for_driver(vibs, "vmkusb"), "0.1-1vmw.650.2.50.8294253");
  EXPECT_EQ(vib_version_for_driver(vibs, "hpsa"), "");  // scsi-hpvsa is not "-hpsa"
  EXPECT_EQ(vib_version_for_driver(vibs, "nvme"), "");  // nvme and scsi-nvme: which one ships it?
  EXPECT_EQ(vib_version_for_driver(vibs, ""), "");
}

TEST(EsxiOutput, MalformedOrCutOutputIsRefusedWhole) {
  const std::string adapters = recorded("hpvsa-88OEM", "storage-core-adapter-list");
  // Cut mid-row, as a killed or bounded run leaves it.
  EXPECT_FALSE(parse_esxcli_table(adapters.substr(0, adapters.size() - 20)));
  // No dashes line: the columns cannot be found.
  const std::size_t header_end = adapters.find('\n');
  const std::size_t dashes_end = adapters.find('\n', header_end + 1);
  EXPECT_FALSE(
      parse_esxcli_table(adapters.substr(0, header_end + 1) + adapters.substr(dashes_end + 1)));
  // A row writing across the gap between two columns.
  EXPECT_FALSE(parse_esxcli_table("A     B\n----  ----\nabcdefgh\n"));
  // One overlong line, in a table or a block list.
  const std::string overlong(kMaxEsxcliLine + 1, 'x');
  EXPECT_FALSE(parse_esxcli_table(adapters + overlong + "\n"));
  EXPECT_FALSE(parse_esxcli_blocks("naa.1\n   Vendor: " + overlong + "\n"));
  EXPECT_FALSE(parse_esxcli_blocks("   Vendor: HP\n"));  // a field before any block
  EXPECT_FALSE(parse_esxcli_table(""));
  EXPECT_TRUE(parse_esxcli_blocks(""));  // no devices at all is an answer
}

TEST(EsxiStorageStack, BrokenOutputsLeaveTheirFieldsEmptyWithoutThrowing) {
  EsxcliOutputs outputs = recorded_outputs("hpvsa-100-1OEM");
  outputs.adapters.resize(outputs.adapters.size() - 5);                      // cut short
  outputs.vibs = "Name Version\nscsi-hpvsa 5.5.0.100\n";                     // no dashes line
  outputs.devices += "naa.2\n   Model: " + std::string(100000, 'm') + "\n";  // overlong line
  const auto s = describe_esx_storage(outputs, kDatastore1 + "/iogate");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->device, kHpDisk);  // what the intact outputs say is kept
  EXPECT_EQ(s->host_driver, "");
  EXPECT_EQ(s->host_driver_version, "");
  EXPECT_EQ(s->vendor, "");
  EXPECT_EQ(s->model, "");

  EsxcliOutputs filesystems_cut = recorded_outputs("hpvsa-88OEM");
  filesystems_cut.filesystems.pop_back();  // the final newline
  EXPECT_FALSE(describe_esx_storage(filesystems_cut, kDatastore1 + "/iogate"));
  EXPECT_FALSE(describe_esx_storage(EsxcliOutputs{}, kDatastore1 + "/iogate"));
}

TEST(EsxiStorageStack, ForeignControlCharactersAreNotReported) {
  EsxcliOutputs outputs = recorded_outputs("hpvsa-88OEM");
  const std::string model = "   Model: LOGICAL VOLUME  \n";
  const std::size_t at = outputs.devices.find(model);
  ASSERT_NE(at, std::string::npos);
  outputs.devices.replace(at, model.size(), "   Model: LOGICAL\x1b[2JVOLUME\n");
  const auto s = describe_esx_storage(outputs, kDatastore1 + "/iogate");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->model, "");
  EXPECT_EQ(s->vendor, "HP");
}

}  // namespace
}  // namespace iogate::detail
