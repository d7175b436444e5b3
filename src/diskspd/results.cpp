// DiskSpd's XML results as figures (results.hpp).
#include "results.hpp"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "common/text_trim.hpp"
#include "xml_reader.hpp"

namespace iogate::diskspd {
namespace {

class ResultReader {
 public:
  explicit ResultReader(const std::filesystem::path& path) : path_(path) {}

  DiskspdResults read(const XmlInput& input) {
    const XmlElement& root = *input.root;
    if (root.name != "Results")
      refuse(
          root, "",
          fmt::format("the root element is {}, expected DiskSpd's <Results>", input.shown(root)));
    DiskspdResults out;
    for (const auto& c : root.children) {
      if (c->name == "System") {
        if (const XmlElement* name = child(*c, "ComputerName")) out.computer = trimmed(*name);
        if (const XmlElement* tool = child(*c, "Tool"))
          if (const XmlElement* v = child(*tool, "Version")) out.version = trimmed(*v);
      } else if (c->name == "TimeSpan") {
        out.spans.push_back(span(*c, out.spans.size() + 1));
      }
    }
    if (out.spans.empty()) refuse(root, "<Results>", "no <TimeSpan>: DiskSpd measured nothing");
    return out;
  }

 private:
  [[noreturn]] void refuse(const XmlElement& e, const std::string& key,
                           const std::string& problem) const {
    throw ThresholdError(SourceLocation{path_, e.line, 1}, key, problem);
  }
  static const XmlElement* child(const XmlElement& e, std::string_view name) {
    for (const auto& c : e.children)
      if (c->name == name) return c.get();
    return nullptr;
  }
  // An element's text without its blanks, cut to what a name, a version or a number may need.
  static std::string trimmed(const XmlElement& e) {
    return std::string(trim_blanks(e.text).substr(0, 256));
  }
  std::uint64_t count(const XmlElement& e) const {
    const std::string text = trimmed(e);
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
      refuse(e, "<" + e.name + ">", "expected a whole number");
    return value;
  }
  double decimal(const XmlElement& e) const {
    const std::string text = trimmed(e);
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
        !std::isfinite(value) || value < 0)
      refuse(e, "<" + e.name + ">", "expected a number of 0 or more");
    return value;
  }

  TimeSpanFigures span(const XmlElement& s, std::size_t index) {
    TimeSpanFigures f;
    f.check_name = fmt::format("timespan_{}", index);
    f.where = SourceLocation{path_, s.line, 1};
    const XmlElement* time = child(s, "TestTimeSeconds");
    if (time == nullptr) refuse(s, "<TimeSpan>", "no <TestTimeSeconds>");
    f.seconds = decimal(*time);
    if (f.seconds <= 0) refuse(*time, "<TestTimeSeconds>", "expected a test time above 0");
    for (const auto& thread : s.children) {
      if (thread->name != "Thread") continue;
      for (const auto& target : thread->children) {
        if (target->name != "Target") continue;
        const auto add = [&](const char* name, std::uint64_t& sum) {
          if (const XmlElement* e = child(*target, name)) sum += count(*e);
        };
        add("ReadCount", f.read_ios);
        add("WriteCount", f.write_ios);
        add("ReadBytes", f.read_bytes);
        add("WriteBytes", f.write_bytes);
      }
    }
    if (f.read_ios + f.write_ios == 0)
      refuse(s, "<TimeSpan>", "no I/O in its <Thread><Target> counts");
    if (const XmlElement* latency = child(s, "Latency")) {
      if (const XmlElement* avg = child(*latency, "AverageTotalMilliseconds"))
        f.latency_avg_ms = decimal(*avg);
      for (const auto& bucket : latency->children) {
        if (bucket->name != "Bucket") continue;
        const XmlElement* pct = child(*bucket, "Percentile");
        const XmlElement* total = child(*bucket, "TotalMilliseconds");
        if (pct == nullptr || total == nullptr) continue;  // a direction with no I/O
        const double p = decimal(*pct);
        if (p > 100) refuse(*pct, "<Percentile>", "expected a percentile of 0 to 100");
        f.latency_percentiles_ms.emplace_back(p, decimal(*total));
      }
    }
    return f;
  }

  const std::filesystem::path& path_;
};

}  // namespace

constexpr const char* kResults = "DiskSpd results (XML, -Rxml)";

DiskspdResults parse_results_text(std::string_view text, const std::filesystem::path& path) {
  return ResultReader(path).read(parse_xml_input(text, path, kResults));
}

DiskspdResults read_results(const std::filesystem::path& path) {
  return ResultReader(path).read(read_xml_input(path, kResults));
}

}  // namespace iogate::diskspd
