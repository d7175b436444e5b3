// A fleet comparison of arbitrary hosts' results, as `iogate fleet` reads and compares them: the
// input is up to four documents separated by NUL bytes (which no JSON text holds), each read by
// read_results_text as one host's input, then compared (compare_fleet) and written in every
// fleet format. The contract: reading throws the reader's own errors (results_reader_fuzz.cpp),
// comparing throws FleetInputError (fewer than two hosts, two inputs of one host), and writing
// throws nothing. Any other exception escapes and libFuzzer reports it.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include "common/json_input.hpp"
#include "fleet/fleet.hpp"
#include "reports/fleet/fleet_formats.hpp"
#include "results/result_reader.hpp"

namespace {

constexpr std::size_t kMaxHosts = 4;

void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fleet_fuzz: broken promise: %s\n", what);
  std::abort();
}

// The hosts' inputs, or none when one of them is refused (as `iogate fleet` stops there).
std::vector<iogate::FleetInput> read_inputs(std::string_view data) {
  std::vector<iogate::FleetInput> inputs;
  while (inputs.size() < kMaxHosts) {
    const std::size_t end = data.find('\0');
    const std::string source = "host" + std::to_string(inputs.size()) + ".json";
    try {
      inputs.push_back({source, iogate::read_results_text(data.substr(0, end), source)});
    } catch (const std::runtime_error& e) {
      require(
          typeid(e) == typeid(std::runtime_error) || typeid(e) == typeid(iogate::JsonInputError),
          "only the reader's own errors");
      require(std::string_view{e.what()}.starts_with(source + ": "), "message starts with file");
      return {};
    }
    if (end == std::string_view::npos) break;
    data.remove_prefix(end + 1);
  }
  return inputs;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<iogate::FleetInput> inputs =
      read_inputs(std::string_view(reinterpret_cast<const char*>(data), size));
  if (inputs.empty()) return 0;
  iogate::FleetRecord record;
  try {
    record = iogate::compare_fleet(inputs, iogate::FleetSettings{});
  } catch (const iogate::FleetInputError&) {
    return 0;
  }
  std::ostringstream out;
  iogate::make_fleet_console_writer(out)->write(record);
  iogate::make_fleet_markdown_writer(out)->write(record);
  iogate::make_fleet_junit_writer(out)->write(record);
  iogate::make_fleet_json_writer(out)->write(record);
  iogate::make_fleet_html_writer(out, "")->write(record);
  iogate::make_fleet_rerun_writer(out)->write(record);
  return 0;
}
