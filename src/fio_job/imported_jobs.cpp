// fio's jobs as imported checks, and the threshold file of them (imported_jobs.hpp).
#include "imported_jobs.hpp"

#include <fmt/format.h>

#include "common/toml_text.hpp"
#include "import/notes.hpp"
#include "import/threshold_text.hpp"

namespace iogate::fio_job {
namespace {

std::vector<std::string> shown_lines(const std::vector<FioOption>& options) {
  std::vector<std::string> lines;
  for (const FioOption& o : options)
    lines.push_back(fmt::format("{}: {}", import_core::place_text(o.where), shown_text(o)));
  return lines;
}

}  // namespace

import_core::ImportedCheck imported_check(const FioJob& job) {
  import_core::ImportedCheck check;
  check.origin = fmt::format("fio job [{}]", job.section);
  check.check_name = job.check_name;
  check.description = job.description;
  check.where = job.where;
  check.workload = job.workload;
  for (const auto& [key, from] : job.sources) check.sources[key] = shown_lines(from);
  check.notes = job.notes;
  for (const FioFloor& floor : job.floors)
    check.own_bounds.push_back({floor.key, floor.value, shown_lines(floor.from), "fio's floor"});
  return check;
}

std::string threshold_text(const FioJobFile& file, const std::vector<FioJob>& jobs,
                           const import_core::ImportRequest& request) {
  import_core::ImportedFile out;
  out.header = fmt::format(
      "Imported from the fio job file {} by `iogate import fio`.\n"
      "Each workload key follows the fio lines it came from; \"fio's default\" marks a key\n"
      "the job left to fio (fio's defaults are written out: they are not iogate's).\n"
      "filename= and directory= are never used: iogate makes its own file in the\n"
      "datastore's scratch area. The expectations are the ones given to the import.",
      toml_text::comment_text(file.path.string()));  // one line, whatever the path holds
  out.description = fmt::format("fio job file {}", file.path.filename().string());
  out.default_source = "fio's default";
  std::vector<import_core::ImportedCheck> checks;
  for (const FioJob& job : jobs) checks.push_back(imported_check(job));
  return import_core::threshold_text(out, checks, request);
}

}  // namespace iogate::fio_job
