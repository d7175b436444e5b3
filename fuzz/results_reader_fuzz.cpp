// read_results_text on arbitrary bytes: a results document or one check's document, as `iogate
// report FILE`, `report --from-dir`, `fleet` and `propose` read them. The contract
// (result_reader.hpp): a RunRecord, or
//   - JsonInputError for text that is not JSON or passes the bounded parse's limits, or
//   - std::runtime_error from the reader, naming the file and what was expected.
// Both messages start with the file's name. Any other exception escapes and libFuzzer reports it.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <typeinfo>

#include "common/json_input.hpp"
#include "results/result_reader.hpp"

namespace {

const std::filesystem::path kPath{"fuzz.json"};

void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "results_reader_fuzz: broken promise: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    iogate::read_results_text(text, kPath);
  } catch (const std::runtime_error& e) {
    // std::runtime_error itself or JsonInputError: nothing derived from either by accident.
    require(typeid(e) == typeid(std::runtime_error) || typeid(e) == typeid(iogate::JsonInputError),
            "only the reader's own errors");
    require(std::string_view{e.what()}.starts_with("fuzz.json: "), "message starts with the file");
  }
  return 0;
}
