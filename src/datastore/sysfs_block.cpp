#include "sysfs_block.hpp"

#include <fstream>
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

}  // namespace

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
  return out;
}

}  // namespace iogate::detail
