// The threshold file written by `iogate import fio` (threshold_writer.hpp).
#include "iogate/fio_job/threshold_writer.hpp"

#include <algorithm>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "iogate/engine/workload_toml.hpp"
#include "iogate/toml_text.hpp"

namespace iogate::fio_job {
namespace {

using toml_text::comment_text;
using toml_text::toml_string;

void write_sources(const std::vector<FioOption>& from, std::string& out) {
  for (const FioOption& o : from)
    out += fmt::format("# {}:{}: {}\n", o.where.file.string(), o.where.line,
                       comment_text(shown_text(o)));
}

class Writer {
 public:
  explicit Writer(const FioJob& job) : job_(job) {}

  void key(const std::string& name, const std::string& value) {
    const auto it = job_.sources.find(name);
    if (it != job_.sources.end()) {
      write_sources(it->second, out);
    } else {
      out += "# fio's default\n";
    }
    out += fmt::format("{} = {}\n", name, value);
  }

  std::string out;

 private:
  const FioJob& job_;
};

// One [check.expect] line: a key, its TOML value, and the fio lines it came from (none: given).
struct ExpectLine {
  std::string key;
  std::string value;
  std::vector<FioOption> from;
};

// The check's bounds: the given ones and the job's own floors (rate_min ...). A key in both keeps
// the stricter, the higher, with a note; a given value that is no plain number ("90% of
// baseline") cannot be weighed against a floor, so it is kept and the floor left out, noted.
std::vector<ExpectLine> expectations(const FioJob& job, const ImportRequest& request,
                                     std::vector<std::string>& notes) {
  std::vector<ExpectLine> lines;
  for (const auto& [key, value] : request.expect)
    lines.push_back({key, toml_text::given_value(value), {}});
  for (const FioFloor& floor : job.floors) {
    const std::string fio_value = toml_text::number_value(floor.value);
    const auto given = std::find_if(request.expect.begin(), request.expect.end(),
                                    [&](const auto& e) { return e.first == floor.key; });
    if (given == request.expect.end()) {
      lines.push_back({floor.key, fio_value, floor.from});
      continue;
    }
    const std::optional<double> number = toml_text::plain_number(given->second);
    ExpectLine& line = lines[static_cast<std::size_t>(given - request.expect.begin())];
    if (!number) {
      notes.push_back(
          fmt::format("{}: the given \"{}\" is kept; fio's floor, {}, cannot be "
                      "weighed against it and is left out",
                      floor.key, given->second, fio_value));
    } else if (*number >= floor.value) {
      notes.push_back(fmt::format("{}: the given {} is kept, stricter than fio's floor, {}",
                                  floor.key, given->second, fio_value));
    } else {
      notes.push_back(fmt::format("{}: fio's floor, {}, is kept, stricter than the given {}",
                                  floor.key, fio_value, given->second));
      line = {floor.key, fio_value, floor.from};
    }
  }
  return lines;
}

void write_workload(const FioJob& job, std::string& out) {
  Writer k(job);
  for (const WorkloadKey& key : workload_toml_keys(job.workload)) k.key(key.key, key.value);
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
    std::string name = job.check_name;
    for (int n = 2; !names.insert(name).second; ++n) name = fmt::format("{}_{}", job.check_name, n);
    out += fmt::format("\n# fio job [{}] at {}:{}\n", comment_text(job.section),
                       comment_text(job.where.file.string()), job.where.line);
    std::vector<std::string> notes = job.notes;
    const std::vector<ExpectLine> expect = expectations(job, request, notes);
    for (const std::string& note : notes) out += fmt::format("# note: {}\n", comment_text(note));
    out += "[[check]]\n";
    out += fmt::format("name = {}\n", toml_string(name));
    if (!job.description.empty())
      out += fmt::format("description = {}\n", toml_string(job.description));
    out += "\n[check.workload]\n";
    write_workload(job, out);
    out += "\n[check.expect]\n";
    for (const ExpectLine& line : expect) {
      write_sources(line.from, out);
      out += fmt::format("{} = {}\n", line.key, line.value);
    }
  }
  return out;
}

}  // namespace iogate::fio_job
