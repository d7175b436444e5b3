// Parsing JSON that iogate reads from others: results and per-check documents (report, fleet,
// propose, compare), baselines, ctest's resource spec. Every such parse is this one.
//
// nlohmann's own parse builds whatever tree the text describes: a 4 MiB `[[[[...` took 321 MB,
// and a 100,000-deep array in a check's intervals crashed `iogate fleet` (code that copies or
// walks a tree recurses once per level). Here a reader of nlohmann's grammar over the text in
// place (src/common/json_text_reader.hpp, which says why not nlohmann's own; iterative, its stack
// a vector) feeds a tree builder that checks two limits on every value before building it, so a
// refused input costs no more than what was built up to the refusal:
//   - nesting: kMaxJsonDepth levels. iogate's deepest document nests 5 (results, checks, a check,
//     its result, a histogram bucket); 64 leaves room for any hand-made input and keeps every
//     walk of the tree shallow.
//   - size: kMaxJsonCost, a budget in which each value costs about its memory in 16-byte units:
//     a scalar 1, an array 4, an object or an object's key 6 (measured: an empty `[]` in an
//     array takes ~64 bytes, an empty `{}` ~100, a key and its number ~114). A tree within it
//     takes a few hundred megabytes at worst (~550 MB: 16 Mi numbers in one array, while it
//     grows), where the callers' 256 MiB file limit allowed ~20 GB of `[[[[...` and ~6 GB of
//     `[[],[],...`. A results document is far inside it: per-second intervals cost 41 each, so
//     a run of 24 hours costs 3.5 million.
//
// Errors never quote the input: it may be a symlink to a file the caller could not read itself,
// and nlohmann's messages end with the token they stopped at ("last read: '\"sk-LIVE-..."). A
// JsonInputError gives the position only:
//   "<name>: not JSON: syntax error at line 3, column 7 (byte 41)"
//   "<name>: not JSON: ends at byte 41 before the document does (cut short?)"
//   "<name>: not JSON: nests deeper than 64 levels at line 1, column 65 (byte 64)"
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace iogate {

inline constexpr int kMaxJsonDepth = 64;
inline constexpr std::size_t kMaxJsonCost = std::size_t{16} << 20;

class JsonInputError : public std::runtime_error {
 public:
  JsonInputError(const std::string& name, std::string problem)
      : std::runtime_error(name + ": not JSON: " + problem), problem_(std::move(problem)) {}
  // Without the name: "syntax error at line 3, column 7 (byte 41)".
  const std::string& problem() const { return problem_; }

 private:
  std::string problem_;
};

// `text` as one JSON document; `name` (the file's path) starts every error message.
nlohmann::json parse_json_input(std::string_view text, const std::string& name);

}  // namespace iogate
