#include "sysfs_block.hpp"

#include <fstream>
#include <initializer_list>
#include <string_view>
#include <system_error>

namespace iogate::detail {
namespace {

namespace fs = std::filesystem;

// The first line of a sysfs attribute, trimmed; empty if it cannot be read.
std::string read_attribute(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  if (!in || !std::getline(in, line)) return {};
  const std::size_t end = line.find_last_not_of(" \t\r\n");
  line.erase(end == std::string::npos ? 0 : end + 1);
  return line;
}

// The last component of where `link` points; empty if it is not a readable symlink.
std::string link_name(const fs::path& link) {
  std::error_code ec;
  const fs::path target = fs::read_symlink(link, ec);
  return ec ? std::string() : target.filename().string();
}

std::string virtual_driver(const std::string& disk) {
  constexpr std::pair<std::string_view, std::string_view> kByPrefix[] = {
      {"loop", "loop"}, {"dm-", "device-mapper"}, {"md", "md"}, {"zram", "zram"}, {"nbd", "nbd"}};
  for (const auto& [prefix, driver] : kByPrefix) {
    if (disk.starts_with(prefix)) return std::string(driver);
  }
  return {};
}

std::string disk_driver(const fs::path& disk_dir, const std::string& disk) {
  std::error_code ec;
  if (!fs::is_symlink(disk_dir / "device", ec)) return virtual_driver(disk);
  std::string driver = link_name(disk_dir / "device" / "driver");
  if (driver.empty()) driver = link_name(disk_dir / "device" / "device" / "driver");
  return driver;
}

// The nearest `driver` link at or above `from`, up to <sysfs>/devices.
std::string nearest_driver(fs::path from) {
  for (fs::path p = std::move(from); p.has_relative_path() && p != p.parent_path();
       p = p.parent_path()) {
    if (p.filename() == "devices") break;
    if (std::string d = link_name(p / "driver"); !d.empty()) return d;
  }
  return {};
}

// See the header: above the SCSI host (libata puts an ataN between it and the PCI function),
// else the disk's own nearest.
std::string adapter_driver(const fs::path& disk_node) {
  for (fs::path p = disk_node.parent_path(); p.has_relative_path() && p != p.parent_path();
       p = p.parent_path()) {
    const std::string name = p.filename().string();
    if (name == "devices") break;
    if (name.size() > 4 && name.starts_with("host") &&
        name.find_first_not_of("0123456789", 4) == std::string::npos)
      return nearest_driver(p.parent_path());
  }
  return nearest_driver(disk_node.parent_path());
}

std::string module_version(const fs::path& sysfs_root, std::string module) {
  for (char& c : module)
    if (c == '-') c = '_';
  const fs::path dir = sysfs_root / "module" / module;
  std::string v = read_attribute(dir / "version");
  return v.empty() ? read_attribute(dir / "srcversion") : v;
}

std::string first_of(const fs::path& dir, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (std::string v = read_attribute(dir / n); !v.empty()) return v;
  return {};
}

}  // namespace

std::string read_hypervisor(const fs::path& sysfs_root) {
  const fs::path dmi = sysfs_root / "class" / "dmi" / "id";
  const std::string vendor = read_attribute(dmi / "sys_vendor");
  const std::string product = read_attribute(dmi / "product_name");
  return vendor.empty() || product.empty() ? vendor + product : vendor + " " + product;
}

std::string active_scheduler(const std::string& line) {
  const std::size_t open = line.find('[');
  const std::size_t close = line.find(']', open);
  if (open != std::string::npos && close != std::string::npos)
    return line.substr(open + 1, close - open - 1);
  if (!line.empty() && line.find(' ') == std::string::npos) return line;
  return {};
}

BlockDevice read_block_device(const fs::path& sysfs_root, unsigned major, unsigned minor) {
  BlockDevice out;
  std::error_code ec;
  const fs::path node = fs::canonical(
      sysfs_root / "dev" / "block" / (std::to_string(major) + ":" + std::to_string(minor)), ec);
  if (ec) return out;
  fs::path disk_node = node;
  if (fs::exists(node / "partition", ec)) {
    out.partition = node.filename().string();
    disk_node = node.parent_path();
  }
  out.device = disk_node.filename().string();
  // /sys/block/<disk> is the documented way in; it is a link to the same directory.
  const fs::path disk_dir = sysfs_root / "block" / out.device;
  out.driver = disk_driver(disk_dir, out.device);
  out.scheduler = active_scheduler(read_attribute(disk_dir / "queue" / "scheduler"));
  out.rotational = read_attribute(disk_dir / "queue" / "rotational");
  out.logical_block_size = read_attribute(disk_dir / "queue" / "logical_block_size");
  out.physical_block_size = read_attribute(disk_dir / "queue" / "physical_block_size");
  out.nr_requests = read_attribute(disk_dir / "queue" / "nr_requests");
  out.write_cache = read_attribute(disk_dir / "queue" / "write_cache");
  const fs::path device = disk_dir / "device";
  out.vendor = read_attribute(device / "vendor");
  out.model = read_attribute(device / "model");
  out.firmware = first_of(device, {"rev", "firmware_rev"});
  out.queue_depth = read_attribute(device / "queue_depth");
  out.host_driver = adapter_driver(disk_node);
  if (!out.host_driver.empty())
    out.host_driver_version = module_version(sysfs_root, out.host_driver);
  return out;
}

}  // namespace iogate::detail
