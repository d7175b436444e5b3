// Reading a fio job file into its sections and options, as fio's own ini reader does
// (init.c, __parse_jobs_ini), before any option is given a meaning (job_mapping.hpp does that).
//
//   - A line is stripped of leading blanks; from the first ';' or '#' anywhere on it to its end is
//     a comment (fio cuts there too, so `filename=a#b` is `filename=a`); blank lines are skipped.
//   - `[name]` opens a section; every option belongs to one (an option before the first section is
//     an error, as in fio). A section whose name starts with "global" is a global one: its options
//     apply to every job section after it, in file order, and a later [global] adds to them.
//   - `include FILE` inside a section reads FILE's options into that section (an included file
//     has no sections of its own). A relative FILE is taken from the directory of the file that
//     includes it; fio tries the working directory first, which would make a check depend on
//     where it is run from. Includes nest up to kMaxIncludeDepth (a cycle is an error).
//   - `${VAR}` anywhere on an option line is replaced by the environment variable VAR. fio puts
//     an empty string for a variable that is not set; here that is an error, since a gate whose
//     size silently became "" would measure something else. fio's own keywords ($pagesize,
//     $mb_memory, $ncpus) describe the host fio runs on and are refused.
//   - `name=value` or a bare `name` (fio's "set" options: `time_based`, `stonewall`).
//
// Every mistake is a ThresholdError at "file:line:column: option: why".
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate::fio_job {

inline constexpr int kMaxIncludeDepth = 8;

struct FioOption {
  std::string name;                  // as written, lower case is fio's spelling
  std::optional<std::string> value;  // after ${VAR} expansion; none for a bare `name`
  std::string text;                  // the line as written, comment and blanks stripped
  SourceLocation where;              // the file (an included one, maybe) and line, column of name
};

struct FioSection {
  std::string name;
  bool global = false;
  SourceLocation where;  // the `[name]` line
  std::vector<FioOption> options;
};

struct FioJobFile {
  std::filesystem::path path;
  std::vector<FioSection> sections;  // in file order, [global] ones included
};

// Looks up an environment variable: std::getenv by default, a map in tests.
using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;
EnvLookup process_environment();

// The job file at `path` (and what it includes). A file that cannot be read is a ThresholdError
// with line 0.
FioJobFile read_job_file(const std::filesystem::path& path, const EnvLookup& env);
// For tests: `text` as if read from `path`; includes are read from disk relative to it.
FioJobFile parse_job_text(std::string_view text, const std::filesystem::path& path,
                          const EnvLookup& env);

// One job as fio would run it: the options of every global section before it, then its own, in
// that order (a later one of the same name wins, as in fio).
struct FioJobOptions {
  const FioSection* section = nullptr;
  std::vector<const FioOption*> options;
  std::size_t index = 0;  // the job's place among the file's job sections, from 0
};
std::vector<FioJobOptions> jobs_of(const FioJobFile& file);

}  // namespace iogate::fio_job
