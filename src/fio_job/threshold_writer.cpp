// The threshold file written by `iogate import fio` (threshold_writer.hpp).
#include "iogate/fio_job/threshold_writer.hpp"

#include <set>

#include <fmt/format.h>

#include "iogate/engine/workload_toml.hpp"
#include "iogate/toml_text.hpp"

namespace iogate::fio_job {
namespace {

using toml_text::comment_text;
using toml_text::toml_string;

class Writer {
 public:
  explicit Writer(const FioJob& job) : job_(job) {}

  void key(const std::string& name, const std::string& value) {
    const auto it = job_.sources.find(name);
    if (it != job_.sources.end()) {
      for (const FioOption& o : it->second)
        out += fmt::format("# {}:{}: {}\n", o.where.file.string(), o.where.line,
                           comment_text(shown_text(o)));
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
    for (const std::string& note : job.notes)
      out += fmt::format("# note: {}\n", comment_text(note));
    out += "[[check]]\n";
    out += fmt::format("name = {}\n", toml_string(name));
    if (!job.description.empty())
      out += fmt::format("description = {}\n", toml_string(job.description));
    out += "\n[check.workload]\n";
    write_workload(job, out);
    out += "\n[check.expect]\n";
    for (const auto& [key, value] : request.expect)
      out += fmt::format("{} = {}\n", key, toml_text::given_value(value));
  }
  return out;
}

}  // namespace iogate::fio_job
