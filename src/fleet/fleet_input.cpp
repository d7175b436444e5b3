// One host's results for `iogate fleet`, read by the one reader (result_reader.hpp), and what
// the comparison keeps of them.
#include <system_error>

#include "fleet.hpp"
#include "host_runs.hpp"
#include "iogate/results/figures.hpp"
#include "results/result_reader.hpp"

namespace iogate {

namespace fs = std::filesystem;

FleetInput load_fleet_input(const fs::path& path) {
  FleetInput in;
  in.source = path.string();
  try {
    std::error_code ec;
    // A missing or unreadable file: its error names the path. Only the runs' own latencies are
    // restored: the fleet compares no direction's or priority class's (kFleetFigures).
    in.run = read_results_at(path, RunLatencies::run_only);
    // A host with no check would be compared on nothing and pass: refused like no host.
    if (in.run.checks.empty() && fs::is_directory(path, ec))
      throw FleetInputError(in.source +
                            ": expected one host's result directory (per-check documents "
                            "<check>.json, or results.json), found neither");
    if (in.run.checks.empty())
      throw FleetInputError(in.source + ": checks: expected one host's results, got none");
  } catch (const FleetInputError&) {
    throw;
  } catch (const std::exception& e) {
    throw FleetInputError(e.what());
  }
  if (in.run.context.identity().empty())
    throw FleetInputError(in.source +
                          ": names no host (no host_label, no host): record it again with "
                          "--host-label or IOGATE_HOST_LABEL");
  return in;
}

FleetHost fleet_host(const FleetInput& input) {
  FleetHost h;
  h.source = input.source;
  h.identity = input.run.context.identity();
  h.rerun = input.rerun;
  h.stack = input.run.context.stack;
  h.checks.reserve(input.run.checks.size());
  for (const CheckRecord& c : input.run.checks) {
    FleetCheck k;
    k.suite = c.suite;
    k.check = c.check;
    k.workload = workload_identity(c.workload);
    k.status = c.status;
    if (!c.messages.empty()) k.first_message = c.messages.front();
    k.has_figures = has_figures(c);
    k.expectations = c.expectations;
    for (const FleetFigureDef& f : kFleetFigures) k.runs.push_back(fleet_detail::runs_of(c, f.key));
    h.checks.push_back(std::move(k));
  }
  return h;
}

}  // namespace iogate
