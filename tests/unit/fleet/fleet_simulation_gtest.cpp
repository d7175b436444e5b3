// Simulated fleets judged as an operator would judge them: compare, rerun the undecided hosts
// once with the peers the fleet reruns beside them (a new session for each), compare again.
// Deterministic: a fixed seed, and the random numbers turned into doubles here rather than by a
// library's distribution.
//
// Each host has a true level (healthy hosts agree within a few percent: log-normal, sd 3%) and
// measures it in sessions of kRuns runs (a check's repeats, or a run's one-second intervals),
// each run off by the noise: a shape and a spread (the runs' standard deviation, as a share).
// The shapes: log-normal, uniform, heavy-tailed (Student's t with 3 degrees of freedom, scaled to
// the spread), log-normal with a neighbour's burst that halves a whole session now and then, and
// log-normal on a shared datastore that drifts: every moment has its own level (log-normal,
// kDrift), each host's first session is taken at a moment of its own (hosts measured one after
// another), and the reruns at one moment together (as a pipeline's rerun jobs run).
// A slow host is at a share of its true level (50% or 20%) in every session, with nothing in its
// fingerprint to explain it: the hard case (a changed driver or scheduler is named sooner).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <numbers>
#include <random>

#include "iogate_test/fleet_sample.hpp"

namespace iogate {
namespace {

constexpr int kRuns = 5;
constexpr double kBetweenHosts = 0.03;
constexpr double kBurstChance = 0.05;  // of a session: one in twenty halved by a neighbour
constexpr double kDrift = 0.20;        // a moment's level, between moments (sd of its log)

enum class Shape { lognormal, uniform, heavy, burst, drift };
const char* shape_name(Shape s) {
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

// A host's input holding one record, moved rather than copied: a run's latency histogram is
// tens of kilobytes, and a fleet of 50 hosts holds 300 runs.
FleetInput host_with(const std::string& label, int n, CheckRecord record) {
  FleetInput in = test::host(label, n, {});
  in.run.checks.push_back(std::move(record));
  return in;
}

// A check bounding IOPS only (so IOPS alone is judged), repeated kRuns times, at a moment whose
// level is `moment`.
CheckRecord session(Noise& noise, Shape shape, double spread, double level, double moment) {
  CheckRecord c = test::record("Random_8k_70_Read", level);
  const double burst = (shape == Shape::burst && noise.uniform() < kBurstChance ? 0.5 : 1) * moment;
  for (int i = 0; i < kRuns; ++i) {
    RunResult r;
    r.engine = "psync";
    r.elapsed_s = 10;
    r.ios_read = static_cast<std::uint64_t>(level * burst * noise.run(shape, spread) * 10);
    r.bytes_read = r.ios_read * 8192;
    c.repeats.push_back(std::move(r));
  }
  c.result = c.repeats[kRuns / 2];
  c.runs = kRuns;
  ExpectationRecord e;
  e.key = "iops_min";
  c.expectations = {e};
  return c;
}

struct Outcome {
  int fleets = 0;
  int named_healthy = 0;    // fleets naming a host at its true level
  int named_slow = 0;       // fleets naming the slow host
  int undecided_slow = 0;   // fleets leaving the slow host undecided after its rerun
  int reruns = 0;           // hosts rerun, over all fleets
  int undecided_after = 0;  // fleets with a host still undecided after the reruns
};

Outcome simulate(int hosts, Shape shape, double spread, double slow_share, int fleets,
                 std::uint64_t seed) {
  Noise noise(seed);
  Outcome out;
  const int slow = slow_share < 1 ? hosts - 1 : -1;
  for (int f = 0; f < fleets; ++f) {
    std::vector<double> level;
    std::vector<FleetInput> inputs;
    for (int h = 0; h < hosts; ++h) {
      level.push_back(400 * std::exp(kBetweenHosts * noise.normal()) *
                      (h == slow ? slow_share : 1));
      inputs.push_back(host_with("vm" + std::to_string(h), h,
                                 session(noise, shape, spread, level.back(), noise.moment(shape))));
    }
    FleetRecord r = compare_fleet(inputs, {});
    const double rerun_moment = noise.moment(shape);
    for (const std::string& again : r.rerun_hosts()) {
      const int h = std::stoi(again.substr(2));
      FleetInput rerun = host_with(again, h, session(noise, shape, spread, level[h], rerun_moment));
      rerun.rerun = true;
      inputs.push_back(std::move(rerun));
      ++out.reruns;
    }
    if (inputs.size() > static_cast<std::size_t>(hosts)) r = compare_fleet(inputs, {});
    ++out.fleets;
    bool healthy_named = false;
    for (const HostVerdict& v : r.groups.at(0).hosts) {
      if (v.host == "vm" + std::to_string(slow)) {
        out.named_slow += v.outlier() ? 1 : 0;
        out.undecided_slow += v.undecided() ? 1 : 0;
      } else if (v.outlier()) {
        healthy_named = true;
      }
    }
    out.named_healthy += healthy_named ? 1 : 0;
    out.undecided_after += r.undecided() > 0 ? 1 : 0;
  }
  return out;
}

const int kSizes[] = {3, 6, 12, 50};
const Shape kShapes[] = {Shape::lognormal, Shape::uniform, Shape::heavy, Shape::burst,
                         Shape::drift};
const double kSpreads[] = {0.05, 0.15, 0.30};

int fleets_for(int hosts) { return hosts >= 50 ? 30 : hosts >= 12 ? 80 : hosts >= 6 ? 150 : 200; }

void print(const char* what, int hosts, Shape shape, double spread, const Outcome& o, int named) {
  std::cout << fmt::format(
      "{:<8} {:>2} hosts {:<10} spread {:>2.0f}%: {:>3} of {:>3} fleets "
      "named; {:.2f} reruns a fleet; {} left undecided\n",
      what, hosts, shape_name(shape), spread * 100, named, o.fleets,
      static_cast<double>(o.reruns) / o.fleets, o.undecided_after);
}

// Simulates every size, shape and spread with `share` for the slow host, the seeds counting up
// from `seed`, and prints each cell as `what`; `check` asserts on it.
template <class Check>
void for_each_cell(const char* what, double share, std::uint64_t seed, Check check) {
  for (int hosts : kSizes)
    for (Shape shape : kShapes)
      for (double spread : kSpreads) {
        const Outcome o = simulate(hosts, shape, spread, share, fleets_for(hosts), seed++);
        print(what, hosts, shape, spread, o, share < 1 ? o.named_slow : o.named_healthy);
        check(hosts, shape, spread, o);
      }
}

// Healthy fleets: no host named in at least 99% of them, whatever the size, shape and spread,
// but for a neighbour who comes back: a burst that halves one session in twenty hits a host's
// rerun too in 1 of 400 hosts, which two sessions cannot tell from a regression. There the
// count is held to what that chance gives (hosts x 1/400 of the fleets, plus three deviations).
TEST(FleetSimulation, HealthyFleetsNameNoHostInNinetyNineOfAHundred) {
  for_each_cell("healthy", 1.0, 1, [](int hosts, Shape shape, double spread, const Outcome& o) {
    const double twice = o.fleets * std::min(1.0, hosts * kBurstChance * kBurstChance);
    const double limit = shape == Shape::burst ? twice + 3 * std::sqrt(twice) + 1 : 0.01 * o.fleets;
    EXPECT_LE(o.named_healthy, limit)
        << hosts << " hosts, " << shape_name(shape) << ", spread " << spread;
  });
}

// A host at half its peers' level, nothing in its fingerprint: named after its rerun (one session
// cannot tell it from a burst) in at least 95% of fleets of 6 hosts or more at spreads up to 15%
// with light-tailed noise, and never passed as ok; at 30% the runs cannot always tell, and it is
// left undecided. The rest is printed: a fleet of 3 has a reference of 2 hosts' runs, heavy
// tails widen the interval, and a peer's burst can pull the reference down to the slow host.
TEST(FleetSimulation, AHostAtHalfIsNamedAfterItsRerunAndNeverPassed) {
  for_each_cell("half", 0.5, 1000, [](int hosts, Shape shape, double spread, const Outcome& o) {
    if (spread <= 0.15 && hosts >= 6 && (shape == Shape::lognormal || shape == Shape::uniform)) {
      EXPECT_GE(o.named_slow, 0.95 * o.fleets)
          << hosts << " hosts, " << shape_name(shape) << ", spread " << spread;
    }
    if (shape == Shape::drift) {
      // Taken at a fast moment, its first session can look healthy, and is not rerun.
      EXPECT_LE(o.fleets - o.named_slow - o.undecided_slow, (hosts >= 6 ? 0.04 : 0.10) * o.fleets)
          << "passed as ok: " << hosts << " hosts, drift, spread " << spread;
    } else if (shape != Shape::burst) {
      EXPECT_EQ(o.named_slow + o.undecided_slow, o.fleets)
          << "passed as ok: " << hosts << " hosts, " << shape_name(shape) << ", spread " << spread;
    }
  });
}

// A host at a fifth: deeper than any burst, named in every fleet at spreads up to 15%, at once or
// after its rerun; at 30% with heavy tails, or on a drifting datastore, a run or a moment far off
// can leave it undecided, never ok.
TEST(FleetSimulation, AHostAtAFifthIsAlwaysNamed) {
  for_each_cell("fifth", 0.2, 2000, [](int hosts, Shape shape, double spread, const Outcome& o) {
    EXPECT_GE(o.named_slow, spread <= 0.15 && shape != Shape::drift ? o.fleets : 0.95 * o.fleets)
        << hosts << " hosts, " << shape_name(shape) << ", spread " << spread;
    EXPECT_EQ(o.named_slow + o.undecided_slow, o.fleets)
        << "passed as ok: " << hosts << " hosts, " << shape_name(shape);
  });
}

// Estates (500 and 10,000 hosts), healthy, bursts halving one session in twenty at a 5% spread:
// how often the fleet names a host. Disabled, since it takes minutes where CI has seconds:
//   iogate_fleet_tests --gtest_also_run_disabled_tests --gtest_filter='FleetEstates.*'
// Each host is kept as the CLI keeps it (fleet_host) as soon as it is made, so 10,000 hosts fit.
// The rule names a host whose burst comes back for its rerun (hosts x 1/400 of them a fleet), so
// at these sizes most fleets name one: what the third session of issue 52 is for.
TEST(FleetEstates, DISABLED_HealthyEstatesWithBursts) {
  for (const auto& [hosts, fleets] : {std::pair{500, 200}, std::pair{10000, 20}}) {
    Noise noise(52 + static_cast<std::uint64_t>(hosts));
    int named = 0, reruns = 0, undecided = 0;
    double named_hosts = 0;
    for (int f = 0; f < fleets; ++f) {
      std::vector<double> level;
      std::vector<FleetHost> inputs;
      for (int h = 0; h < hosts; ++h) {
        level.push_back(400 * std::exp(kBetweenHosts * noise.normal()));
        inputs.push_back(fleet_host(host_with(
            "vm" + std::to_string(h), h, session(noise, Shape::burst, 0.05, level.back(), 1))));
      }
      FleetRecord r = compare_fleet(inputs, {});
      for (const std::string& again : r.rerun_hosts()) {
        const int h = std::stoi(again.substr(2));
        FleetInput rerun = host_with(again, h, session(noise, Shape::burst, 0.05, level[h], 1));
        rerun.rerun = true;
        inputs.push_back(fleet_host(rerun));
        ++reruns;
      }
      if (inputs.size() > static_cast<std::size_t>(hosts)) r = compare_fleet(inputs, {});
      named += r.outliers() > 0 ? 1 : 0;
      named_hosts += r.outliers();
      undecided += r.undecided() > 0 ? 1 : 0;
    }
    std::cout << fmt::format(
        "healthy {:>5} hosts bursts     spread  5%: {:>3} of {:>3} fleets named ({:.1f} hosts a "
        "fleet); {:.1f} reruns a fleet; {} left undecided\n",
        hosts, named, fleets, named_hosts / fleets, static_cast<double>(reruns) / fleets,
        undecided);
  }
}

}  // namespace
}  // namespace iogate
