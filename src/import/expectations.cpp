// Given bounds joined with a check's own (expectations.hpp).
#include "expectations.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "common/toml_text.hpp"

namespace iogate::import_core::detail {

std::vector<ExpectLine> expectations(const std::vector<ImportedBound>& own,
                                     const ImportRequest& request,
                                     std::vector<std::string>& notes) {
  std::vector<ExpectLine> lines;
  for (const auto& [key, value] : request.expect)
    lines.push_back({key, toml_text::given_value(value), {}});
  for (const ImportedBound& bound : own) {
    const std::string own_value = toml_text::number_value(bound.value);
    const auto given = std::find_if(request.expect.begin(), request.expect.end(),
                                    [&](const auto& e) { return e.first == bound.key; });
    if (given == request.expect.end()) {
      lines.push_back({bound.key, own_value, bound.from});
      continue;
    }
    const std::optional<double> number = toml_text::plain_number(given->second);
    ExpectLine& line = lines[static_cast<std::size_t>(given - request.expect.begin())];
    if (!number) {
      notes.push_back(
          fmt::format("{}: the given \"{}\" is kept; {}, {}, cannot be weighed against it and is "
                      "left out",
                      bound.key, given->second, bound.called, own_value));
    } else if (*number >= bound.value) {
      notes.push_back(fmt::format("{}: the given {} is kept, stricter than {}, {}", bound.key,
                                  given->second, bound.called, own_value));
    } else {
      notes.push_back(fmt::format("{}: {}, {}, is kept, stricter than the given {}", bound.key,
                                  bound.called, own_value, given->second));
      line = {bound.key, own_value, bound.from};
    }
  }
  return lines;
}

}  // namespace iogate::import_core::detail
