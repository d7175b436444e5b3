// Simulated fleets judged as an operator would judge them: compare, rerun the hosts the fleet
// names to rerun (the undecided and the peers beside them: a new session each), compare again,
// as long as the fleet asks and up to a number of sessions. Deterministic: a fixed seed, and the
// random numbers turned into doubles here rather than by a library's distribution.
//
// Each host has a true level (healthy hosts agree within a few percent: log-normal, sd 3%) and
// measures it in sessions of kRuns runs (a check's repeats), each run off by the noise: a shape
// and a spread (the runs' standard deviation, as a share). The shapes: log-normal, uniform,
// heavy-tailed (Student's t with 3 degrees of freedom, scaled to the spread), log-normal with a
// neighbour's burst that halves a whole session one time in twenty, and log-normal on a shared
// datastore that drifts: every moment has its own level (log-normal, kDrift), each host's first
// session is taken at a moment of its own (hosts measured one after another), and each round of
// reruns at one moment together (as a pipeline's rerun jobs run).
// A slow host is at a share of its true level (50% or 20%) in every session, with nothing in its
// fingerprint to explain it: the hard case (a changed driver or scheduler is named sooner).
//
// A host is kept as the CLI keeps it (fleet_host: its figures' runs) and made that way directly,
// from the I/O counts of its runs, so that fleets of 10,000 hosts take seconds: a CheckRecord's
// runs each hold five latency histograms of 58 KiB. FleetSimulation.AHostIsKeptAsTheCliKeepsIt
// holds the two ways to the same record.
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "fleet/fleet.hpp"
#include "iogate_test/fleet_sample.hpp"

namespace iogate::sim {

constexpr int kRuns = 5;
constexpr double kBetweenHosts = 0.03;
constexpr double kBurstChance = 0.05;  // of a session: one in twenty halved by a neighbour
constexpr double kDrift = 0.20;        // a moment's level, between moments (sd of its log)
constexpr double kRunSeconds = 10;

enum class Shape { lognormal, uniform, heavy, burst, drift };

inline const char* shape_name(Shape s) {
  switch (s) {
    case Shape::lognormal:
      return "log-normal";
    case Shape::uniform:
      return "uniform";
    case Shape::heavy:
      return "t3";
    case Shape::burst:
      return "bursts";
    case Shape::drift:
      return "drift";
  }
  return "?";
}

class Noise {
 public:
  explicit Noise(std::uint64_t seed) : rng_(seed) {}
  double uniform() { return static_cast<double>(rng_() >> 11) * 0x1p-53; }  // [0, 1)
  double normal() {                                                         // Box-Muller
    const double u = 1 - uniform(), v = uniform();
    return std::sqrt(-2 * std::log(u)) * std::cos(2 * std::numbers::pi * v);
  }
  double t3() {  // normal / sqrt(chi2(3) / 3): variance 3
    double chi = 0;
    for (int i = 0; i < 3; ++i) {
      const double z = normal();
      chi += z * z;
    }
    return normal() / std::sqrt(chi / 3);
  }
  // A moment's level on the datastore: 1 but for a drifting one.
  double moment(Shape shape) { return shape == Shape::drift ? std::exp(kDrift * normal()) : 1; }
  // One run's factor around 1, with standard deviation about `spread`.
  double run(Shape shape, double spread) {
    switch (shape) {
      case Shape::uniform:
        return std::max(0.05, 1 + spread * std::sqrt(3.0) * (2 * uniform() - 1));
      case Shape::heavy:
        return std::exp(spread * t3() / std::sqrt(3.0));
      default:
        return std::exp(spread * normal());
    }
  }

 private:
  std::mt19937_64 rng_;
};

// The I/Os of each run of one session of kRunSeconds at `level` IOPS, at a moment whose level is
// `moment`.
inline std::vector<std::uint64_t> session_ios(Noise& noise, Shape shape, double spread,
                                              double level, double moment) {
  const double burst = (shape == Shape::burst && noise.uniform() < kBurstChance ? 0.5 : 1) * moment;
  std::vector<std::uint64_t> ios;
  for (int i = 0; i < kRuns; ++i)
    ios.push_back(
        static_cast<std::uint64_t>(level * burst * noise.run(shape, spread) * kRunSeconds));
  return ios;
}

inline std::string label(int h) { return "vm" + std::to_string(h); }

// The session as a check's record: 8 KiB reads bounding IOPS only (so IOPS alone is judged),
// repeated kRuns times.
inline CheckRecord session_record(const std::vector<std::uint64_t>& ios) {
  CheckRecord c = test::record("Random_8k_70_Read", 1);
  for (std::uint64_t n : ios) {
    RunResult r;
    r.engine = "psync";
    r.elapsed_s = kRunSeconds;
    r.ios_read = n;
    r.bytes_read = n * 8192;
    c.repeats.push_back(std::move(r));
  }
  c.result = c.repeats[kRuns / 2];
  c.runs = kRuns;
  ExpectationRecord e;
  e.key = "iops_min";
  c.expectations = {e};
  return c;
}

// Host `h`'s session as the CLI keeps it (fleet_host of test::host with session_record).
inline FleetHost session_host(int h, const std::vector<std::uint64_t>& ios, bool rerun) {
  static const FleetHost shape = [] {
    FleetInput in = test::host("vm0", 0, {});
    in.run.checks.push_back(session_record(std::vector<std::uint64_t>(kRuns, 1)));
    return fleet_host(in);
  }();
  FleetHost out = shape;
  out.identity = label(h);
  out.source = "results/" + out.identity;
  out.rerun = rerun;
  out.stack = test::vmware_stack(h);
  std::vector<std::vector<double>>& runs = out.checks.at(0).runs;
  runs.assign(std::size(kFleetFigures), {});
  for (std::uint64_t n : ios) {
    if (n == 0) continue;  // no figure, as figure_runs leaves it out
    runs[0].push_back(static_cast<double>(n) / kRunSeconds);                     // iops
    runs[1].push_back(static_cast<double>(n * 8192) / (1 << 20) / kRunSeconds);  // mbps
  }
  return out;
}

// The sessions a fleet's hosts may take: the rounds of reruns an operator runs (the playbook and
// the pipelines: the first and two reruns), else IOGATE_FLEET_SIM_SESSIONS.
inline int max_sessions() {
  const char* v = std::getenv("IOGATE_FLEET_SIM_SESSIONS");
  return v == nullptr ? 3 : std::max(1, std::atoi(v));
}

struct Outcome {
  int fleets = 0;
  int named_healthy = 0;    // fleets naming a host at its true level
  int healthy_named = 0;    // hosts at their true level named, over all fleets
  int named_slow = 0;       // fleets naming the slow host
  int undecided_slow = 0;   // fleets leaving the slow host undecided after its reruns
  int reruns = 0;           // sessions rerun, over all fleets
  int undecided_after = 0;  // fleets with a host still undecided after the reruns
  int passed_slow() const { return fleets - named_slow - undecided_slow; }
};

// `fleets` fleets of `hosts` hosts, the last at `slow_share` of its level (none at 1), each
// rerun as the fleet asks up to `sessions` sessions a host.
inline Outcome simulate(int hosts, Shape shape, double spread, double slow_share, int fleets,
                        std::uint64_t seed, int sessions = max_sessions()) {
  Noise noise(seed);
  Outcome out;
  const int slow = slow_share < 1 ? hosts - 1 : -1;
  for (int f = 0; f < fleets; ++f) {
    std::vector<double> level;
    std::vector<FleetHost> inputs;
    inputs.reserve(static_cast<std::size_t>(hosts));
    for (int h = 0; h < hosts; ++h) {
      level.push_back(400 * std::exp(kBetweenHosts * noise.normal()) *
                      (h == slow ? slow_share : 1));
      inputs.push_back(session_host(
          h, session_ios(noise, shape, spread, level.back(), noise.moment(shape)), false));
    }
    FleetRecord r = compare_fleet(inputs, {});
    for (int round = 1; round < sessions; ++round) {
      const double moment = noise.moment(shape);  // drawn whether or not a host is rerun
      const std::vector<std::string> again = r.rerun_hosts();
      if (again.empty()) break;
      for (const std::string& host : again) {
        const int h = std::stoi(host.substr(2));
        inputs.push_back(
            session_host(h, session_ios(noise, shape, spread, level[h], moment), true));
        ++out.reruns;
      }
      r = compare_fleet(inputs, {});
    }
    ++out.fleets;
    int healthy_named = 0;
    for (const FleetGroup& g : r.groups)
      for (const HostVerdict& v : g.hosts) {
        if (v.host == label(slow)) {
          out.named_slow += v.outlier() ? 1 : 0;
          out.undecided_slow += v.undecided() ? 1 : 0;
        } else if (v.outlier()) {
          ++healthy_named;
        }
      }
    out.named_healthy += healthy_named > 0 ? 1 : 0;
    out.healthy_named += healthy_named;
    out.undecided_after += r.undecided() > 0 ? 1 : 0;
  }
  return out;
}

// One cell of a table: how many fleets named a host (the slow one when `of_slow`, else any
// healthy one), how many hosts that was, the reruns and what was left undecided.
inline void print(const char* what, int hosts, Shape shape, double spread, const Outcome& o,
                  bool of_slow) {
  const int named = of_slow ? o.named_slow : o.named_healthy;
  const double hosts_named = of_slow ? o.named_slow : o.healthy_named;
  std::cout << fmt::format(
      "{:<8} {:>5} hosts {:<10} spread {:>2.0f}%: {:>3} of {:>4} fleets named ({:.2f} hosts a "
      "fleet); {:.2f} reruns a fleet; {} left undecided{}\n",
      what, hosts, shape_name(shape), spread * 100, named, o.fleets, hosts_named / o.fleets,
      static_cast<double>(o.reruns) / o.fleets, o.undecided_after,
      of_slow ? fmt::format(", {} passed", o.passed_slow()) : "");
}

}  // namespace iogate::sim
