// The shared half of datastore/volume_facts.hpp: which filesystems hold no test files, and
// what iogate's own scratch directories hold. The platform files only read the facts.
#include "volume_facts.hpp"

#include <array>
#include <limits>
#include <string_view>
#include <system_error>

#include <fmt/format.h>

#include "iogate/datastore/scratch_area.hpp"
#include "missing_datastore.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

struct PseudoFilesystem {
  std::string_view name;  // as /proc/self/mountinfo names it
  std::uint64_t magic;    // statfs's f_type (linux/magic.h); 0: none of its own
};

// The kernel's pseudo filesystems a path can lead into. The numbers are written out rather than
// taken from linux/magic.h so that the rule is one table on every platform (and its test too).
constexpr std::array<PseudoFilesystem, 21> kPseudoFilesystems{{
    {"proc", 0x9fa0},          {"sysfs", 0x62656572},
    {"devtmpfs", 0},  // reports tmpfs's f_type: known by its name alone
    {"devpts", 0x1cd1},        {"cgroup", 0x27e0eb},
    {"cgroup2", 0x63677270},   {"debugfs", 0x64626720},
    {"tracefs", 0x74726163},   {"securityfs", 0x73636673},
    {"configfs", 0x62656570},  {"bpf", 0xcafe4a11},
    {"pstore", 0x6165676c},    {"efivarfs", 0xde5e81e4},
    {"mqueue", 0x19800202},    {"hugetlbfs", 0x958458f6},  // files there are mapped, never written
    {"fusectl", 0x65735543},   {"binfmt_misc", 0x42494e4d},
    {"selinuxfs", 0xf97cff8c}, {"smackfs", 0x43415d53},
    {"nsfs", 0x6e736673},      {"rpc_pipefs", 0x67596969},
}};

const PseudoFilesystem* pseudo_filesystem(const VolumeFacts& facts) {
  for (const PseudoFilesystem& row : kPseudoFilesystems) {
    if (row.magic != 0 && row.magic == facts.magic) return &row;
    if (!facts.type.empty() && row.name == facts.type) return &row;
  }
  return nullptr;
}

// A scratch area holds at most 64 test files, their layout notes and a marker: a directory of
// far more entries is no scratch area of iogate's, and is not read to the end.
constexpr int kMostEntries = 256;

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return b > std::numeric_limits<std::uint64_t>::max() - a
             ? std::numeric_limits<std::uint64_t>::max()
             : a + b;
}

// The regular files directly in `dir`, by size; 0 for what cannot be read.
std::uint64_t file_bytes(const fs::path& dir) {
  std::uint64_t total = 0;
  std::error_code ec;
  int seen = 0;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end && seen < kMostEntries;
       it.increment(ec), ++seen) {
    std::error_code entry_ec;
    if (it->symlink_status(entry_ec).type() != fs::file_type::regular) continue;
    const std::uintmax_t size = it->file_size(entry_ec);
    if (!entry_ec) total = saturating_add(total, size);
  }
  return total;
}

}  // namespace

std::optional<VolumeFacts> read_datastore_volume(const fs::path& datastore,
                                                 bool create_if_missing) {
  std::error_code ec;
  const fs::file_status status = fs::status(datastore, ec);
  fs::path examined = datastore;
  if (status.type() == fs::file_type::not_found && create_if_missing)
    examined = detail::nearest_existing(datastore);
  else if (status.type() != fs::file_type::directory)
    return std::nullopt;
  try {
    return read_volume_facts(examined);
  } catch (const std::system_error&) {
    return std::nullopt;
  }
}

std::optional<std::string> volume_refusal(const fs::path& datastore, const VolumeFacts& facts) {
  if (const PseudoFilesystem* pseudo = pseudo_filesystem(facts))
    return fmt::format(
        "datastore {} is on {}, a pseudo filesystem of the kernel that holds no test files: name "
        "a directory on the storage under test",
        datastore.string(), pseudo->name);
  if (facts.read_only)
    return fmt::format(
        "datastore {} is mounted read-only: no test file can be written there; remount it "
        "read-write or name a datastore that is",
        datastore.string());
  return std::nullopt;
}

// Read through paths, not descriptors (scratch_area.hpp's rule for what iogate writes): nothing is
// opened for writing, and a name swapped under the listing only changes how much room the
// preflight believes in, which the scratch area then counts again itself.
std::uint64_t scratch_bytes(const fs::path& datastore) {
  std::uint64_t total = 0;
  std::error_code ec;
  int seen = 0;
  for (fs::directory_iterator it(datastore, ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->path().filename().string().starts_with(ScratchArea::kDirPrefix)) continue;
    if (++seen > kMostEntries) break;
    std::error_code entry_ec;
    if (it->symlink_status(entry_ec).type() != fs::file_type::directory) continue;
    total = saturating_add(total, file_bytes(it->path()));
  }
  return total;
}

}  // namespace iogate
