// Reading an IOMeter configuration file (icf_file.hpp).
#include "icf_file.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include <fmt/format.h>

#include "common/read_file.hpp"
#include "common/text_trim.hpp"

namespace iogate::iometer {
namespace {

constexpr std::string_view kNotShown = "(not shown: the file is not readable by every user)";

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (;;) {
    const std::size_t at = s.find(sep);
    out.push_back(trim_blanks(s.substr(0, at)));
    if (at == std::string_view::npos) return out;
    s.remove_prefix(at + 1);
  }
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  s = trim_blanks(s);
  while (!s.empty()) {
    std::size_t end = 0;
    while (end < s.size() && std::isspace(static_cast<unsigned char>(s[end])) == 0) ++end;
    out.push_back(s.substr(0, end));
    s = trim_blanks(s.substr(end));
  }
  return out;
}

struct Line {
  std::string_view text;  // without its line end
  int number = 0;
};

// A label and the value lines under it, column headings dropped.
struct Record {
  std::string label;  // lower case, without the quote and the rule of '='
  Line line;
  std::vector<Line> values;
};

class Reader {
 public:
  Reader(std::string_view text, const std::filesystem::path& path, bool quotable) {
    out_.path = path;
    out_.quotable = quotable;
    split_lines(text);
  }

  IcfFile read() {
    records();
    std::size_t i = 0;
    std::vector<std::string> seen;
    while (i < records_.size()) {
      const Record& r = records_[i];
      const std::string section = section_of(r.label);
      if (section.empty())
        fail(r.line, label_shown(r),
             "expected a section: 'TEST SETUP, 'RESULTS DISPLAY, "
             "'ACCESS SPECIFICATIONS or 'MANAGER LIST");
      if (std::find(seen.begin(), seen.end(), section) != seen.end())
        fail(r.line, label_shown(r), "the section appears twice");
      seen.push_back(section);
      if (!r.values.empty())
        fail(r.values.front(), label_shown(r), "expected a label, not a value");
      const std::size_t end = section_end(i, section);
      if (section == "test setup") test_setup(i + 1, end);
      if (section == "access specifications") access_specs(i + 1, end);
      if (section == "manager list") manager_list(i + 1, end);
      i = end + 1;
    }
    for (const char* needed : {"test setup", "access specifications", "manager list"})
      if (std::find(seen.begin(), seen.end(), needed) == seen.end())
        fail(Line{{}, 0}, "",
             fmt::format("no '{} section: an IOMeter configuration file has one", upper(needed)));
    return std::move(out_);
  }

 private:
  [[noreturn]] void fail(const Line& line, const std::string& key, const std::string& problem) {
    throw ThresholdError(SourceLocation{out_.path, line.number, line.number > 0 ? 1 : 0}, key,
                         problem);
  }

  std::string shown(std::string_view text) const {
    if (!out_.quotable) return std::string(kNotShown);
    std::string out;
    for (const char c : text.substr(0, 80))
      out += std::isprint(static_cast<unsigned char>(c)) != 0 ? c : '?';
    return fmt::format("\"{}\"{}", out, text.size() > 80 ? "..." : "");
  }
  std::string label_shown(const Record& r) const {
    return out_.quotable ? "'" + std::string(trim_blanks(r.line.text.substr(1))) : "a label";
  }
  static std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
  }

  void split_lines(std::string_view text) {
    int number = 0;
    while (!text.empty()) {
      const std::size_t at = text.find('\n');
      std::string_view line = text.substr(0, at);
      text.remove_prefix(at == std::string_view::npos ? text.size() : at + 1);
      ++number;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // Windows text mode
      if (line.size() > kMaxIcfLineBytes)
        fail(Line{line, number}, "",
             fmt::format("a line of {} bytes, expected at most {}", line.size(), kMaxIcfLineBytes));
      if (line.find('\0') != std::string_view::npos)
        fail(Line{line, number}, "", "a NUL byte: expected IOMeter's text format");
      lines_.push_back(Line{line, number});
    }
  }

  // The version line, then labels with their values, until the closing version line.
  void records() {
    std::size_t i = 0;
    while (i < lines_.size() && trim_blanks(lines_[i].text).empty()) ++i;
    if (i == lines_.size() || !trim_blanks(lines_[i].text).starts_with("Version "))
      fail(i == lines_.size() ? Line{{}, 0} : lines_[i], "",
           "expected \"Version ...\" on the first line: this is not an IOMeter configuration file");
    out_.version = std::string(trim_blanks(trim_blanks(lines_[i].text).substr(8)));
    for (++i; i < lines_.size(); ++i) {
      const Line& line = lines_[i];
      const std::string_view text = line.text;
      if (text.starts_with('\'')) {
        if (text.size() > 1 && std::isspace(static_cast<unsigned char>(text[1])) != 0)
          continue;  // a column heading, "'\thours minutes seconds"
        std::string_view label = trim_blanks(text.substr(1));
        while (!label.empty() && label.back() == '=') label.remove_suffix(1);
        records_.push_back(Record{lower(trim_blanks(label)), line, {}});
      } else if (trim_blanks(text).starts_with("Version ") && !text.starts_with('\t')) {
        for (++i; i < lines_.size(); ++i)
          if (!trim_blanks(lines_[i].text).empty())
            fail(lines_[i], "", "text after the closing \"Version\" line");
      } else if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])) != 0) {
        if (records_.empty()) {
          if (trim_blanks(text).empty()) continue;
          fail(line, "", "a value before the first label");
        }
        records_.back().values.push_back(line);
      } else {
        fail(line, "", "expected a label ('...) or a tab-indented value");
      }
    }
  }

  static std::string section_of(const std::string& label) {
    for (const char* s : {"test setup", "results display", "access specifications", "manager list"})
      if (label == s) return s;
    return {};
  }

  std::size_t section_end(std::size_t open, const std::string& section) {
    const std::string end = "end " + section;
    for (std::size_t i = open + 1; i < records_.size(); ++i) {
      if (records_[i].label == end) return i;
      if (!section_of(records_[i].label).empty()) break;
    }
    fail(records_[open].line, label_shown(records_[open]),
         fmt::format("no 'END {} label closes the section", section));
  }

  // The one value line a label must have.
  std::string_view single(const Record& r, bool may_be_empty = false) {
    if (r.values.size() != 1 || (!may_be_empty && trim_blanks(r.values[0].text).empty()))
      fail(r.line, label_shown(r),
           fmt::format("expected one value line under the label, got {}", r.values.size()));
    return trim_blanks(r.values[0].text);
  }

  std::uint64_t number(const Line& line, const std::string& key, std::string_view text) {
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
      fail(line, key, fmt::format("expected a whole number, got {}", shown(text)));
    return value;
  }

  template <typename T>
  IcfValue<T> at(const Record& r, T value) {
    return IcfValue<T>{
        std::move(value),
        SourceLocation{out_.path, r.values.empty() ? r.line.number : r.values[0].number, 1}};
  }

  void none(const Record& r) {
    if (!r.values.empty())
      fail(r.values.front(), label_shown(r), "expected no value under this label");
  }

  IcfCycling cycling(const Record& r, bool with_end) {
    const std::string_view text = single(r);
    const std::vector<std::string_view> w = words(text);
    const std::size_t want = with_end ? 4 : 3;
    if (w.size() != want)
      fail(r.values[0], label_shown(r),
           fmt::format("expected {} fields ({}step, step type), got {}", want,
                       with_end ? "start, end, " : "start, ", w.size()));
    IcfCycling c;
    c.start = number(r.values[0], label_shown(r), w[0]);
    if (with_end) c.end = number(r.values[0], label_shown(r), w[1]);
    c.step = number(r.values[0], label_shown(r), w[want - 2]);
    c.step_type = upper(w[want - 1]);
    if (c.step_type != "LINEAR" && c.step_type != "EXPONENTIAL")
      fail(r.values[0], label_shown(r),
           fmt::format("expected the step type LINEAR or EXPONENTIAL, got {}", shown(w[want - 1])));
    return c;
  }

  void test_setup(std::size_t from, std::size_t to) {
    IcfTestSetup& s = out_.setup;
    for (std::size_t i = from; i < to; ++i) {
      const Record& r = records_[i];
      const std::string key = label_shown(r);
      if (r.label == "test description") {
        s.description = at(r, std::string(single(r, true)));
      } else if (r.label == "run time") {
        const std::vector<std::string_view> w = words(single(r));
        if (w.size() != 3)
          fail(r.values[0], key,
               fmt::format("expected hours, minutes and seconds, got {} fields", w.size()));
        const std::uint64_t h = number(r.values[0], key, w[0]);
        const std::uint64_t m = number(r.values[0], key, w[1]);
        const std::uint64_t sec = number(r.values[0], key, w[2]);
        if (h > 24 * 365 || m > 60 * 24 * 365 || sec > 3600 * 24 * 365)
          fail(r.values[0], key, "expected a run time of at most a year");
        s.run_time_s = at(r, h * 3600 + m * 60 + sec);
      } else if (r.label == "ramp up time (s)") {
        const std::uint64_t ramp = number(r.values.empty() ? r.line : r.values[0], key, single(r));
        if (ramp > 3600 * 24) fail(r.values[0], key, "expected a ramp-up of at most a day");
        s.ramp_s = at(r, ramp);
      } else if (r.label == "default disk workers to spawn" ||
                 r.label == "default network workers to spawn") {
        single(r);  // what the GUI starts with (a count, or NUMBER_OF_CPUS): read past
      } else if (r.label == "record results") {
        single(r);  // which rows the result file gets: reporting only
      } else if (r.label == "worker cycling") {
        s.worker_cycling = at(r, cycling(r, false));
      } else if (r.label == "disk cycling") {
        s.disk_cycling = at(r, cycling(r, false));
      } else if (r.label == "queue depth cycling") {
        s.queue_cycling = at(r, cycling(r, true));
      } else if (r.label == "test type") {
        s.test_type = at(r, upper(single(r)));
      } else {
        fail(r.line, key, "not a label of IOMeter's 'TEST SETUP section");
      }
    }
  }

  void access_specs(std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) {
      const Record& r = records_[i];
      const std::string key = label_shown(r);
      if (r.label == "access specification name,default assignment") {
        const std::string_view text = single(r);
        const std::size_t comma = text.rfind(',');
        IcfAccessSpec spec;
        spec.name = std::string(trim_blanks(text.substr(0, comma)));
        spec.assignment =
            comma == std::string_view::npos ? "" : upper(trim_blanks(text.substr(comma + 1)));
        spec.where = SourceLocation{out_.path, r.values[0].number, 1};
        if (spec.name.empty()) fail(r.values[0], key, "expected the specification's name");
        if (out_.find_spec(spec.name) != nullptr)
          fail(r.values[0], key, fmt::format("a second specification named {}", shown(spec.name)));
        out_.specs.push_back(std::move(spec));
      } else if (r.label.starts_with("size,% of size,% reads,% random")) {
        if (out_.specs.empty() || !out_.specs.back().lines.empty())
          fail(r.line, key, "expected it under an 'Access specification name label");
        if (r.values.empty()) fail(r.line, key, "expected at least one line of eight fields");
        for (const Line& v : r.values) out_.specs.back().lines.push_back(spec_line(v, key));
      } else {
        fail(r.line, key, "not a label of IOMeter's 'ACCESS SPECIFICATIONS section");
      }
    }
    for (const IcfAccessSpec& spec : out_.specs)
      if (spec.lines.empty())
        fail(Line{{}, spec.where.line}, "", "the specification has no 'size,% of size... lines");
  }

  IcfSpecLine spec_line(const Line& v, const std::string& key) {
    const std::vector<std::string_view> f = split(trim_blanks(v.text), ',');
    if (f.size() != 8)
      fail(v, key,
           fmt::format("expected eight fields (size,% of size,% reads,% random,delay,burst,align,"
                       "reply), got {}",
                       f.size()));
    IcfSpecLine line;
    line.size = number(v, key, f[0]);
    line.of_size = static_cast<unsigned>(std::min<std::uint64_t>(number(v, key, f[1]), 1000));
    line.reads = static_cast<unsigned>(std::min<std::uint64_t>(number(v, key, f[2]), 1000));
    line.random = static_cast<unsigned>(std::min<std::uint64_t>(number(v, key, f[3]), 1000));
    line.delay = number(v, key, f[4]);
    line.burst = number(v, key, f[5]);
    line.align = number(v, key, f[6]);
    line.reply = number(v, key, f[7]);
    line.where = SourceLocation{out_.path, v.number, 1};
    const auto pct = [&](unsigned value, const char* what) {
      if (value > 100) fail(v, key, fmt::format("{} of {} is more than 100", what, value));
    };
    pct(line.of_size, "% of size");
    pct(line.reads, "% reads");
    pct(line.random, "% random");
    return line;
  }

  IcfManager& manager(const Record& r) {
    if (out_.managers.empty())
      fail(r.line, label_shown(r), "expected it after a 'Manager ID label");
    return out_.managers.back();
  }
  IcfWorker& worker(const Record& r) {
    IcfManager& m = manager(r);
    if (m.workers.empty()) fail(r.line, label_shown(r), "expected it after a 'Worker label");
    return m.workers.back();
  }

  void manager_list(std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) {
      const Record& r = records_[i];
      const std::string key = label_shown(r);
      const std::string& l = r.label;
      if (l == "manager id, manager name" || l == "manager id,manager name") {
        const std::string_view text = single(r);
        const std::size_t comma = text.find(',');
        IcfManager m;
        m.id = std::string(trim_blanks(text.substr(0, comma)));
        m.name =
            comma == std::string_view::npos ? "" : std::string(trim_blanks(text.substr(comma + 1)));
        m.where = SourceLocation{out_.path, r.values[0].number, 1};
        out_.managers.push_back(std::move(m));
      } else if (l == "manager network address" || l == "local network interface") {
        manager(r);  // where IOMeter reaches the machine: not a property of the test
      } else if (l == "worker") {
        IcfWorker w;
        w.name = std::string(single(r));
        w.where = SourceLocation{out_.path, r.values[0].number, 1};
        manager(r).workers.push_back(std::move(w));
      } else if (l == "worker type") {
        worker(r).type = upper(single(r));
      } else if (l.starts_with("number of outstanding ios")) {
        worker_settings(r, worker(r));
      } else if (l.starts_with("disk maximum size,starting sector")) {
        disk_settings(r, worker(r));
      } else if (l == "assigned access specs") {
        IcfWorker& w = worker(r);
        for (const Line& v : r.values)
          if (!trim_blanks(v.text).empty())
            w.specs.push_back(IcfValue<std::string>{std::string(trim_blanks(v.text)),
                                                    SourceLocation{out_.path, v.number, 1}});
      } else if (l == "target") {
        IcfTarget t;
        t.name = std::string(single(r));
        t.where = SourceLocation{out_.path, r.values[0].number, 1};
        worker(r).targets.push_back(std::move(t));
      } else if (l == "target type") {
        IcfWorker& w = worker(r);
        if (w.targets.empty()) fail(r.line, key, "expected it after a 'Target label");
        w.targets.back().type = upper(single(r));
      } else if (l == "default target settings for worker" ||
                 l == "end default target settings for worker" ||
                 l == "end assigned access specs" || l == "target assignments" ||
                 l == "end target" || l == "end target assignments" || l == "end worker" ||
                 l == "end manager") {
        none(r);
      } else {
        fail(r.line, key, "not a label of IOMeter's 'MANAGER LIST section");
      }
    }
  }

  // "outstanding IOs,test connection rate,transactions per connection[,use fixed seed,seed]"
  void worker_settings(const Record& r, IcfWorker& w) {
    const std::string key = label_shown(r);
    const std::vector<std::string_view> f = split(single(r), ',');
    if (f.size() < 3)
      fail(r.values[0], key, fmt::format("expected at least three fields, got {}", f.size()));
    w.outstanding_ios = at(r, number(r.values[0], key, f[0]));
    if (f.size() >= 5 && upper(f[3]) == "ENABLED")
      w.fixed_seed = at(r, number(r.values[0], key, f[4]));
  }

  // "maximum size,starting sector[,data pattern]"
  void disk_settings(const Record& r, IcfWorker& w) {
    const std::string key = label_shown(r);
    const std::vector<std::string_view> f = split(single(r), ',');
    if (f.size() < 2)
      fail(r.values[0], key, fmt::format("expected at least two fields, got {}", f.size()));
    w.max_disk_sectors = at(r, number(r.values[0], key, f[0]));
    w.starting_sector = at(r, number(r.values[0], key, f[1]));
    if (f.size() >= 3) w.data_pattern = at(r, number(r.values[0], key, f[2]));
  }

  IcfFile out_;
  std::vector<Line> lines_;
  std::vector<Record> records_;
};

}  // namespace

const IcfAccessSpec* IcfFile::find_spec(std::string_view name) const {
  for (const IcfAccessSpec& spec : specs)
    if (spec.name == name) return &spec;
  return nullptr;
}

IcfFile parse_icf_text(std::string_view text, const std::filesystem::path& path, bool quotable) {
  if (text.size() > kMaxIcfBytes)
    throw ThresholdError(
        SourceLocation{path, 0, 0}, "",
        fmt::format("{} bytes, expected an IOMeter configuration file of at most {}", text.size(),
                    kMaxIcfBytes));
  return Reader(text, path, quotable).read();
}

IcfFile read_icf_file(const std::filesystem::path& path) {
  InputText input;
  try {
    input = read_input_file(path, kMaxIcfBytes, "an IOMeter configuration file (.icf)");
  } catch (const FileReadError& e) {
    throw ThresholdError(SourceLocation{path, 0, 0}, "", e.problem());
  }
  return parse_icf_text(input.text, path, input.quotable);
}

}  // namespace iogate::iometer
