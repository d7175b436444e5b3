#include "check_filter.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace iogate::cli {
namespace {

// The ':'-separated patterns of `patterns`; std::invalid_argument for an empty one.
std::vector<std::string> split_patterns(std::string_view patterns, const std::string& filter) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (from <= patterns.size()) {
    const std::size_t to = std::min(patterns.find(':', from), patterns.size());
    if (to == from)
      throw std::invalid_argument("--filter \"" + filter +
                                  "\": an empty pattern (expected PATTERN[:PATTERN...][-PATTERN"
                                  "[:PATTERN...]], '*' and '?' as wildcards)");
    out.emplace_back(patterns.substr(from, to - from));
    from = to + 1;
  }
  return out;
}

// Whether the check's own name or its ctest name "<suite>.<check>" matches one of `patterns`.
bool any_matches(const std::vector<std::string>& patterns, std::string_view suite,
                 std::string_view check) {
  const std::string qualified = std::string(suite) + "." + std::string(check);
  for (const std::string& pattern : patterns)
    if (glob_matches(pattern, check) || glob_matches(pattern, qualified)) return true;
  return false;
}

}  // namespace

// Iterative, with one point to return to after the last '*': linear for the usual patterns and
// never exponential, whatever the pattern.
bool glob_matches(std::string_view pattern, std::string_view text) {
  std::size_t p = 0, t = 0;
  std::size_t star = std::string_view::npos, resume = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

CheckFilter::CheckFilter(std::string filter) : filter_(std::move(filter)) {
  const std::size_t dash = filter_.find('-');
  const std::string_view text = filter_;
  const std::string_view positive = text.substr(0, dash);
  positive_ = positive.empty() ? std::vector<std::string>{"*"} : split_patterns(positive, filter_);
  if (dash != std::string::npos) negative_ = split_patterns(text.substr(dash + 1), filter_);
}

bool CheckFilter::selects(std::string_view suite, std::string_view check) const {
  if (!any_matches(positive_, suite, check)) return false;
  return negative_.empty() || !any_matches(negative_, suite, check);
}

}  // namespace iogate::cli
