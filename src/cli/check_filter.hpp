// `iogate check --filter PATTERN`: which checks of a file run, with GoogleTest's filter syntax so
// the same pattern selects the same checks as `--gtest_filter` does for a suite: positive patterns
// separated by ':', then optionally '-' and negative ones ("seq_*:rand_*-*_1m"); '*' matches any
// text, '?' any one character. A check is selected by its name or by "<suite>.<check>", the name
// ctest gives it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace iogate::cli {

// Whether `text` matches the glob `pattern` ('*' and '?'; every other character is itself).
bool glob_matches(std::string_view pattern, std::string_view text);

class CheckFilter {
 public:
  // Throws std::invalid_argument for a filter with an empty pattern ("a::b", a trailing ':').
  explicit CheckFilter(std::string filter);
  bool selects(std::string_view suite, std::string_view check) const;
  const std::string& text() const { return filter_; }

 private:
  std::string filter_;
  std::vector<std::string> positive_;  // {"*"} when the filter starts with '-'
  std::vector<std::string> negative_;  // empty: none
};

}  // namespace iogate::cli
