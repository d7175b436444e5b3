#include "esx_storage_stack.hpp"

#include <algorithm>
#include <set>

#include "mountinfo.hpp"

namespace iogate::detail {
namespace {

constexpr std::size_t kMaxFieldLength = 256;

// What goes from esxcli's text into the fingerprint: short and printable, else unknown.
std::string checked(std::string value) {
  if (value.size() > kMaxFieldLength) return {};
  for (const unsigned char c : value)
    if (c < 0x20 || c == 0x7f) return {};
  return value;
}

std::vector<EsxcliFields> table_or_none(std::string_view text) {
  return parse_esxcli_table(text).value_or(std::vector<EsxcliFields>{});
}

std::vector<EsxcliBlock> blocks_or_none(std::string_view text) {
  return parse_esxcli_blocks(text).value_or(std::vector<EsxcliBlock>{});
}

std::string dashed(std::string_view name) {
  std::string out(name);
  std::replace(out.begin(), out.end(), '_', '-');
  return out;
}

// The mounted volume holding `dir`, by the same longest-mount-point rule as mountinfo's.
std::optional<EsxcliFields> volume_holding(std::string_view filesystems, const std::string& dir) {
  std::vector<EsxcliFields> volumes;
  std::vector<MountEntry> mounts;
  for (EsxcliFields& row : table_or_none(filesystems)) {
    MountEntry mount;
    mount.mount_point = field(row, "Mount Point");
    if (mount.mount_point.empty() || field(row, "Mounted") == "false") continue;
    mounts.push_back(std::move(mount));
    volumes.push_back(std::move(row));
  }
  const MountEntry* found = find_mount(mounts, dir);
  if (found == nullptr) return std::nullopt;
  return volumes[static_cast<std::size_t>(found - mounts.data())];
}

// The volume's head extent (a spanned volume's first); none for NFS and vfat volumes.
std::optional<EsxcliFields> head_extent(std::string_view extents, const EsxcliFields& volume) {
  const std::string uuid = field(volume, "UUID");
  std::vector<EsxcliFields> mine;
  for (EsxcliFields& row : table_or_none(extents)) {
    const bool same = uuid.empty() ? field(row, "Volume Name") == field(volume, "Volume Name")
                                   : field(row, "VMFS UUID") == uuid;
    if (same) mine.push_back(std::move(row));
  }
  for (const EsxcliFields& row : mine)
    if (field(row, "Extent Number") == "0") return row;
  if (mine.size() == 1) return mine.front();
  return std::nullopt;
}

// The driver of every adapter the device's active paths (all its paths, if none is active) go
// through, if they agree on one.
std::string adapter_driver(std::string_view paths, std::string_view adapters,
                           const std::string& device) {
  std::set<std::string> all, active;
  for (const EsxcliBlock& path : blocks_or_none(paths)) {
    if (field(path.fields, "Device") != device) continue;
    all.insert(field(path.fields, "Adapter"));
    if (field(path.fields, "State") == "active") active.insert(field(path.fields, "Adapter"));
  }
  const std::vector<EsxcliFields> hbas = table_or_none(adapters);
  std::set<std::string> drivers;
  for (const std::string& adapter : active.empty() ? all : active) {
    const auto hba = std::find_if(hbas.begin(), hbas.end(), [&](const EsxcliFields& row) {
      return field(row, "HBA Name") == adapter;
    });
    drivers.insert(hba == hbas.end() ? std::string() : field(*hba, "Driver"));
  }
  return drivers.size() == 1 ? *drivers.begin() : std::string();
}

void describe_device(std::string_view devices, const std::string& device, StorageStack& stack) {
  for (const EsxcliBlock& block : blocks_or_none(devices)) {
    if (block.name != device) continue;
    stack.vendor = checked(field(block.fields, "Vendor"));
    stack.model = checked(field(block.fields, "Model"));
    stack.firmware = checked(field(block.fields, "Revision"));
    stack.queue_depth = checked(field(block.fields, "Device Max Queue Depth"));
    const std::string ssd = field(block.fields, "Is SSD");
    // Built, then moved in: assigning a literal here trips g++ 12's false -Wrestrict at -O2.
    if (ssd == "true" || ssd == "false")
      stack.rotational = std::string(1, ssd == "true" ? '0' : '1');
    return;
  }
}

}  // namespace

std::string vib_version_for_driver(const std::vector<EsxcliFields>& vibs, std::string_view driver) {
  if (driver.empty()) return {};
  const std::string wanted = dashed(driver);
  const std::string suffix = "-" + wanted;
  std::string version;
  int matches = 0;
  for (const EsxcliFields& vib : vibs) {
    const std::string name = dashed(field(vib, "Name"));
    if (name == wanted || name.ends_with(suffix)) {
      ++matches;
      version = field(vib, "Version");
    }
  }
  return matches == 1 ? version : std::string();
}

std::optional<StorageStack> describe_esx_storage(const EsxcliOutputs& outputs,
                                                 const std::string& canonical_dir) {
  const std::optional<EsxcliFields> volume = volume_holding(outputs.filesystems, canonical_dir);
  if (!volume) return std::nullopt;
  StorageStack stack;
  stack.mount_point = checked(field(*volume, "Mount Point"));
  stack.filesystem = checked(field(*volume, "Type"));
  stack.mount_source = checked(field(*volume, "Volume Name"));
  const std::optional<EsxcliFields> extent = head_extent(outputs.extents, *volume);
  const std::string device = extent ? checked(field(*extent, "Device Name")) : std::string();
  if (device.empty()) return stack;
  stack.device = device;
  if (const std::string number = field(*extent, "Partition"); !number.empty())
    stack.partition = checked(device + ":" + number);
  stack.host_driver = checked(adapter_driver(outputs.paths, outputs.adapters, device));
  stack.host_driver_version =
      checked(vib_version_for_driver(table_or_none(outputs.vibs), stack.host_driver));
  describe_device(outputs.devices, device, stack);
  return stack;
}

std::optional<StorageStack> read_esx_storage_stack(const std::filesystem::path& esxcli,
                                                   const std::string& canonical_dir,
                                                   const CommandLimits& limits) {
  auto run = [&](std::vector<std::string> argv) {
    argv.insert(argv.begin(), "esxcli");
    return run_for_output(esxcli, argv, limits).value_or(std::string());
  };
  EsxcliOutputs outputs;
  outputs.filesystems = run({"storage", "filesystem", "list"});
  if (!volume_holding(outputs.filesystems, canonical_dir)) return std::nullopt;
  outputs.extents = run({"storage", "vmfs", "extent", "list"});
  outputs.paths = run({"storage", "core", "path", "list"});
  outputs.adapters = run({"storage", "core", "adapter", "list"});
  outputs.devices = run({"storage", "core", "device", "list"});
  outputs.vibs = run({"software", "vib", "list"});
  return describe_esx_storage(outputs, canonical_dir);
}

}  // namespace iogate::detail
