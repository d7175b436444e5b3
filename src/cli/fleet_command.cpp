// iogate fleet RESULTS...: each host's results compared with its peers' (fleet/fleet.hpp)
// into the fleet's record, which the fleet's writers (reports/fleet/fleet_formats.hpp) format:
// the console's summary and, with --report-dir, fleet.md, fleet-junit.xml, fleet.json,
// fleet.html and rerun.txt. --results-from reads more RESULTS from a list, for estates whose
// paths pass the command line's length.
// Exit 0 no outlier, 1 an outlier, 2 bad input (a file that is no results, two inputs of one
// host, fewer than two hosts, an unknown peer key, a report directory that cannot be written),
// 3 no outlier but undecided hosts: the last line names them, to rerun and give with --rerun.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>
#include <memory>
#include <sstream>

#include "commands.hpp"
#include "common/display_text.hpp"
#include "common/read_file.hpp"
#include "fleet/fleet.hpp"
#include "iogate/common/output_file.hpp"
#include "reports/fleet/fleet_files.hpp"
#include "reports/fleet/fleet_formats.hpp"

namespace iogate::cli {
namespace {

struct FleetFlags {
  std::vector<std::string> results;
  std::string results_from;  // a list of RESULTS, a path a line; "-": standard input
  std::vector<std::string> reruns;
  std::vector<std::string> peer_keys;  // empty: kDefaultPeerKeys
  std::vector<std::string> figures;    // empty: each check's bounded figures
  double min_ratio_pct = kDefaultMinRatio * 100;
  double latency_floor_ms = kDefaultLatencyFloorMs;
  std::string report_dir;
};

std::vector<std::string> figure_keys() {
  std::vector<std::string> out;
  for (const FleetFigureDef& f : kFleetFigures) out.emplace_back(f.key);
  return out;
}

// A list file of paths is read whole, as every input is, by the one bounded reader: 64 MiB is
// some 600,000 paths, far more than ARG_MAX's 100,000 and small beside the hosts' results.
constexpr std::uint64_t kMaxResultsListBytes = 64ULL << 20;

// Each path `list` names (a line each; empty lines skipped), given to `take` in turn. Standard
// input is read as a stream, never held whole beside the hosts.
template <typename Take>
void read_results_list(const std::string& list, Take take) {
  const auto take_line = [&](std::string line) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // a list written on Windows
    if (!line.empty()) take(line);
  };
  if (list == "-") {
    std::string line;
    while (std::getline(std::cin, line)) take_line(std::move(line));
    if (std::cin.bad()) throw FleetInputError("--results-from -: read failed");
    return;
  }
  std::string text;
  try {
    text = read_regular_file(list, kMaxResultsListBytes, "a list of results, a path a line");
  } catch (const FileReadError& e) {
    throw FleetInputError("--results-from " + std::string(e.what()));
  }
  std::istringstream lines(std::move(text));
  std::string line;
  while (std::getline(lines, line)) take_line(std::move(line));
}

int run(const FleetFlags& flags) {
  FleetSettings settings;
  if (!flags.peer_keys.empty()) settings.peer_keys = flags.peer_keys;
  if (!flags.figures.empty()) settings.figures = flags.figures;
  settings.criteria.min_ratio = flags.min_ratio_pct / 100;
  settings.latency_floor_ms = flags.latency_floor_ms;
  FleetRecord record;
  const std::vector<std::filesystem::path> reports = flags.report_dir.empty()
                                                         ? std::vector<std::filesystem::path>{}
                                                         : fleet_report_paths(flags.report_dir);
  std::vector<std::filesystem::path> read(flags.results.begin(), flags.results.end());
  read.insert(read.end(), flags.reruns.begin(), flags.reruns.end());
  if (!flags.results_from.empty() && flags.results_from != "-") read.push_back(flags.results_from);
  try {
    require_distinct_paths(reports, read);
  } catch (const PathClashError& e) {
    std::cerr << "iogate fleet: --report-dir " << printable(flags.report_dir) << ": " << e.what()
              << '\n';
    return kExitBadInput;
  }
  try {
    // One host's results in memory at a time: each is read, kept as the comparison needs it
    // (fleet_host) and dropped before the next is read.
    std::vector<FleetHost> hosts;
    hosts.reserve(flags.results.size() + flags.reruns.size());
    for (const std::string& path : flags.results)
      hosts.push_back(fleet_host(load_fleet_input(path)));
    // The list is read as a stream, after the check above: each listed input is held apart
    // from the reports as it comes, still before any report is written (the reports looked at
    // once, not again for each of an estate's hosts).
    const DistinctFromOutputs apart(reports);
    if (!flags.results_from.empty())
      read_results_list(flags.results_from, [&](const std::string& path) {
        apart.require_apart(path);
        hosts.push_back(fleet_host(load_fleet_input(path)));
      });
    for (const std::string& path : flags.reruns) {
      FleetInput in = load_fleet_input(path);
      in.rerun = true;
      hosts.push_back(fleet_host(in));
    }
    record = compare_fleet(hosts, settings);
  } catch (const FleetInputError& e) {
    std::cerr << "iogate fleet: " << e.what() << '\n';
    return kExitBadInput;
  } catch (const PathClashError& e) {
    std::cerr << "iogate fleet: --report-dir " << printable(flags.report_dir) << ": " << e.what()
              << '\n';
    return kExitBadInput;
  }
  make_fleet_console_writer(std::cout)->write(record);
  if (!flags.report_dir.empty()) {
    try {
      write_fleet_reports(flags.report_dir, record);
    } catch (const std::exception& e) {
      std::cerr << "iogate fleet: --report-dir " << printable(flags.report_dir)
                << ": reports not written: " << e.what() << '\n';
      return kExitBadInput;
    }
  }
  if (record.outliers() > 0) return kExitCheckFailed;
  return record.undecided() > 0 ? kExitRerun : kExitOk;
}

}  // namespace

void add_fleet_command(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<FleetFlags>();
  CLI::App* sub =
      app.add_subcommand("fleet", "Compare hosts' results with their peers' and name the outliers");
  // Not required: --results-from may name them all. Fewer than two hosts is bad input either way
  // (compare_fleet says so).
  sub->add_option("results", flags->results,
                  "One host's results each: a result directory (--json-dir, a suite's report "
                  "directory), a results.json or one check's JSON");
  sub->add_option("--results-from", flags->results_from,
                  "More RESULTS, a path a line, from FILE (- reads standard input): an estate "
                  "past the command line's length (ARG_MAX stops near 100,000 hosts)");
  // One value per occurrence: `--peer-key model RESULTS...` must not take the results as keys.
  sub->add_option("--peer-key", flags->peer_keys,
                  fmt::format("A fingerprint field peers share, repeatable; replaces the default "
                              "{}",
                              fmt::join(kDefaultPeerKeys, ", ")))
      ->allow_extra_args(false);
  sub->add_option(
         "--figure", flags->figures,
         fmt::format("A figure compared, repeatable: {} (default: those the check's "
                     "expectations bound, e.g. iops for iops_min; IOPS and MB/s for a check "
                     "bounding none of them)",
                     fmt::join(figure_keys(), ", ")))
      ->allow_extra_args(false);
  sub->add_option("--min-ratio", flags->min_ratio_pct,
                  "A host below this % of its peer median (latency: above its inverse) may be "
                  "an outlier (default 70)")
      ->check(CLI::Range(1.0, 99.0));
  sub->add_option("--rerun", flags->reruns,
                  "A later run of a host given as RESULTS (same host label), repeatable: its runs "
                  "join that host's as a session apart in time")
      ->allow_extra_args(false);
  sub->add_option("--latency-floor", flags->latency_floor_ms,
                  "A latency outlier must exceed its peer median by at least this many ms "
                  "(default 1)")
      ->check(CLI::Range(0.0, 1e6));
  sub->add_option("--report-dir", flags->report_dir,
                  "Write fleet.md, fleet-junit.xml, fleet.json, fleet.html and rerun.txt into this "
                  "directory");
  sub->callback([flags, &exit_code] { exit_code = run(*flags); });
}

}  // namespace iogate::cli
