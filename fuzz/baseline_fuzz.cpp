// parse_baseline_text on arbitrary bytes, as `--baseline`, `compare` and `propose` read a
// baseline, then what a check asks of each recorded one: its workload compared with the check's.
// The contract (baseline.hpp): a Baseline, or a BaselineError whose message starts with the file
// (a JsonInputError's message inside it). Any other exception escapes and libFuzzer reports it.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "iogate/baseline/baseline.hpp"

namespace {

const std::filesystem::path kPath{"fuzz.json"};

void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "baseline_fuzz: broken promise: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const iogate::Baseline b = iogate::parse_baseline_text(text, kPath);
    for (const iogate::BaselineCheck& c : b.checks) {
      require(b.find(c.name) != nullptr, "a recorded check is found by its name");
      iogate::workload_difference(c, iogate::WorkloadSpec{});
    }
  } catch (const iogate::BaselineError& e) {
    require(std::string_view{e.what()}.starts_with("fuzz.json: "), "message starts with the file");
  }
  return 0;
}
