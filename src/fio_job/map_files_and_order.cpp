// overwrite, filename, directory, stonewall and wait_for: the job's file and where it runs among
// the file's jobs (job_mapper.hpp).
#include <algorithm>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "job_mapper.hpp"

namespace iogate::fio_job::detail {
namespace {

// fio's wait_for: the job starts once every worker of the job named is done. fio refuses a job
// naming itself, no job defined before it, or a name two earlier jobs share (init.c
// wait_for_ok); checks run one at a time in file order, so the one named has run before.
// The index of the job waited for, if any.
std::optional<std::size_t> waits_for(JobMapper& job) {
  const FioOption* o = job.last("wait_for");
  if (o == nullptr) return std::nullopt;
  const std::string name = value_of(*o);
  if (name == job.out.section || name == job.names()[job.index()])
    refuse(*o, "a job cannot wait for itself, in fio either");
  std::vector<std::size_t> before;
  for (std::size_t i = 0; i < job.index(); ++i)
    if (job.names()[i] == name) before.push_back(i);
  if (before.empty()) {
    if (std::find(job.names().begin(), job.names().end(), name) == job.names().end())
      refuse(*o, fmt::format("no job is named \"{}\" (fio refuses the file too)", name));
    refuse(*o, fmt::format("the job named \"{}\" comes later in the file: fio waits only for a "
                           "job defined before this one, and checks run in file order",
                           name));
  }
  if (before.size() > 1)
    refuse(*o, fmt::format("{} jobs before this one are named \"{}\": fio refuses a wait_for "
                           "that could mean either",
                           before.size(), name));
  job.note(*o, fmt::format("fio starts this job once every worker of the job "
                           "named \"{}\" is done; iogate runs each check on its "
                           "own, in file order, so that one runs before",
                           name));
  return before.front();
}

}  // namespace

void map_files_and_order(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  w.layout = job.rw.reads ? FileLayout::written : FileLayout::preallocated;
  if (const FioOption* o = job.last("overwrite")) {
    if (parsed(*o, [&] { return fio_bool(o->value); })) w.layout = FileLayout::written;
    job.source("layout", o);
  }
  if (w.kind == WorkloadKind::integrity) w.layout = FileLayout::preallocated;
  job.source("layout", job.last("rw"));
  for (const char* n : {"filename", "directory"}) {
    const FioOption* o = job.last(n);
    if (o == nullptr) continue;
    const std::string v = value_of(*o);
    if (std::string(n) == "filename" && v.find(':') != std::string::npos &&
        v.find("\\:") == std::string::npos)
      refuse(*o, "several files (fio's ':' list): iogate runs one file per check");
    job.note(*o,
             "never used as given: iogate makes its own file in the "
             "datastore's scratch area");
  }
  bool waits = false;
  if (const FioOption* o = job.last("stonewall"))
    waits = parsed(*o, [&] { return fio_set(o->value); });
  const std::optional<std::size_t> waitee = waits_for(job);
  if (waitee && *waitee + 1 == job.index()) waits = true;  // it waits for the one before
  if (job.index() > 0 && !waits) {
    job.note_on_section(
        "fio runs this job at the same time as the one before it (no stonewall); iogate runs "
        "each check on its own");
  }
}

}  // namespace iogate::fio_job::detail
