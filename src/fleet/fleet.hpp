// `iogate fleet`: many hosts' results compared with their peers. The best baseline of a host in a
// fleet is its peers: a host far below hosts of the same hardware running the same workload is
// the finding, and what differs in its storage stack is the explanation.
//
// Each input is one host's run (a RunRecord, named by its RunContext::identity(): the host label,
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
// It returns a FleetRecord (results/fleet_record.hpp): the writers in reports/
// (reports/fleet/fleet_formats.hpp) only format that record; nothing there computes.
//
// Cost: near-linear in hosts and checks, since an estate of 10,000 guests is a normal vCenter.
// The checks are grouped in one pass (a map a key, not a scan of the groups met); each group's
// leave-one-out references are found once for the group (leave_one_out.hpp: every host's
// others' median and MAD from a few order statistics) and each fingerprint field's values are
// counted once for the class (explain.hpp), where both were gathered from every peer for each
// host; reruns find their host by label, and so do the hosts to rerun. Only a rerun host's
// moment walks its peers, those rerun in its round, a subtraction each (a round of R hosts costs
// R^2 of them: 8,000 reruns among 10,000 hosts, under a second). An input is kept as fleet_host
// keeps it (its figures' runs, not its runs' latency histograms), so `iogate fleet` holds one
// host's results at a time beside every host's figures. docs/fleet.md gives the hosts per second
// and bytes a host.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "explain.hpp"
#include "iogate/results/check_record.hpp"
#include "results/fleet_record.hpp"
#include "robust.hpp"
#include "shortfall.hpp"

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
  RunRecord run;
  // A later session of a host given before (`iogate fleet --rerun`): its runs join that host's,
  // as a session apart in time (shortfall.hpp), instead of being a host of their own.
  bool rerun = false;
};

// A result directory (its per-check documents, else its results.json), a run document or one
// per-check document. Throws FleetInputError naming the path and what was expected.
FleetInput load_fleet_input(const std::filesystem::path& path);

// The figures a check's expectations bound (bounded_figures): what its threshold file says the
// check is about. A host is judged on those, so a throughput check is not failed on the
// microseconds of a cached run's latency, nor a latency check passed on its IOPS alone.
//   iops_min, iops_max -> iops        mbps_*, duration_max -> mbps
//   latency_avg_max -> lat_avg_ms     latency_p99_max -> lat_p99_ms
// A check bounding none of them (only cv_max, latency_max, another percentile) is judged on
// IOPS and MB/s. figure_of_key gives one key's figure ("iops_min" -> "iops"), or null.
const char* figure_of_key(const std::string& expectation_key);
std::vector<std::string> bounded_figures(const std::vector<ExpectationRecord>& expectations);

// The workload as grouped: compared_workload (run_json.hpp), dumped compactly.
std::string workload_identity(const WorkloadSpec& workload);

// One check of a host as the comparison keeps it: what groups it, its figures' runs and what
// they are held to. Not the runs themselves: a run's five latency histograms (7,424 buckets each)
// make 300 KB, and kept for every host they made the inputs of 10,000 hosts gigabytes.
struct FleetCheck {
  std::string suite;
  std::string check;
  std::string workload;  // workload_identity
  CheckStatus status = CheckStatus::pass;
  std::optional<std::string> first_message;  // its messages' first, if any: why not compared
  bool has_figures = false;                  // has_figures (figures.hpp)
  std::vector<ExpectationRecord> expectations;
  std::vector<std::vector<double>> runs;  // [kFleetFigures' index]: figure_runs
};

// One host's run as the comparison keeps it (FleetInput's, less what FleetCheck leaves out).
struct FleetHost {
  std::string source;
  std::string identity;  // RunContext::identity()
  bool rerun = false;
  StorageStack stack;
  std::vector<FleetCheck> checks;
};

// What the comparison keeps of `input`: read one host, keep this, drop the input, and a fleet
// holds one host's results at a time beside every host's figures.
FleetHost fleet_host(const FleetInput& input);

// Throws FleetInputError for fewer than two hosts, two inputs with one identity (but reruns), a
// rerun of a host not given, an unknown peer key or figure (listing the known ones).
FleetRecord compare_fleet(const std::vector<FleetHost>& hosts, const FleetSettings& settings);
// The same of whole inputs, each kept as fleet_host keeps it.
FleetRecord compare_fleet(const std::vector<FleetInput>& inputs, const FleetSettings& settings);

}  // namespace iogate
