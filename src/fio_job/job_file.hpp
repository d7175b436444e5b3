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
//     where it is run from. Includes nest up to kMaxIncludeDepth (a cycle is an error). Depth
//     alone does not bound the work: ten includes a file, eight deep, is 10^8 files. So one read
//     (a job file and everything it includes, again each time it is included) reads at most
//     kMaxIncludedFiles files and kMaxJobTextBytes of text; fio's own examples include a few.
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

#include "iogate/common/threshold_error.hpp"

namespace iogate::fio_job {

inline constexpr int kMaxIncludeDepth = 8;
inline constexpr int kMaxIncludedFiles = 100;
inline constexpr std::size_t kMaxJobTextBytes = std::size_t{4} << 20;

// What a message may show of a line from a file not every user may read (read_file.hpp).
inline constexpr std::string_view kNotShown = "(not shown: the file is not readable by every user)";

struct FioOption {
  std::string name;                    // as written, lower case is fio's spelling
  std::optional<std::string> value;    // after ${VAR} expansion; none for a bare `name`
  std::string text;                    // the line as written, comment and blanks stripped
  SourceLocation where;                // the file (an included one, maybe) and line, column of name
  bool shown = true;                   // the line may appear in messages: its file is o+r
  std::optional<std::string> written;  // the value as written, where ${VAR} changed it
};

// The option as a message or a note may show it: its name and line withheld when its file is not
// readable by every user, and an environment variable's value shown as the `${VAR}` it came from
// (a token in the environment is not for a CI log). `message` is a complaint about the option that
// may quote its value; every quoted value in it is replaced likewise.
std::string shown_name(const FioOption& o);
std::string shown_text(const FioOption& o);
std::string shown_message(const FioOption& o, std::string message);

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
// with line 0. `named_by`: the file that names this job file (a threshold file's fio_job), whose
// owner must be able to read it.
FioJobFile read_job_file(const std::filesystem::path& path, const EnvLookup& env,
                         const std::filesystem::path& named_by = {});
// For tests: `text` as if read from `path`; includes are read from disk relative to it.
// `quotable`: whether messages may quote the text (read_file.hpp).
FioJobFile parse_job_text(std::string_view text, const std::filesystem::path& path,
                          const EnvLookup& env, bool quotable = true);

// One job as fio would run it: the options of every global section before it, then its own, in
// that order (a later one of the same name wins, as in fio).
struct FioJobOptions {
  const FioSection* section = nullptr;
  std::vector<const FioOption*> options;
  std::size_t index = 0;  // the job's place among the file's job sections, from 0
};
std::vector<FioJobOptions> jobs_of(const FioJobFile& file);

}  // namespace iogate::fio_job
