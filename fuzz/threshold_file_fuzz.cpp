// parse_threshold_text on arbitrary bytes. The contract (threshold_file.hpp): it returns a
// ThresholdFile or throws a ThresholdError; any other exception escapes and libFuzzer reports it.
// A file that parses must also keep the promises the rest of iogate relies on, checked below.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "iogate/thresholds/threshold_file.hpp"

namespace {

const std::filesystem::path kPath{"fuzz.toml"};

void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "threshold_file_fuzz: broken promise: %s\n", what);
  std::abort();
}

bool identifier(const std::string& s) {
  if (s.empty()) return false;
  for (const char c : s) {
    const bool word =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!word) return false;
  }
  return true;
}

void check_parsed(const iogate::ThresholdFile& file) {
  require(file.path == kPath, "path is the one given");
  require(identifier(file.suite), "suite name is an identifier");
  require(identifier(file.profile), "profile is an identifier");
  std::set<std::string> names;
  for (const iogate::Check& check : file.checks) {
    require(identifier(check.name), "check name is an identifier");
    require(names.insert(check.name).second, "check names are unique");
    // stall_max alone can fail a check (check_section.cpp); cv_max alone cannot.
    require(!check.expectations.empty() || check.stall_max.has_value(), "every check can fail");
    require(check.repeat >= 1 && check.repeat <= 100, "repeat is 1..100");
    require(check.workload.block_size > 0, "block_size is set");
    require(check.where.file == kPath, "check location names the file");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    check_parsed(iogate::parse_threshold_text(text, kPath));
  } catch (const iogate::ThresholdError& e) {
    require(e.where().file == kPath, "error location names the file");
    require(std::string_view{e.what()}.starts_with(kPath.native()), "message starts with the file");
    require(!e.problem().empty(), "error says what is wrong");
  }
  return 0;
}
