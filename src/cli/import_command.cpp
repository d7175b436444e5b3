// iogate import fio JOB.fio [--section NAME] [-o OUT.toml] --expect KEY=VALUE...: the threshold
// file equivalent to a fio job file (include/iogate/fio_job/threshold_writer.hpp). The text is
// linted before anything is written, and written whole or not at all.
#include <iostream>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "commands.hpp"
#include "iogate/fio_job/threshold_writer.hpp"
#include "iogate/output_file.hpp"

namespace iogate::cli {
namespace {

struct ImportArgs {
  std::string job;
  std::string section;
  std::string output;
  std::string suite;
  std::vector<std::string> expect;
  bool force = false;
};

int run_import(const ImportArgs& args) {
  fio_job::ImportRequest request;
  for (const std::string& e : args.expect) {
    const std::size_t eq = e.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == e.size()) {
      std::cerr << fmt::format(
          "iogate import: --expect {}: expected KEY=VALUE, like "
          "iops_min=300 or \"iops_min=90% of baseline\"\n",
          e);
      return kExitBadInput;
    }
    request.expect.emplace_back(e.substr(0, eq), e.substr(eq + 1));
  }
  const std::filesystem::path job_path(args.job);
  try {
    const fio_job::FioJobFile file =
        fio_job::read_job_file(job_path, fio_job::process_environment());
    std::vector<fio_job::FioJob> jobs;
    if (args.section.empty()) {
      jobs = fio_job::map_jobs(file);
    } else {
      jobs.push_back(
          fio_job::map_job(file, args.section, SourceLocation{job_path, 0, 0}, "--section"));
    }
    if (request.expect.empty()) {
      std::cerr << "iogate import: give the checks an expectation, --expect KEY=VALUE (like "
                   "--expect iops_min=300, or --expect \"iops_min=90% of baseline\" with a "
                   "baseline): a fio job file says what to run, not what the storage must "
                   "reach, and a check that cannot fail is a defect. Nothing written.\n";
      return kExitBadInput;
    }
    request.suite =
        fio_job::identifier_of(args.suite.empty() ? job_path.stem().string() : args.suite);
    const std::string text = fio_job::threshold_text(file, jobs, request);
    const std::filesystem::path target = args.output.empty() ? "<stdout>" : args.output;
    try {
      parse_threshold_text(text, target);
    } catch (const ThresholdError& e) {
      std::cerr << "iogate import: the threshold file would not lint, nothing written: " << e.what()
                << '\n';
      return kExitBadInput;
    }
    std::size_t notes = 0;
    for (const fio_job::FioJob& j : jobs) notes += j.notes.size();
    if (args.output.empty()) {
      std::cout << text;
    } else {
      write_output_text(target, text, args.force ? IfExists::replace : IfExists::refuse);
    }
    std::cerr << fmt::format("iogate import: {} checks from {}{}{}\n", jobs.size(),
                             job_path.string(), args.output.empty() ? "" : " into " + args.output,
                             notes == 0 ? "" : fmt::format(" ({} notes, as comments)", notes));
    return kExitOk;
  } catch (const ThresholdError& e) {
    std::cerr << e.what() << '\n';
    return kExitBadInput;
  } catch (const std::exception& e) {  // the output could not be written; nothing was
    std::cerr << "iogate import: " << e.what() << "; nothing written\n";
    return kExitBadInput;
  }
}

}  // namespace

void add_import_command(CLI::App& app, int& exit_code) {
  CLI::App* sub = app.add_subcommand("import", "Write a threshold file from another tool's jobs");
  sub->require_subcommand(1);
  auto args = std::make_shared<ImportArgs>();
  CLI::App* fio =
      sub->add_subcommand("fio", "A threshold file from a fio job file: one check per job section");
  fio->add_option("job", args->job, "The fio job file")->required();
  fio->add_option("--section", args->section, "Only this job section");
  fio->add_option("-o,--output", args->output, "The threshold file to write (default: stdout)");
  fio->add_flag("--force", args->force, "Replace the output file if it exists");
  fio->add_option("--suite", args->suite, "The suite's name (default: the job file's name)");
  fio->add_option("--expect", args->expect,
                  "KEY=VALUE for every check's [check.expect], e.g. iops_min=300; required")
      ->allow_extra_args(false);
  fio->callback([args, &exit_code] { exit_code = run_import(*args); });
}

}  // namespace iogate::cli
