// Reading an IOMeter configuration file (.icf) into its settings, before any is given a meaning
// (icf_mapping.hpp does that). The format is IOMeter's own (IOMeter 1.1, 2006.07.27 and the
// 2004-era files still passed around):
//
//   Version 1.1.0
//   'TEST SETUP ====...           a section opens with its name and a rule of '='
//   'Run Time                     a label: a line starting with ' names the setting
//   '	hours minutes seconds       a label followed by blanks is a column heading, skipped
//   	0 2 0                       the setting's value lines, each indented by a tab
//   'END test setup               a section ends with 'END and its name
//   'RESULTS DISPLAY ... 'ACCESS SPECIFICATIONS ... 'MANAGER LIST ... each likewise
//   Version 1.1.0                 the last line repeats the version
//
// IOMeter writes its files in Windows text mode: CRLF line ends are taken as LF. Labels compare
// without case and without the rule. A label this reader does not know is an error, never
// skipped: a setting iogate did not read could change what the file's tests do. The RESULTS
// DISPLAY section (bar charts, update rate) is read past: it changes what IOMeter's window shows.
//
// The file is read bounded (kMaxIcfBytes, kMaxIcfLineBytes); every mistake is a ThresholdError at
// "file:line:column: label: what was expected", quoting nothing of a file not every user may read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iogate/common/threshold_error.hpp"

namespace iogate::iometer {

inline constexpr std::size_t kMaxIcfBytes = std::size_t{1} << 20;
inline constexpr std::size_t kMaxIcfLineBytes = 4096;

// One line of an access specification: "size,% of size,% reads,% random,delay,burst,align,reply".
struct IcfSpecLine {
  std::uint64_t size = 0;   // bytes per I/O
  unsigned of_size = 0;     // % of the specification's I/Os at this line
  unsigned reads = 0;       // % reads
  unsigned random = 0;      // % random
  std::uint64_t delay = 0;  // ms between bursts
  std::uint64_t burst = 0;  // I/Os per burst
  std::uint64_t align = 0;  // bytes; 0: sector boundaries
  std::uint64_t reply = 0;  // bytes a network peer replies with; 0: none
  SourceLocation where;
};

struct IcfAccessSpec {
  std::string name;
  std::string assignment;  // NONE, DEFAULT, ALL, DISK, NET (names and IOMeter's old numbers)
  SourceLocation where;    // the name's line
  std::vector<IcfSpecLine> lines;
};

// A setting with the line it was read from; absent when the file does not give it.
template <typename T>
struct IcfValue {
  T value{};
  SourceLocation where;
};

// IOMeter's cycling settings: worker, disk (target) and queue depth (outstanding I/Os).
struct IcfCycling {
  std::uint64_t start = 1;
  std::uint64_t end = 1;  // queue depth cycling only
  std::uint64_t step = 1;
  std::string step_type;  // LINEAR or EXPONENTIAL
};

struct IcfTestSetup {
  std::optional<IcfValue<std::string>> description;
  std::optional<IcfValue<std::uint64_t>> run_time_s;  // hours, minutes and seconds, summed
  std::optional<IcfValue<std::uint64_t>> ramp_s;
  std::optional<IcfValue<IcfCycling>> worker_cycling;
  std::optional<IcfValue<IcfCycling>> disk_cycling;
  std::optional<IcfValue<IcfCycling>> queue_cycling;
  std::optional<IcfValue<std::string>> test_type;  // NORMAL, CYCLE_OUTSTANDING_IOS, ...
};

struct IcfTarget {
  std::string name;  // as written: `C: "System"`, `1: "PHYSICALDRIVE:1"`
  std::string type;  // DISK, or a network type
  SourceLocation where;
};

struct IcfWorker {
  std::string name;
  std::string type;  // DISK, or NETWORK,TCP ...
  SourceLocation where;
  // The default target settings, which apply to every target of the worker.
  std::optional<IcfValue<std::uint64_t>> outstanding_ios;
  std::optional<IcfValue<std::uint64_t>> max_disk_sectors;  // 0: the whole disk
  std::optional<IcfValue<std::uint64_t>> starting_sector;
  std::optional<IcfValue<std::uint64_t>> fixed_seed;  // "use fixed seed" ENABLED: its value
  std::optional<IcfValue<std::uint64_t>>
      data_pattern;                          // 0 repeating bytes, 1 pseudo-random, 2 full random
  std::vector<IcfValue<std::string>> specs;  // the access specifications assigned, in order
  std::vector<IcfTarget> targets;
};

struct IcfManager {
  std::string id;
  std::string name;
  SourceLocation where;
  std::vector<IcfWorker> workers;
};

struct IcfFile {
  std::filesystem::path path;
  std::string version;   // "1.1.0", "2006.07.27"
  bool quotable = true;  // messages may quote the file's text (read_file.hpp)
  IcfTestSetup setup;
  std::vector<IcfAccessSpec> specs;
  std::vector<IcfManager> managers;

  const IcfAccessSpec* find_spec(std::string_view name) const;
};

// The file at `path`; a file that cannot be read is a ThresholdError with line 0.
IcfFile read_icf_file(const std::filesystem::path& path);
// For tests: `text` as if read from `path`.
IcfFile parse_icf_text(std::string_view text, const std::filesystem::path& path,
                       bool quotable = true);

}  // namespace iogate::iometer
