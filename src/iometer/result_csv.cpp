// Reading IOMeter's result CSV (result_csv.hpp).
#include "result_csv.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "common/read_file.hpp"
#include "common/text_trim.hpp"

namespace iogate::iometer {
namespace {

struct CsvLine {
  std::string_view text;
  int number = 0;
};

// The columns read, by the names IOMeter's versions give them; the first found is taken.
struct Column {
  const char* key;  // how messages name it
  std::vector<std::string_view> names;
  bool required = true;
};
const Column kSpecName{"Access Specification Name", {"Access Specification Name"}};
const Column kTargetType{"Target Type", {"Target Type"}};
const Column kIops{"IOps", {"IOps"}};
const Column kMbps{"MBps", {"MiBps (Binary)", "MBps (Binary)", "MBps"}};
const Column kAvg{"Average Response Time", {"Average Response Time"}};
const Column kMax{"Maximum Response Time", {"Maximum Response Time"}};
const Column kErrors{"Errors", {"Errors"}};
const Column kManagers{"# Managers", {"# Managers"}};
const Column kWorkers{"# Workers", {"# Workers"}};
const Column kDisks{"# Disks", {"# Disks"}};
const Column kQueue{"Queue Depth", {"Queue Depth"}, false};
const Column kCpu{"% CPU Utilization", {"% CPU Utilization"}, false};
// The last column IOMeter 1.1.0 writes in a PROCESSOR row (Manager::SaveResults).
constexpr std::string_view kLastProcessorColumn = "Segments Retransmitted/Second";
constexpr unsigned kMostParts = 1u << 20;  // managers, workers or disks in one row

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() &&
         std::equal(prefix.begin(), prefix.end(), s.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) ==
                  std::tolower(static_cast<unsigned char>(b));
         });
}
bool equals_nocase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && starts_with_nocase(a, b);
}

class CsvReader {
 public:
  CsvReader(std::string_view text, const std::filesystem::path& path) {
    out_.path = path;
    split_lines(text);
  }

  ResultCsv read() {
    bool ended = false;    // the last test was followed by 'End Test
    bool pending = false;  // a test's 'Access specifications, its 'Results yet to come
    std::size_t i = 0;
    while (i < lines_.size()) {
      const CsvLine& l = lines_[i];
      const std::string_view t = l.text;
      if (equals_nocase(trim_blanks(t, kSpaceAndTab), "Aborted test"))
        fail(l, "Aborted test",
             "IOMeter writes this when a test stops before its end (stopped by hand or failed): "
             "the run's figures are partial");
      if (t.empty() || t.front() != '\'')
        fail(l, "", "expected one of IOMeter's result sections (a line starting with ')");
      if (starts_with_nocase(t, "'Test Type") || starts_with_nocase(t, "'Test Description")) {
        listed_.clear();  // a run starts: its tests list their specifications anew
        i = value_line(i, "a test's heading") + 1;
      } else if (equals_nocase(t, "'Time Stamp")) {
        i = value_line(i, "'Time Stamp") + 1;
      } else if (equals_nocase(t, "'Version")) {
        const std::size_t v = value_line(i, "'Version");
        if (out_.version.empty()) out_.version = plain_version(lines_[v].text);
        i = v + 1;
      } else if (equals_nocase(t, "'Access specifications")) {
        if (pending) fail(l, "'Access specifications", "a second list before the test's 'Results");
        pending = true;
        i = access_specs(i);
        ended = false;
      } else if (equals_nocase(t, "'Results")) {
        // A cycling test's steps (queue depths, targets, workers) share the list written before
        // the first: IOMeter lists the specifications again only when they change.
        if (listed_.empty())
          fail(l, "'Results",
               "expected the run's 'Access specifications before its first results, as IOMeter "
               "writes them");
        i = results(i);
        pending = false;
        ended = false;
      } else if (equals_nocase(t, "'End Test")) {
        if (pending) fail(l, "'End Test", "the test's 'Results are missing");
        ended = true;
        ++i;
      } else {
        fail(l, "",
             "expected one of IOMeter's result sections: 'Test Type, 'Version, 'Time Stamp, "
             "'Access specifications, 'Results or 'End Test");
      }
    }
    const CsvLine last{{}, lines_.empty() ? 0 : lines_.back().number};
    if (pending) fail(last, "'Results", "the file ends before the last test's results");
    if (out_.tests.empty()) fail(last, "", "no test's 'Results: expected IOMeter's result CSV");
    if (!ended)
      fail(last, "'End Test",
           "missing after the last test: IOMeter writes it when its run completes, so the file "
           "was cut short or the run aborted");
    return std::move(out_);
  }

 private:
  [[noreturn]] void fail(const CsvLine& l, const std::string& key,
                         const std::string& problem) const {
    throw ThresholdError(SourceLocation{out_.path, l.number, l.number > 0 ? 1 : 0}, key, problem);
  }

  void split_lines(std::string_view text) {
    int number = 0;
    while (!text.empty()) {
      const std::size_t at = text.find('\n');
      std::string_view line = text.substr(0, at);
      text.remove_prefix(at == std::string_view::npos ? text.size() : at + 1);
      ++number;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // Windows text mode
      if (line.size() > kMaxResultCsvLineBytes)
        fail(CsvLine{{}, number}, "",
             fmt::format("a line of {} bytes, expected at most {}", line.size(),
                         kMaxResultCsvLineBytes));
      if (line.find('\0') != std::string_view::npos)
        fail(CsvLine{{}, number}, "", "a NUL byte: expected IOMeter's CSV text");
      if (!trim_blanks(line, kSpaceAndTab).empty()) lines_.push_back(CsvLine{line, number});
    }
  }

  // The line after the label at `i`, which must be a value, not another label.
  std::size_t value_line(std::size_t i, const std::string& key) const {
    if (i + 1 >= lines_.size() || lines_[i + 1].text.front() == '\'')
      fail(lines_[i], key, "expected a value line after it");
    return i + 1;
  }

  // "1.1.0", "2006.07.27": kept to name the tool; anything else (a path, a sentence) is not.
  static std::string plain_version(std::string_view v) {
    v = trim_blanks(v, kSpaceAndTab);
    const bool plain = !v.empty() && v.size() <= 32 && std::all_of(v.begin(), v.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '-' || c == '_' ||
             c == ' ';
    });
    return plain ? std::string(v) : std::string();
  }

  // CSV fields: IOMeter's unquoted ones, or RFC 4180 quoted ones ("" for a quote).
  std::vector<std::string> fields(const CsvLine& l) const {
    std::vector<std::string> out;
    std::string_view s = l.text;
    for (;;) {
      std::string field;
      if (!s.empty() && s.front() == '"') {
        std::size_t k = 1;
        for (;; ++k) {
          if (k >= s.size()) fail(l, "", "a quoted field without its closing quote");
          if (s[k] != '"') {
            field += s[k];
          } else if (k + 1 < s.size() && s[k + 1] == '"') {
            field += '"';
            ++k;
          } else {
            break;
          }
        }
        s.remove_prefix(k + 1);
        if (!s.empty() && s.front() != ',')
          fail(l, "", "text after a quoted field's closing quote");
      } else {
        const std::size_t at = s.find(',');
        field = std::string(s.substr(0, at));
        s.remove_prefix(at == std::string_view::npos ? s.size() : at);
      }
      out.push_back(std::move(field));
      if (s.empty()) return out;
      s.remove_prefix(1);  // the comma
    }
  }

  template <typename T>
  T whole(const CsvLine& l, const std::string& key, std::string_view text, T most) const {
    text = trim_blanks(text, kSpaceAndTab);
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v > most)
      fail(l, key, fmt::format("expected a whole number from 0 to {}", most));
    return static_cast<T>(v);
  }

  double figure(const CsvLine& l, const std::string& key, std::string_view text) const {
    text = trim_blanks(text, kSpaceAndTab);
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
        !std::isfinite(v) || v < 0)
      fail(l, key, "expected a figure (a number, 0 or more)");
    return v;
  }

  // 'Access specifications ... 'End access specifications; returns the line after it.
  std::size_t access_specs(std::size_t i) {
    const CsvLine& opened = lines_[i];
    std::vector<ResultAccessSpec> specs;
    ++i;
    for (;; ++i) {
      if (i >= lines_.size())
        fail(opened, "'Access specifications", "the file ends before 'End access specifications");
      const CsvLine& l = lines_[i];
      if (equals_nocase(l.text, "'End access specifications")) break;
      if (starts_with_nocase(l.text, "'Access specification name")) {
        const CsvLine& v = lines_[value_line(i, "'Access specification name")];
        // "<name>,<default assignment>": IOMeter writes the name unquoted, so the last comma
        // ends it.
        const std::size_t comma = v.text.rfind(',');
        if (comma == std::string_view::npos || comma == 0)
          fail(v, "'Access specification name", "expected the name, a comma and its assignment");
        std::string name =
            v.text.front() == '"' ? fields(v).front() : std::string(v.text.substr(0, comma));
        for (const ResultAccessSpec& s : specs)
          if (s.name == name)
            fail(v, "'Access specification name",
                 fmt::format("the test lists this specification twice (line {})", s.line));
        specs.push_back(ResultAccessSpec{std::move(name), v.number, {}});
        ++i;  // past the name's line
      } else if (starts_with_nocase(l.text, "'size,")) {
        if (specs.empty())
          fail(l, "'size", "expected a specification's name ('Access specification name) first");
        std::size_t k = i + 1;
        for (; k < lines_.size() && lines_[k].text.front() != '\''; ++k)
          specs.back().lines.push_back(spec_line(lines_[k]));
        if (specs.back().lines.empty())
          fail(l, "'size", "expected at least one line: size,% of size,% reads,% random,...");
        i = k - 1;
      } else {
        fail(l, "'Access specifications",
             "expected 'Access specification name, 'size or 'End access specifications");
      }
    }
    if (specs.empty()) fail(lines_[i], "'Access specifications", "no specification is listed");
    for (const ResultAccessSpec& s : specs)
      if (s.lines.empty())
        fail(CsvLine{{}, s.line}, "'Access specification name", "its 'size lines are missing");
    listed_ = std::move(specs);
    return i + 1;
  }

  // "size,% of size,% reads,% random,delay,burst,align,reply": IOMeter 1.1.0 ends the line with
  // a comma (an empty ninth field), older versions do not.
  ResultSpecLine spec_line(const CsvLine& l) const {
    const std::vector<std::string> f = fields(l);
    const bool closing_comma = f.size() == 9 && f.back().empty();
    if (f.size() != 8 && !closing_comma)
      fail(l, "'size",
           fmt::format("{} fields, expected 8 (IOMeter 1.1.0 ends the line with a comma): "
                       "size,% of size,% reads,% random,delay,burst,align,reply",
                       f.size()));
    constexpr auto kBig = std::numeric_limits<std::uint64_t>::max();
    ResultSpecLine s;
    s.size = whole<std::uint64_t>(l, "size", f[0], kBig);
    s.of_size = whole<unsigned>(l, "% of size", f[1], 100);
    s.reads = whole<unsigned>(l, "% reads", f[2], 100);
    s.random = whole<unsigned>(l, "% random", f[3], 100);
    s.delay = whole<std::uint64_t>(l, "delay", f[4], kBig);
    s.burst = whole<std::uint64_t>(l, "burst", f[5], kBig);
    s.align = whole<std::uint64_t>(l, "align", f[6], kBig);
    s.reply = whole<std::uint64_t>(l, "reply", f[7], kBig);
    s.where = SourceLocation{out_.path, l.number, 1};
    if (s.size == 0) fail(l, "size", "expected a size above 0 bytes");
    return s;
  }

  // The columns a test's rows are read by.
  struct Columns {
    std::size_t type, spec, iops, mbps, avg, max, errors, managers, workers, disks;
    std::optional<std::size_t> queue, cpu;
    std::size_t header = 0;  // fields in the header
    // IOMeter 1.1.0's PROCESSOR rows end at the last network column, before the latency bins.
    std::optional<std::size_t> processor;
  };

  Columns columns(const CsvLine& header_line) const {
    std::vector<std::string> header =
        fields(CsvLine{header_line.text.substr(1), header_line.number});
    for (std::string& h : header) h = std::string(trim_blanks(h, kSpaceAndTab));
    const auto find = [&](std::string_view name) -> std::optional<std::size_t> {
      const auto at = std::find(header.begin(), header.end(), name);
      if (at == header.end()) return std::nullopt;
      return static_cast<std::size_t>(at - header.begin());
    };
    const auto column = [&](const Column& c) -> std::optional<std::size_t> {
      for (std::string_view name : c.names) {
        const auto at = find(name);
        if (!at) continue;
        if (std::find(header.begin() + static_cast<std::ptrdiff_t>(*at) + 1, header.end(), name) !=
            header.end())
          fail(header_line, c.key, "the column appears twice");
        return at;
      }
      if (c.required)
        fail(header_line, c.key,
             fmt::format("no such column: expected IOMeter's results header, which has it{}",
                         c.names.size() > 1 ? " (as \"MiBps (Binary)\" or \"MBps\")" : ""));
      return std::nullopt;
    };
    Columns c{*column(kTargetType), *column(kSpecName), *column(kIops),   *column(kMbps),
              *column(kAvg),        *column(kMax),      *column(kErrors), *column(kManagers),
              *column(kWorkers),    *column(kDisks),    column(kQueue),   column(kCpu),
              header.size(),        std::nullopt};
    if (const auto last = find(kLastProcessorColumn); last && *last + 1 < header.size())
      c.processor = *last + 1;
    return c;
  }

  // 'Results, its header and rows; returns the line after the last row.
  std::size_t results(std::size_t i) {
    const CsvLine& opened = lines_[i];
    if (i + 1 >= lines_.size() || !starts_with_nocase(lines_[i + 1].text, "'Target Type"))
      fail(opened, "'Results", "expected the column header ('Target Type,Target Name,...) next");
    const Columns c = columns(lines_[i + 1]);
    ResultTest test;
    test.results_line = opened.number;
    bool all = false;
    std::size_t k = i + 2;
    for (; k < lines_.size() && lines_[k].text.front() != '\''; ++k) {
      const CsvLine& row = lines_[k];
      const std::vector<std::string> f = fields(row);
      const bool processor = f.front() == "PROCESSOR" && c.processor && f.size() == *c.processor;
      if (f.size() != c.header && !processor)
        fail(row, "",
             fmt::format("{} fields under a header of {} columns: expected one per column{} (a "
                         "row cut short, or a name holding a comma)",
                         f.size(), c.header,
                         c.processor ? fmt::format(", or {} in a PROCESSOR row", *c.processor)
                                     : std::string()));
      if (f[c.type] == "ALL") {
        if (all)
          fail(row, "ALL",
               fmt::format("a second ALL row in one test's results (line {})", test.all.line));
        all = true;
        test.all = figures(row, f, c, true);
      } else if (f[c.type] == "MANAGER") {
        test.managers.push_back(figures(row, f, c, false));
      }
      // PROCESSOR, WORKER and target rows: the parts' own figures, read past
    }
    if (!all) fail(opened, "'Results", "no ALL row: expected the whole test's figures");
    out_.tests.push_back(std::move(test));
    return k;
  }

  ResultRow figures(const CsvLine& row, const std::vector<std::string>& f, const Columns& c,
                    bool all) const {
    ResultRow r;
    r.name = f[1];
    r.line = row.number;
    if (!f[c.spec].empty()) {
      const auto found = std::find_if(listed_.begin(), listed_.end(),
                                      [&](const auto& s) { return s.name == f[c.spec]; });
      if (found == listed_.end())
        fail(row, kSpecName.key,
             "not one of the test's 'Access specifications: expected the specification that ran");
      r.spec = *found;
    }
    r.iops = figure(row, kIops.key, f[c.iops]);
    r.mbps = figure(row, kMbps.key, f[c.mbps]);
    r.latency_avg_ms = figure(row, kAvg.key, f[c.avg]);
    r.latency_max_ms = figure(row, kMax.key, f[c.max]);
    r.errors = whole<std::uint64_t>(row, kErrors.key, f[c.errors],
                                    std::numeric_limits<std::uint64_t>::max());
    // IOMeter leaves a MANAGER row's "# Managers" empty (2006's files write 1).
    if (all) r.managers = whole<unsigned>(row, kManagers.key, f[c.managers], kMostParts);
    r.workers = whole<unsigned>(row, kWorkers.key, f[c.workers], kMostParts);
    r.disks = whole<unsigned>(row, kDisks.key, f[c.disks], kMostParts);
    if (c.cpu && !trim_blanks(f[*c.cpu], kSpaceAndTab).empty())
      r.cpu_pct = figure(row, kCpu.key, f[*c.cpu]);
    if (c.queue) {
      // A figure only when all active workers agree; IOMeter writes -1 otherwise.
      const std::string_view q = trim_blanks(f[*c.queue], kSpaceAndTab);
      unsigned v = 0;
      const auto [end, ec] = std::from_chars(q.data(), q.data() + q.size(), v);
      if (!q.empty() && ec == std::errc() && end == q.data() + q.size() && v > 0) r.queue_depth = v;
    }
    return r;
  }

  ResultCsv out_;
  std::vector<CsvLine> lines_;            // without blank ones
  std::vector<ResultAccessSpec> listed_;  // the run's latest 'Access specifications
};

}  // namespace

ResultCsv parse_result_csv_text(std::string_view text, const std::filesystem::path& path) {
  return CsvReader(text, path).read();
}

ResultCsv read_result_csv(const std::filesystem::path& path) {
  std::string text;
  try {
    text = read_regular_file(path, kMaxResultCsvBytes, "an IOMeter result CSV");
  } catch (const FileReadError& e) {
    throw ThresholdError(SourceLocation{path, 0, 0}, "", e.problem());
  }
  return parse_result_csv_text(text, path);
}

}  // namespace iogate::iometer
