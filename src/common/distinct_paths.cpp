// require_distinct_paths (output_file.hpp): one invocation's outputs apart from each other and
// from its inputs.
#include <fmt/format.h>

#include <optional>
#include <system_error>
#include <utility>

#include "iogate/common/output_file.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

struct Named {
  fs::path path;
  bool output;
};

// The path with its existing part's links resolved, or nothing when even that cannot be said
// (no permission on the way: the write itself will say what is wrong).
std::optional<fs::path> settled(const fs::path& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) return std::nullopt;
  return p;
}

bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  const bool same = fs::equivalent(a, b, ec);  // false, with ec, unless both exist
  if (!ec && same) return true;
  const std::optional<fs::path> sa = settled(a);
  const std::optional<fs::path> sb = settled(b);
  return sa && sb && *sa == *sb;
}

}  // namespace

void require_distinct_paths(const std::vector<fs::path>& outputs,
                            const std::vector<fs::path>& inputs) {
  std::vector<Named> all;
  for (const fs::path& p : outputs)
    if (!p.empty() && !is_standard_output(p)) all.push_back({p, true});
  for (const fs::path& p : inputs)
    if (!p.empty() && !is_standard_output(p)) all.push_back({p, false});
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (!all[i].output) continue;
    for (std::size_t j = 0; j < all.size(); ++j) {
      if (j == i || (all[j].output && j < i) || !same_file(all[i].path, all[j].path)) continue;
      const char* other = all[j].output ? "another output" : "an input";
      if (all[i].path == all[j].path)
        throw PathClashError(
            fmt::format("{} is named as an output and as {}: one would replace "
                        "the other",
                        all[i].path.string(), other));
      throw PathClashError(
          fmt::format("{} (an output) and {} ({}) are the same file: one would "
                      "replace the other",
                      all[i].path.string(), all[j].path.string(), other));
    }
  }
}

DistinctFromOutputs::DistinctFromOutputs(std::vector<fs::path> outputs)
    : outputs_(std::move(outputs)) {
  std::error_code ec;
  for (const fs::path& p : outputs_)
    if (!p.empty() && !is_standard_output(p) && fs::exists(p, ec)) existing_.push_back(p);
}

void DistinctFromOutputs::require_apart(const fs::path& input) const {
  std::error_code ec;
  bool plain = fs::exists(input, ec) && !ec;
  for (const fs::path& out : existing_) {
    if (!plain) break;
    plain = !fs::equivalent(out, input, ec) && !ec;
  }
  if (!plain) require_distinct_paths(outputs_, {input});
}

}  // namespace iogate
