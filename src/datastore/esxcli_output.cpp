#include "esxcli_output.hpp"

#include <algorithm>

#include "common/text_trim.hpp"

namespace iogate::detail {
namespace {

struct Run {
  std::size_t start = 0;
  std::size_t end = 0;  // one past the last dash
};

// The text's lines without their ends; std::nullopt if the last one has no newline (the output
// was cut short) or any is longer than kMaxEsxcliLine.
std::optional<std::vector<std::string_view>> complete_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    if (end == std::string_view::npos) return std::nullopt;
    std::string_view line = text.substr(0, end);
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line.size() > kMaxEsxcliLine) return std::nullopt;
    lines.push_back(line);
    text.remove_prefix(end + 1);
  }
  return lines;
}

// The dash runs of "--------  ------  ----------"; empty if the line holds anything else.
std::vector<Run> dash_runs(std::string_view line) {
  std::vector<Run> runs;
  for (std::size_t i = 0; i < line.size();) {
    if (line[i] == ' ') {
      ++i;
    } else if (line[i] == '-') {
      Run run{i, i};
      while (run.end < line.size() && line[run.end] == '-') ++run.end;
      runs.push_back(run);
      i = run.end;
    } else {
      return {};
    }
  }
  return runs;
}

// `line` cut along `runs`; std::nullopt if it has text between two runs (it is not aligned with
// them). The last cell runs to the end of the line. A cell is kept without the spaces and tabs
// that align it; complete_lines took the line's end, so any other control character is data.
std::optional<std::vector<std::string>> cut(std::string_view line, const std::vector<Run>& runs) {
  std::vector<std::string> cells;
  std::size_t gap = 0;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const std::size_t from = std::min(runs[i].start, line.size());
    const std::size_t gap_from = std::min(gap, from);
    if (!trim_blanks(line.substr(gap_from, from - gap_from), kSpaceAndTab).empty())
      return std::nullopt;
    const bool last = i + 1 == runs.size();
    const std::size_t to = last ? line.size() : std::min(runs[i].end, line.size());
    cells.emplace_back(trim_blanks(line.substr(from, to - from), kSpaceAndTab));
    gap = runs[i].end;
  }
  return cells;
}

}  // namespace

std::string field(const EsxcliFields& fields, std::string_view key) {
  const auto it = fields.find(key);
  return it == fields.end() ? std::string() : it->second;
}

std::optional<std::vector<EsxcliFields>> parse_esxcli_table(std::string_view text) {
  const auto lines = complete_lines(text);
  if (!lines || lines->size() < 2) return std::nullopt;
  const std::vector<Run> runs = dash_runs((*lines)[1]);
  if (runs.empty()) return std::nullopt;
  const auto names = cut((*lines)[0], runs);
  if (!names || std::ranges::any_of(*names, [](const std::string& n) { return n.empty(); }))
    return std::nullopt;
  std::vector<EsxcliFields> rows;
  for (std::size_t i = 2; i < lines->size(); ++i) {
    if (trim_blanks((*lines)[i], kSpaceAndTab).empty()) continue;
    const auto cells = cut((*lines)[i], runs);
    if (!cells) return std::nullopt;
    EsxcliFields row;
    for (std::size_t c = 0; c < names->size(); ++c) row.emplace((*names)[c], (*cells)[c]);
    rows.push_back(std::move(row));
  }
  return rows;
}

std::optional<std::vector<EsxcliBlock>> parse_esxcli_blocks(std::string_view text) {
  const auto lines = complete_lines(text);
  if (!lines) return std::nullopt;
  std::vector<EsxcliBlock> blocks;
  for (std::string_view line : *lines) {
    const std::string_view body = trim_blanks(line, kSpaceAndTab);
    if (body.empty()) continue;
    if (line.front() != ' ' && line.front() != '\t') {
      blocks.push_back({std::string(body), {}});
      continue;
    }
    if (blocks.empty()) return std::nullopt;  // a field before any block's name
    const std::size_t colon = body.find(": ");
    if (colon != std::string_view::npos) {
      blocks.back().fields.emplace(trim_blanks(body.substr(0, colon), kSpaceAndTab),
                                   trim_blanks(body.substr(colon + 2), kSpaceAndTab));
    } else if (body.ends_with(':')) {  // "Attached Filters:" with nothing after it
      blocks.back().fields.emplace(body.substr(0, body.size() - 1), "");
    }
    // Anything else is a continuation of a wrapped value, which no field read here has.
  }
  return blocks;
}

}  // namespace iogate::detail
