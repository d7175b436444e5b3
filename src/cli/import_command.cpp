// iogate import fio JOB.fio [--section NAME] | iogate import iometer CONFIG.icf [--file-size SIZE]
// | iogate import diskspd PROFILE.xml|LINES.cmd [--file-size SIZE], with [-o OUT.toml] --expect
// KEY=VALUE...: the threshold file equivalent to another tool's jobs
// (src/fio_job/imported_jobs.hpp, src/iometer/icf_threshold_writer.hpp,
// src/diskspd/profile.hpp), all written by the import core's one writer
// (src/import/threshold_text.hpp). The text is linted before anything is written, and
// written whole or not at all.
#include <functional>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "commands.hpp"
#include "common/display_text.hpp"
#include "diskspd/profile.hpp"
#include "fio_job/imported_jobs.hpp"
#include "import/check_name.hpp"
#include "iogate/common/output_file.hpp"
#include "iogate/common/units.hpp"
#include "iometer/icf_threshold_writer.hpp"
#include "output_flag.hpp"

namespace iogate::cli {
namespace {

struct ImportArgs {
  std::string input;
  std::string section;    // fio
  std::string file_size;  // iometer, diskspd
  std::string output;
  std::string suite;
  std::vector<std::string> expect;
  bool force = false;
};

// The threshold file made from the other tool's file, and what to say about it.
struct Imported {
  std::string text;
  std::size_t checks = 0;
  std::size_t notes = 0;
};

// Reads the tool's file and writes the threshold text for `request`; mistakes in the file are
// ThresholdErrors at their line.
using Converter = std::function<Imported(const import_core::ImportRequest&)>;

int run_import(const ImportArgs& args, const char* why_no_expect, const Converter& convert) {
  import_core::ImportRequest request;
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
  const std::filesystem::path input(args.input);
  request.suite =
      import_core::identifier_of(args.suite.empty() ? input.stem().string() : args.suite);
  try {
    const Imported imported = convert(request);
    if (request.expect.empty()) {
      std::cerr << "iogate import: give the checks an expectation, --expect KEY=VALUE (like "
                   "--expect iops_min=300, or --expect \"iops_min=90% of baseline\" with a "
                   "baseline): "
                << why_no_expect
                << ", and a check that cannot fail is a defect. Nothing written.\n";
      return kExitBadInput;
    }
    const std::filesystem::path target = args.output.empty() ? "<stdout>" : args.output;
    try {
      parse_threshold_text(imported.text, target);
    } catch (const ThresholdError& e) {
      std::cerr << "iogate import: the threshold file would not lint, nothing written: " << e.what()
                << '\n';
      return kExitBadInput;
    }
    if (args.output.empty()) {
      std::cout << imported.text;
    } else {
      require_distinct_paths({target}, {input});
      write_output_text(target, imported.text, args.force ? IfExists::replace : IfExists::refuse);
    }
    std::cerr << fmt::format(
        "iogate import: {} from {}{}{}\n", counted(imported.checks, "check"), input.string(),
        args.output.empty() ? "" : " into " + args.output,
        imported.notes == 0 ? ""
                            : fmt::format(" ({}, as comments)", counted(imported.notes, "note")));
    return kExitOk;
  } catch (const ThresholdError& e) {
    std::cerr << e.what() << '\n';
    return kExitBadInput;
  } catch (const std::exception& e) {  // the output could not be written; nothing was
    std::cerr << "iogate import: " << e.what() << "; nothing written\n";
    return kExitBadInput;
  }
}

Imported import_fio(const ImportArgs& args, const import_core::ImportRequest& request) {
  const std::filesystem::path job_path(args.input);
  const fio_job::FioJobFile file = fio_job::read_job_file(job_path, fio_job::process_environment());
  std::vector<fio_job::FioJob> jobs;
  if (args.section.empty()) {
    jobs = fio_job::map_jobs(file);
  } else {
    jobs.push_back(
        fio_job::map_job(file, args.section, SourceLocation{job_path, 0, 0}, "--section"));
  }
  Imported out;
  out.text = fio_job::threshold_text(file, jobs, request);
  out.checks = jobs.size();
  for (const fio_job::FioJob& j : jobs) out.notes += j.notes.size();
  return out;
}

// --file-size, for a file that leaves the test file's size to the disk or an existing file.
std::optional<std::uint64_t> file_size_flag(const ImportArgs& args) {
  if (args.file_size.empty()) return std::nullopt;
  try {
    return parse_size(args.file_size);
  } catch (const std::exception& e) {
    throw ThresholdError(SourceLocation{"--file-size", 0, 0}, "", e.what());
  }
}

Imported import_iometer(const ImportArgs& args, const import_core::ImportRequest& request) {
  iometer::IcfImportOptions options;
  options.file_size = file_size_flag(args);
  const iometer::IcfFile file = iometer::read_icf_file(args.input);
  const std::vector<iometer::IcfCheck> checks = iometer::map_icf(file, options);
  Imported out;
  out.text = iometer::threshold_text(file, checks, request);
  out.checks = checks.size();
  for (const iometer::IcfCheck& c : checks) out.notes += c.notes.size();
  return out;
}

Imported import_diskspd(const ImportArgs& args, const import_core::ImportRequest& request) {
  diskspd::ProfileImportOptions options;
  options.file_size = file_size_flag(args);
  const std::vector<import_core::ImportedCheck> checks =
      diskspd::import_profile(args.input, options);
  Imported out;
  out.text = diskspd::profile_threshold_text(args.input, checks, request);
  out.checks = checks.size();
  for (const import_core::ImportedCheck& c : checks) out.notes += c.notes.size();
  return out;
}

// The flags every tool's import shares.
void add_output_flags(CLI::App& sub, ImportArgs& args) {
  add_out_option(sub, args.output, "The threshold file to write (default: stdout)", true);
  sub.add_flag("--force", args.force, "Replace the output file if it exists");
  sub.add_option("--suite", args.suite, "The suite's name (default: the input file's name)");
  sub.add_option("--expect", args.expect,
                 "KEY=VALUE for every check's [check.expect], e.g. iops_min=300; required")
      ->allow_extra_args(false);
}

}  // namespace

void add_import_command(CLI::App& app, int& exit_code) {
  CLI::App* sub = app.add_subcommand("import", "Write a threshold file from another tool's jobs");
  sub->require_subcommand(1);
  auto fio_args = std::make_shared<ImportArgs>();
  CLI::App* fio =
      sub->add_subcommand("fio", "A threshold file from a fio job file: one check per job section");
  fio->add_option("job", fio_args->input, "The fio job file")->required();
  fio->add_option("--section", fio_args->section, "Only this job section");
  add_output_flags(*fio, *fio_args);
  fio->callback([fio_args, &exit_code] {
    exit_code =
        run_import(*fio_args, "a fio job file says what to run, not what the storage must reach",
                   [&](const import_core::ImportRequest& r) { return import_fio(*fio_args, r); });
  });

  auto icf_args = std::make_shared<ImportArgs>();
  CLI::App* iometer = sub->add_subcommand(
      "iometer", "A threshold file from an IOMeter configuration (.icf): one check per test");
  iometer->add_option("config", icf_args->input, "The IOMeter configuration file (.icf)")
      ->required();
  iometer->add_option("--file-size", icf_args->file_size,
                      "The test file's size where the .icf gives a disk maximum size of 0 (the "
                      "whole disk), like 4GiB");
  add_output_flags(*iometer, *icf_args);
  iometer->callback([icf_args, &exit_code] {
    exit_code = run_import(
        *icf_args, "an IOMeter configuration says what to run, not what the storage must reach",
        [&](const import_core::ImportRequest& r) { return import_iometer(*icf_args, r); });
  });

  auto xml_args = std::make_shared<ImportArgs>();
  CLI::App* diskspd = sub->add_subcommand(
      "diskspd",
      "A threshold file from a DiskSpd XML profile (-X) or command lines: one check per time "
      "span, or per line's target");
  diskspd->add_option("file", xml_args->input, "The DiskSpd profile (XML) or command lines")
      ->required();
  diskspd->add_option("--file-size", xml_args->file_size,
                      "The test file's size where the file gives none (DiskSpd would use an "
                      "existing file's), like 4GiB");
  add_output_flags(*diskspd, *xml_args);
  diskspd->callback([xml_args, &exit_code] {
    exit_code = run_import(
        *xml_args, "a DiskSpd profile says what to run, not what the storage must reach",
        [&](const import_core::ImportRequest& r) { return import_diskspd(*xml_args, r); });
  });
}

}  // namespace iogate::cli
