// The record of a fleet comparison: what `iogate fleet` found, host by host, and every figure
// behind it. compare_fleet() (src/fleet/fleet.hpp, which states the design) makes it;
// the fleet's writers (reports/fleet/fleet_formats.hpp) only format it. Like CheckRecord
// for a run, it is plain data: the rule that fills it (shortfall.hpp, robust.hpp, explain.hpp in
// include/iogate/fleet/) is not here, only the settings it was judged by and the levels of that
// rule a reader is told (the false-alarm rate, the peers needed), so that every format states
// them from one place.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/workload_toml.hpp"
#include "iogate/engine/figure_names.hpp"

namespace iogate {

// The practical and statistical criteria of the peers' comparison (robust.hpp).
inline constexpr double kDefaultMinRatio = 0.70;   // a shortfall below 70% of the peer median
inline constexpr double kDefaultMaxRobustZ = 3.5;  // Iglewicz and Hoaglin's outlier score
// Peers rerun beside an undecided host (FleetGroup::rerun_beside): their median is its rerun's
// reference, so three, whose median one neighbour's burst cannot move.
inline constexpr int kPeersBeside = 3;
inline constexpr int kMinPeersForMad = 4;  // fewer: no spread estimate worth the name
inline constexpr int kMinPeers = 2;        // fewer: no median that tells who is off

// The levels of the three-way verdict (shortfall.hpp).
inline constexpr double kFleetFalseAlarmRate = 0.01;  // per fleet comparison, all hosts together
inline constexpr double kFleetOkConfidence = 0.95;    // per host: "at or above T" to call it ok
inline constexpr double kBurstDepth = 0.5;  // a neighbour's burst halves a datastore, often
// How often: one session of a host in twenty (the simulations' rate). A shortfall with no cause
// names its host by persistence only in as many sessions as make a healthy host so short, by
// bursts alone, rarer than the false-alarm rate over the whole comparison (sessions_to_persist,
// shortfall.hpp).
inline constexpr double kBurstRate = 0.05;
// A latency excess the noise of short runs on a busy host crosses easily: the scheduler alone
// moved peers' mean latencies between 0.04 and 0.45 ms at one rate cap.
inline constexpr double kDefaultLatencyFloorMs = 1.0;

enum class FleetVerdict { ok, outlier, undecided };

// "ok", "outlier", "undecided".
const char* fleet_verdict_name(FleetVerdict v);

struct RobustCriteria {
  double min_ratio = kDefaultMinRatio;
  double max_z = kDefaultMaxRobustZ;
};

// One host's figure against its peers' (robust.hpp's compare_with_peers).
struct PeerComparison {
  double value = 0;
  double peer_median = 0;
  double peer_mad = 0;
  int peers = 0;
  double ratio = 0;                // value / peer_median (0 when the median is 0)
  std::optional<double> robust_z;  // none: too few peers, or a MAD of 0
  bool practical = false;          // the ratio criterion holds
  bool outlier = false;            // practical and (statistical, or no usable MAD)
};

// One host's figure judged by its runs (shortfall.hpp's judge_shortfall).
struct HostShortfall {
  FleetVerdict verdict = FleetVerdict::ok;
  double estimate = 0;   // the host's geometric mean
  double reference = 0;  // the peers' median estimate
  double ratio = 0;      // estimate / reference
  // The ratio's interval at the family's level (NaN when judged without a spread), as a ratio of
  // the host to the reference (for latency, above 1 is worse).
  double ratio_low = 0, ratio_high = 0;
  double spread = 0;  // the host's own run-to-run spread (standard deviation of logs; 0: none)
  int runs = 0;       // judged: all its sessions', or its latest session's when peers_beside
  int sessions = 0;
  // Peers rerun beside its latest session, whose figures of that round alone were its reference
  // (shortfall.hpp); 0: every peer's, all sessions.
  int peers_beside = 0;
  bool has_interval = false;
  // A latency whose estimate is beyond T and still ok, and why: "inside latency_p99_max 100 ms"
  // or "0.5 ms above the peer median, under the 1 ms latency floor"; empty otherwise. A reader
  // who sees 330% of the peers must also see why that is no outlier (FigureVerdict::note).
  std::string within;
  // Why, in words: "interval 16-24% of the peer median, wholly below 70%; differs in scheduler",
  // "undecided: interval 55-81% straddles 70%; its runs spread 12%: rerun vm04".
  std::string reason;
};

// A fingerprint field where a host differs from most of its peers (explain.hpp).
struct FieldDifference {
  std::string key;         // "host_driver"
  std::string value;       // the host's: "BusLogic"
  std::string peer_value;  // what most peers have: "mptspi"
  int differing = 0;       // peers whose value is not the host's
  int peers = 0;
};

inline const std::vector<std::string> kDefaultPeerKeys = {
    "hypervisor", "vendor", "model", "rotational", "logical_block_size", "physical_block_size"};

struct FleetFigureDef {
  const char* key;    // "iops", "mbps", "lat_avg_ms", "lat_p99_ms": the figure's run key
  const char* shown;  // "IOPS", "MB/s", "ms mean latency", "ms p99 latency": after a value
  bool higher_is_better;
  const char* name;  // "IOPS", "MB/s", "mean latency", "p99 latency": before a share or a unit
  const char* unit;  // "IOPS", "MB/s", "ms", "ms"
};
// A figure the fleet compares, named as the figure table (figure_names.hpp) names it.
constexpr FleetFigureDef fleet_figure_def(FigureId id, const char* shown) {
  const FigureName& f = *find_figure_name(id);
  return {f.run_key, shown, f.higher_is_better, f.label, f.unit};
}
inline constexpr FleetFigureDef kFleetFigures[] = {
    fleet_figure_def({Metric::iops}, "IOPS"), fleet_figure_def({Metric::mbps}, "MB/s"),
    fleet_figure_def({Metric::latency_avg}, "ms mean latency"),
    fleet_figure_def({Metric::latency_percentile, 99}, "ms p99 latency")};

// kFleetFigures' entry of `key`, or null.
const FleetFigureDef* fleet_figure(const std::string& key);

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
  std::string workload_identity;  // the workload's JSON (compact), as grouped
  // The same workload as a threshold file's [check.workload] keys (workload_toml.hpp), in the
  // words the reader wrote the check in; should its JSON be no workload the engine's rules
  // accept, its JSON fields.
  std::vector<WorkloadKey> workload_keys;
  std::vector<std::string> figures;  // compared, kFleetFigures' keys in their order
  // The peer-key fields' values ("hypervisor=KVM, model=(unknown)"), in settings order.
  std::string peer_class;
  std::vector<HostVerdict> hosts;
  // What a class of this size can tell: "3 hosts: only a shortfall below 70% of the peer median
  // can be named", or which figures did not spread (MAD 0) among enough peers; empty when every
  // figure of every host was weighed with the robust z too.
  std::string limit;
  // When a host is undecided: the ok hosts to rerun beside it, at the same time, as its rerun's
  // reference (shortfall.hpp, Time): the kPeersBeside nearest the group's median, in input order.
  std::vector<std::string> rerun_beside;
  int outliers() const;
  int undecided() const;
};

struct FleetRecord {
  FleetSettings settings;
  std::vector<std::string> hosts;          // identities, in input order
  std::vector<std::string> sources;        // their inputs
  std::vector<std::string> rerun_sources;  // the reruns given (--rerun), in order
  std::vector<FleetGroup> groups;          // by suite, check, then workload and class as first met
  // Workload mismatches ("vm03 ran Random_8k_70_Read with queue_depth 32, the others with 64:
  // compared apart") and other facts about the grouping.
  std::vector<std::string> notes;
  int family_size = 0;  // host figures judged: the Bonferroni count (shortfall.hpp)
  // The sessions a shortfall with no cause must be seen in to name its host, for family_size
  // (sessions_to_persist, shortfall.hpp).
  int sessions_to_persist = 2;
  int outliers() const;
  int undecided() const;
  // What to rerun, in input order: the hosts with an undecided check and no outlier, and the
  // peers to rerun beside them (rerun_beside of their groups; an outlier is never one).
  std::vector<std::string> rerun_hosts() const;
  // Of those, the hosts rerun only as the reference of others.
  std::vector<std::string> rerun_beside() const;
};

}  // namespace iogate
