// The threshold file written by `iogate import fio` (threshold_writer.hpp).
#include "iogate/fio_job/threshold_writer.hpp"

#include <charconv>
#include <set>

#include <fmt/format.h>

namespace iogate::fio_job {
namespace {

// A TOML basic string.
std::string toml_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u == 0x7f) {
      out += fmt::format("\\u{:04x}", u);
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// A comment's text: TOML allows no control characters there but tab.
std::string comment_text(const std::string& s) {
  std::string out;
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    out += (u < 0x20 && c != '\t') || u == 0x7f ? '?' : c;
  }
  return out;
}

bool is_number(const std::string& s) {
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size() && !s.empty() &&
         s.find_first_of("eEnN") == std::string::npos;  // no "nan", "inf", exponents
}

std::string duration_text(std::chrono::nanoseconds d) {
  const auto n = d.count();
  if (n % 1'000'000'000 == 0) return fmt::format("\"{}s\"", n / 1'000'000'000);
  if (n % 1'000'000 == 0) return fmt::format("\"{}ms\"", n / 1'000'000);
  if (n % 1'000 == 0) return fmt::format("\"{}us\"", n / 1'000);
  return fmt::format("\"{}ns\"", n);
}

std::string pct_text(double v) { return fmt::format("\"{}%\"", v); }

class Writer {
 public:
  explicit Writer(const FioJob& job) : job_(job) {}

  void key(const std::string& name, const std::string& value) {
    const auto it = job_.sources.find(name);
    if (it != job_.sources.end()) {
      for (const FioOption& o : it->second)
        out +=
            fmt::format("# {}:{}: {}\n", o.where.file.string(), o.where.line, comment_text(o.text));
    } else {
      out += "# fio's default\n";
    }
    out += fmt::format("{} = {}\n", name, value);
  }

  std::string out;

 private:
  const FioJob& job_;
};

void write_workload(const FioJob& job, std::string& out) {
  const WorkloadSpec& w = job.workload;
  Writer k(job);
  k.key("block_size", std::to_string(w.block_size));
  k.key("read", pct_text(w.read_pct));
  k.key("random", pct_text(w.random_pct));
  k.key("queue_depth", std::to_string(w.queue_depth));
  k.key("workers", std::to_string(w.workers));
  k.key("file_size", std::to_string(w.file_size));
  if (w.io_size > 0) k.key("size", std::to_string(w.io_size));
  if (w.duration.count() > 0) k.key("duration", duration_text(w.duration));
  if (w.ramp.count() > 0) k.key("ramp", duration_text(w.ramp));
  k.key("direct", w.direct ? "true" : "false");
  k.key("flush", w.flush == FlushPolicy::end ? "\"end\"" : "\"none\"");
  k.key("engine", toml_string(w.engine));
  k.key("layout", toml_string(layout_name(w.layout)));
  if (w.kind == WorkloadKind::integrity) k.key("kind", "\"integrity\"");
  if (w.verify && w.kind != WorkloadKind::integrity) k.key("verify", "true");
  if (w.rate_iops > 0) k.key("rate_iops", fmt::format("{}", w.rate_iops));
  if (w.rate_mbps > 0) k.key("rate_mbps", fmt::format("{}", w.rate_mbps));
  out += k.out;
}

}  // namespace

std::string threshold_text(const FioJobFile& file, const std::vector<FioJob>& jobs,
                           const ImportRequest& request) {
  std::string out;
  out += fmt::format("# Imported from the fio job file {} by `iogate import fio`.\n",
                     comment_text(file.path.string()));
  out +=
      "# Each workload key follows the fio lines it came from; \"fio's default\" marks a key\n"
      "# the job left to fio (fio's defaults are written out: they are not iogate's).\n"
      "# filename= and directory= are never used: iogate makes its own file in the\n"
      "# datastore's scratch area. The expectations are the ones given to the import.\n\n";
  out += "[suite]\n";
  out += fmt::format("name = {}\n", toml_string(request.suite));
  out += fmt::format("description = {}\n",
                     toml_string(fmt::format("fio job file {}", file.path.filename().string())));

  std::set<std::string> names;
  for (const FioJob& job : jobs) {
    if (!job.workload.block_mix.empty()) {
      const FioOption& at = job.sources.at("block_size").front();
      throw ThresholdError(at.where, at.name,
                           "a block-size mix cannot be written in a threshold file yet; name "
                           "the job file in a check instead (fio_job = \"...\", fio_section = "
                           "\"" +
                               job.section + "\")");
    }
    std::string name = job.check_name;
    for (int n = 2; !names.insert(name).second; ++n) name = fmt::format("{}_{}", job.check_name, n);
    out += fmt::format("\n# fio job [{}] at {}:{}\n", comment_text(job.section),
                       comment_text(job.where.file.string()), job.where.line);
    for (const std::string& note : job.notes)
      out += fmt::format("# note: {}\n", comment_text(note));
    out += "[[check]]\n";
    out += fmt::format("name = {}\n", toml_string(name));
    if (!job.description.empty()) out += fmt::format("description = {}\n", toml_string(job.description));
    out += "\n[check.workload]\n";
    write_workload(job, out);
    out += "\n[check.expect]\n";
    for (const auto& [key, value] : request.expect)
      out += fmt::format("{} = {}\n", key, is_number(value) ? value : toml_string(value));
  }
  return out;
}

}  // namespace iogate::fio_job
