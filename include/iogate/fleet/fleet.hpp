// `iogate fleet`: many hosts' results compared with their peers. The best baseline of a host in a
// fleet is its peers: a host far below hosts of the same hardware running the same workload is
// the finding, and what differs in its storage stack is the explanation.
//
// Each input is one host's run (a RunReport, named by its RunContext::identity(): the host label,
// else the hostname). compare_fleet():
//   1. groups the checks by suite, check and workload as run (workload_identity: the workload's
//   JSON
//      from the one codec, as compared_workload compares it). Hosts that ran a check with another
//      workload are kept in a group of their own, never merged, and a note names them and the
//      difference;
//   2. splits each group into peer classes: hosts whose peer-key fingerprint fields
//      (StorageStack::fields()) are equal. kDefaultPeerKeys are the fields that mean "same
//      hardware" and that a driver, controller, scheduler, filesystem or firmware change does not
//      alter, so a regression of those shows as an outlier among its peers instead of moving the
//      host into a class of its own. A field a host lacks (unreadable, or a device without it)
//      counts as the value "(unknown)": such a host is a peer only of hosts that lack it too,
//      since guessing that unknown hardware is the same would turn a real hardware difference
//      into a false regression;
//   3. judges each host's figures (FleetSettings::figures, else those the check's expectations
//      bound, see bounded_figures) against the other hosts of its class by what each host
//      measured: its runs (repeats or one-second intervals) in every session (its input and any
//      rerun), three ways — ok, outlier, or undecided: rerun it (shortfall.hpp states the rule
//      and its error rate; robust.hpp the peers' own spread). Checks skipped or in error on a host,
//      and classes with fewer than kMinPeers + 1 hosts, are reported as not compared, with why; a
//      figure a check bounds relative to its peers ("iops_min = \"70% of peers\"", recorded as
//      ExpectationRecord::peers) is always compared, and the bound's fraction replaces
//      criteria.min_ratio for it: a floor is short below fraction x the peer median, a ceiling
//      ("latency_avg_max = \"150% of peers\"") above it; the rest of the rule applies as ever.
//      Each host is held to its own record's bound (hosts may run the check from different
//      threshold files); a host whose record has none is held to criteria.min_ratio;
//   4. explains each outlier by the fingerprint fields where it differs from most of its peers
//      (explain.hpp).
// Writers (fleet_writers.hpp) only format the FleetReport; nothing there computes.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "iogate/fleet/explain.hpp"
#include "iogate/fleet/robust.hpp"
#include "iogate/fleet/shortfall.hpp"
#include "iogate/reports/report_writer.hpp"

namespace iogate {

// Bad input to a fleet comparison: a file that is no results, two inputs of one host, fewer
// than two hosts, an unknown peer key. The message names the paths and what was expected.
class FleetInputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One host's run and where it was read from.
struct FleetInput {
  std::string source;  // the path given
  RunReport run;
  // A later session of a host given before (`iogate fleet --rerun`): its runs join that host's,
  // as a session apart in time (shortfall.hpp), instead of being a host of their own.
  bool rerun = false;
};

// A result directory (its per-check documents, else its results.json), a run document or one
// per-check document. Throws FleetInputError naming the path and what was expected.
FleetInput load_fleet_input(const std::filesystem::path& path);

inline const std::vector<std::string> kDefaultPeerKeys = {
    "hypervisor", "vendor", "model", "rotational", "logical_block_size", "physical_block_size"};

struct FleetFigureDef {
  const char* key;    // "iops", "mbps", "lat_avg_ms", "lat_p99_ms": as the JSON results name them
  const char* shown;  // "IOPS", "MB/s", "ms mean latency", "ms p99 latency": after a value
  bool higher_is_better;
  const char* name;  // "IOPS", "MB/s", "mean latency", "p99 latency": before a share or a unit
  const char* unit;  // "IOPS", "MB/s", "ms", "ms"
};
inline constexpr FleetFigureDef kFleetFigures[] = {
    {"iops", "IOPS", true, "IOPS", "IOPS"},
    {"mbps", "MB/s", true, "MB/s", "MB/s"},
    {"lat_avg_ms", "ms mean latency", false, "mean latency", "ms"},
    {"lat_p99_ms", "ms p99 latency", false, "p99 latency", "ms"}};

// kFleetFigures' entry of `key`, or null.
const FleetFigureDef* fleet_figure(const std::string& key);

// The figures a check's expectations bound (bounded_figures): what its threshold file says the
// check is about. A host is judged on those, so a throughput check is not failed on the
// microseconds of a cached run's latency, nor a latency check passed on its IOPS alone.
//   iops_min, iops_max -> iops        mbps_*, duration_max -> mbps
//   latency_avg_max -> lat_avg_ms     latency_p99_max -> lat_p99_ms
// A check bounding none of them (only cv_max, latency_max, another percentile) is judged on
// IOPS and MB/s. figure_of_key gives one key's figure ("iops_min" -> "iops"), or null.
const char* figure_of_key(const std::string& expectation_key);
std::vector<std::string> bounded_figures(const std::vector<ExpectationRecord>& expectations);

struct FleetSettings {
  std::vector<std::string> peer_keys = kDefaultPeerKeys;
  // The figures compared (--figure), kFleetFigures' keys; empty: each check's bounded_figures.
  std::vector<std::string> figures;
  RobustCriteria criteria;
  // A latency outlier's least excess over its peers (shortfall.hpp), in ms.
  double latency_floor_ms = kDefaultLatencyFloorMs;
};

struct FigureVerdict {
  std::string key;  // kFleetFigures' key
  PeerComparison comparison;
  std::string bound;  // the host's peers bound on it, "iops_min 70% of peers"; empty: none
  double min_ratio = kDefaultMinRatio;  // the practical criterion it was held to (robust.hpp)
  HostShortfall shortfall;              // the three-way verdict: comparison.value is its estimate
  // A latency ok although its estimate is beyond its threshold (shortfall.within), in the words
  // every format shows beside the host, lest 330% of the peers read as a missed outlier: "2.79 ms
  // p99 latency, 330% of the peer median 0.845, but inside latency_p99_max 100 ms: not an
  // outlier"; empty otherwise.
  std::string note;
};

// One host in one group.
struct HostVerdict {
  std::string host;          // identity
  std::string source;        // the input it came from
  std::string status;        // the check's status on the host: pass, fail, unstable, skipped, error
  std::string not_compared;  // why it was not compared; empty when it was
  std::vector<FigureVerdict> figures;        // empty when not compared
  std::vector<FieldDifference> differences;  // fields where it differs from most peers
  int sessions = 1;                          // its input and its reruns of this check
  // Outlier if a figure is, else undecided if a figure is, else ok (also when not compared).
  FleetVerdict verdict = FleetVerdict::ok;
  // The outlier's or undecided host's line; empty when ok.
  std::string explanation;
  bool outlier() const { return verdict == FleetVerdict::outlier; }
  bool undecided() const { return verdict == FleetVerdict::undecided; }
  // The figure its verdict is named by: the first, in the order compared, with that verdict
  // (null when not compared).
  const FigureVerdict* deciding_figure() const;
};

// The hosts that ran one check with one workload on one class of hardware.
struct FleetGroup {
  std::string suite;
  std::string check;
  std::string workload_identity;     // the workload's JSON (compact), as grouped
  std::vector<std::string> figures;  // compared, kFleetFigures' keys in their order
  // The peer-key fields' values ("hypervisor=KVM, model=(unknown)"), in settings order.
  std::string peer_class;
  std::vector<HostVerdict> hosts;
  // What a class of this size can tell: "3 hosts: only a shortfall below 70% of the peer median
  // can be named", or which figures did not spread (MAD 0) among enough peers; empty when every
  // figure of every host was weighed with the robust z too.
  std::string limit;
  int outliers() const;
  int undecided() const;
};

struct FleetReport {
  FleetSettings settings;
  std::vector<std::string> hosts;          // identities, in input order
  std::vector<std::string> sources;        // their inputs
  std::vector<std::string> rerun_sources;  // the reruns given (--rerun), in order
  std::vector<FleetGroup> groups;          // by suite, check, then workload and class as first met
  // Workload mismatches ("vm03 ran Random_8k_70_Read with queue_depth 32, the others with 64:
  // compared apart") and other facts about the grouping.
  std::vector<std::string> notes;
  int family_size = 0;  // host figures judged: the Bonferroni count (shortfall.hpp)
  int outliers() const;
  int undecided() const;
  // The hosts with an undecided check and no outlier, in input order: what to rerun.
  std::vector<std::string> rerun_hosts() const;
};

// The workload as grouped: compared_workload (run_json.hpp), dumped compactly.
std::string workload_identity(const WorkloadSpec& workload);

// Throws FleetInputError for fewer than two hosts, two inputs with one identity (but reruns), a
// rerun of a host not given, an unknown peer key or figure (listing the known ones).
FleetReport compare_fleet(const std::vector<FleetInput>& inputs, const FleetSettings& settings);

}  // namespace iogate
