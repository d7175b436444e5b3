#include "check_section.hpp"

#include <cmath>
#include <map>

#include <fmt/format.h>

#include "expectation_keys.hpp"
#include "fio_job/job_mapping.hpp"
#include "impossible_bounds.hpp"
#include "repetition_keys.hpp"

namespace iogate::thresholds_detail {
namespace {

std::chrono::seconds timeout_value(const Section& s, const toml::node& n) {
  const Nanoseconds d = duration_value(s, n, "timeout");
  // ctest counts whole seconds; round up so that "1.5s" never becomes 1 s.
  const auto whole = std::chrono::ceil<std::chrono::seconds>(d);
  if (whole < std::chrono::seconds{1}) {
    s.fail(n, "timeout", fmt::format("expected a timeout of at least 1s, got {}", describe(n)));
  }
  return whole;
}

// A job's own floor (rate_min, rate_iops_min) is a bound, and a check naming a job file takes its
// bounds from [check.expect] alone: refused, rather than run without it.
void refuse_floors(const fio_job::FioJob& job) {
  if (job.floors.empty()) return;
  const fio_job::FioFloor& floor = job.floors.front();
  const fio_job::FioOption& o = floor.from.front();
  throw ThresholdError(o.where, fio_job::shown_name(o),
                       fmt::format("fio's floor for the job: a check naming a job file takes its "
                                   "bounds from [check.expect] alone; write {} = {} there, or "
                                   "`iogate import fio` the file, which does",
                                   floor.key, floor.value));
}

// A check whose workload is a fio job (fio_job = "jobs/seq.fio", relative to the threshold file,
// and fio_section when the job file holds several jobs): the job's options are the whole
// workload, [defaults] not applied (fio's defaults fill what the job leaves out). Mistakes in the
// job file are reported at its own line.
WorkloadSpec fio_workload(const std::filesystem::path& file, const Section& named,
                          const toml::table& table, const toml::node& job) {
  const std::filesystem::path given(string_value(named, job, "fio_job"));
  if (given.empty()) named.fail(job, "fio_job", "expected the path of a fio job file");
  const std::filesystem::path path = given.is_absolute() ? given : file.parent_path() / given;
  std::string section;
  if (const toml::node* n = table.get("fio_section")) {
    section = string_value(named, *n, "fio_section");
    if (section.empty()) named.fail(*n, "fio_section", "expected a job section's name");
  }
  fio_job::FioJobFile jobs;
  try {
    jobs = fio_job::read_job_file(path, fio_job::process_environment(), file);
  } catch (const ThresholdError& e) {
    if (e.where().line > 0) throw;
    named.fail(job, "fio_job", fmt::format("{}: {}", path.string(), e.problem()));
  }
  const toml::node* at = table.get("fio_section");
  fio_job::FioJob mapped =
      fio_job::map_job(jobs, section, location(file, (at ? *at : job).source()),
                       named.key(at ? "fio_section" : "fio_job"));
  refuse_floors(mapped);
  return std::move(mapped.workload);
}

Check read_check(const std::filesystem::path& file, const toml::table& table, std::size_t index,
                 const WorkloadFields& defaults, const RepetitionFields& suite,
                 std::size_t checks) {
  // The name first, so that every later error can say which check it is in.
  const Section unnamed{file, fmt::format("check[{}]", index), ""};
  const toml::node* name = table.get("name");
  if (name == nullptr) {
    reject_unknown_keys(unnamed, table, check_table());  // "nmae" is a better error than "no name"
    unnamed.fail(table, "name",
                 "missing required key: the check's name, an identifier like "
                 "\"seq_write_8k\"");
  }
  Check check;
  check.where = location(file, table.source());
  check.name = identifier_value(unnamed, *name, "name");
  if (check.name.size() > kMaxCheckNameLength) {
    unnamed.fail(*name, "name",
                 fmt::format("expected a name of at most {} characters (it names the files "
                             "<name>.dat and <name>.json on disk, {} bytes at most), got {}",
                             kMaxCheckNameLength, kMaxFileNameBytes, check.name.size()));
  }

  const Section named{file, fmt::format("check \"{}\"", check.name), ""};
  reject_unknown_keys(named, table, check_table());
  if (const toml::node* n = table.get("description"))
    check.description = string_value(named, *n, "description");

  const toml::table* workload = optional_table(named, table, "workload");
  if (const toml::node* job = table.get("fio_job")) {
    if (workload != nullptr) {
      named.fail(*workload, "workload",
                 "a check takes its workload from fio_job or from [check.workload], not both");
    }
    check.workload = fio_workload(file, named, table, *job);
  } else {
    if (const toml::node* n = table.get("fio_section"))
      named.fail(*n, "fio_section", "fio_section names a job of fio_job, which is missing");
    if (workload == nullptr) {
      named.fail(table, "workload",
                 "missing required table [check.workload] (or fio_job): what to run");
    }
    const WorkloadFields own =
        read_workload_fields(Section{file, named.owner, "workload"}, *workload);
    check.workload = resolve_workload(own, defaults, named, workload->source());
    check.file_size_implied = !own.file_size && !defaults.file_size;
  }

  const toml::table* expect = optional_table(named, table, "expect");
  if (expect == nullptr || expect->empty()) {
    named.fail(expect ? *expect : table, "expect",
               "a check needs at least one expectation in [check.expect], like iops_min or "
               "duration_max; a check that cannot fail is a defect");
  }
  ExpectTable expected = read_expectations(Section{file, named.owner, "expect"}, *expect);
  if (expected.settled && !check.workload.steady_state.enabled()) {
    named.fail(*expected.settled, "expect.settled",
               "requires a steady state, and the workload has no steady_state: give one, like "
               "steady_state = \"iops:10%\" with steady_window, or leave settled out");
  }
  if (expected.expectations.empty() && !expected.stall_max && !expected.settled) {
    named.fail(*expect, "expect",
               "cv_max alone cannot fail a check: add a bound like iops_min or duration_max");
  }
  check.expectations = std::move(expected.expectations);
  reject_impossible_bounds(Section{file, named.owner, "expect"}, *expect, check);
  check.cv_max = expected.cv_max;
  check.stall_max = expected.stall_max;
  check.require_settled = expected.settled.has_value();
  apply_repetition(read_repetition(named, table), named, table, suite, checks, check);

  if (const toml::node* n = table.get("timeout")) {
    check.timeout = timeout_value(named, *n);
  } else {
    check.timeout = derive_check_timeout(check);
    check.timeout_derived = true;
  }
  return check;
}

}  // namespace

std::vector<Check> read_checks(const std::filesystem::path& file, const toml::table& doc,
                               const WorkloadFields& defaults, const RepetitionFields& suite) {
  const Section top{file, "", ""};
  const toml::node* node = doc.get("check");
  if (node == nullptr) {
    top.fail(document_start(), "check",
             "a suite needs at least one [[check]] table: a suite that cannot fail is a defect");
  }
  const toml::array* array = node->as_array();
  if (array == nullptr || !array->is_array_of_tables()) {
    top.fail(
        *node, "check",
        fmt::format("expected [[check]] tables (an array of tables), got {}", describe(*node)));
  }

  std::vector<Check> checks;
  std::map<std::string, int, std::less<>> first_line;  // check name -> line it is defined on
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::table& table = *array->get(i)->as_table();
    Check check = read_check(file, table, i + 1, defaults, suite, array->size());
    const toml::node& name = *table.get("name");
    const auto [seen, inserted] = first_line.emplace(check.name, name.source().begin.line);
    if (!inserted) {
      const Section named{file, fmt::format("check \"{}\"", check.name), ""};
      named.fail(name, "name",
                 fmt::format("duplicate check name; the first check named \"{}\" is on line {}",
                             check.name, seen->second));
    }
    checks.push_back(std::move(check));
  }
  return checks;
}

}  // namespace iogate::thresholds_detail
