// fio job sections -> WorkloadSpec (job_mapping.hpp states the mapping): each job through the
// parts of job_mapper.hpp in order, then the engine's rules on the whole workload.
#include "job_mapping.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engine/workload_toml.hpp"
#include "import/check_name.hpp"
#include "iogate/engine/workload_rules.hpp"
#include "job_mapper.hpp"

namespace iogate::fio_job {
namespace {

using detail::JobMapper;

// name= or the section's, as an identifier; a note where that changed it.
void name_the_check(JobMapper& job) {
  const FioOption* name = job.last("name");
  job.out.check_name = import_core::identifier_of(name ? detail::value_of(*name) : job.out.section);
  if (job.out.check_name != (name ? *name->value : job.out.section))
    job.note_on_section(
        fmt::format("the check is named {} (letters, digits, _)", job.out.check_name));
  if (const FioOption* o = job.last("description")) job.out.description = detail::value_of(*o);
}

// The engine's rules on the whole spec, reported at the fio line that set the value.
void check_rules(const FioJob& job) {
  const std::optional<WorkloadProblem> problem = find_workload_problem(job.workload);
  if (!problem) return;
  const std::string key(workload_key(problem->field));
  const auto it = job.sources.find(key);
  if (it != job.sources.end() && !it->second.empty())
    detail::refuse(it->second.front(), problem->expected);
  throw ThresholdError(job.where, key, problem->expected);
}

FioJob map_one(const FioJobOptions& options, const std::vector<std::string>& names) {
  JobMapper job(options, names);
  name_the_check(job);
  detail::map_direction(job);
  detail::map_block_sizes(job);
  detail::map_block_align(job);
  detail::map_queue(job);
  detail::map_sizes_and_times(job);
  detail::map_steady_state(job);
  detail::map_engine_and_flush(job);
  detail::map_verify(job);
  detail::map_rates(job);
  detail::map_rate_process(job);
  detail::map_priorities(job);
  detail::map_submit_mode(job);
  detail::map_think_time(job);
  detail::map_floors(job);
  detail::map_random_generator(job);
  detail::map_files_and_order(job);
  check_rules(job.out);
  return std::move(job.out);
}

// The name fio knows each job by (its o.name, what wait_for names): the job's last name=, else
// its section's.
std::vector<std::string> fio_names(const std::vector<FioJobOptions>& jobs) {
  std::vector<std::string> names;
  for (const FioJobOptions& job : jobs) {
    std::string name = job.section->name;
    for (const FioOption* o : job.options)
      if (o->name == "name" && o->value) name = *o->value;
    names.push_back(std::move(name));
  }
  return names;
}

}  // namespace

std::vector<FioJob> map_jobs(const FioJobFile& file) {
  const std::vector<FioJobOptions> all = jobs_of(file);
  const std::vector<std::string> names = fio_names(all);
  std::vector<FioJob> jobs;
  for (const FioJobOptions& job : all) jobs.push_back(map_one(job, names));
  if (jobs.empty()) {
    throw ThresholdError(SourceLocation{file.path, 0, 0}, "",
                         "no job section: only [global] ones, so fio would run nothing");
  }
  return jobs;
}

FioJob map_job(const FioJobFile& file, const std::string& section, const SourceLocation& asked,
               const std::string& key) {
  const std::vector<FioJobOptions> jobs = jobs_of(file);
  const std::vector<std::string> known_as = fio_names(jobs);
  std::vector<std::string> names;
  for (const FioJobOptions& j : jobs) names.push_back(j.section->name);
  if (section.empty()) {
    if (jobs.size() == 1) return map_one(jobs.front(), known_as);
    throw ThresholdError(asked, key,
                         fmt::format("{} holds {} jobs ({}): name one", file.path.string(),
                                     jobs.size(), fmt::join(names, ", ")));
  }
  for (const FioJobOptions& j : jobs)
    if (j.section->name == section) return map_one(j, known_as);
  throw ThresholdError(
      asked, key,
      fmt::format("{} has no job section [{}]; its jobs: {}", file.path.string(), section,
                  names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
}

}  // namespace iogate::fio_job
