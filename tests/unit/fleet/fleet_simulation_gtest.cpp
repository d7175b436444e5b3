// The fleet's error rates on simulated fleets (fleet_simulation.hpp says how they are made and
// judged): every size, shape and spread, healthy, with a host at half and with one at a fifth.
#include <gtest/gtest.h>

#include <cmath>

#include "fleet_simulation.hpp"

namespace iogate {
namespace {

using sim::Outcome;
using sim::Shape;
using sim::shape_name;
using sim::simulate;

// The simulation makes a host as the CLI keeps it (fleet_host) without the record the CLI reads:
// both ways keep the same runs, and a comparison of either says the same.
TEST(FleetSimulation, AHostIsKeptAsTheCliKeepsIt) {
  sim::Noise noise(3);
  std::vector<FleetInput> read;
  std::vector<FleetHost> made;
  for (int h : {0, 1, 2, 3, 4, 5, 6, 7, 7, 0, 1, 2}) {
    const bool rerun = read.size() >= 8;
    const auto ios = sim::session_ios(noise, Shape::burst, 0.15, h == 7 ? 200 : 400, 1);
    read.push_back(test::host(sim::label(h), h, {sim::session_record(ios)}));
    read.back().rerun = rerun;
    made.push_back(sim::session_host(h, ios, rerun));
    const FleetHost cli = fleet_host(read.back());
    EXPECT_EQ(made.back().identity, cli.identity);
    EXPECT_EQ(made.back().source, cli.source);
    EXPECT_EQ(made.back().stack.fields(), cli.stack.fields());
    ASSERT_EQ(made.back().checks.size(), 1U);
    EXPECT_EQ(made.back().checks[0].workload, cli.checks[0].workload);
    EXPECT_EQ(made.back().checks[0].runs, cli.checks[0].runs);
  }
  const FleetRecord a = compare_fleet(read, {}), b = compare_fleet(made, {});
  ASSERT_EQ(a.groups.size(), b.groups.size());
  for (std::size_t g = 0; g < a.groups.size(); ++g)
    for (std::size_t h = 0; h < a.groups[g].hosts.size(); ++h) {
      EXPECT_EQ(a.groups[g].hosts[h].verdict, b.groups[g].hosts[h].verdict);
      EXPECT_EQ(a.groups[g].hosts[h].explanation, b.groups[g].hosts[h].explanation);
      EXPECT_EQ(a.groups[g].hosts[h].figures.at(0).shortfall.reason,
                b.groups[g].hosts[h].figures.at(0).shortfall.reason);
    }
  EXPECT_EQ(a.rerun_hosts(), b.rerun_hosts());
}

const int kSizes[] = {3, 6, 12, 50};
const Shape kShapes[] = {Shape::lognormal, Shape::uniform, Shape::heavy, Shape::burst,
                         Shape::drift};
const double kSpreads[] = {0.05, 0.15, 0.30};

int fleets_for(int hosts) { return hosts >= 50 ? 30 : hosts >= 12 ? 80 : hosts >= 6 ? 150 : 200; }

// Simulates every size, shape and spread with `share` for the slow host, the seeds counting up
// from `seed`, and prints each cell as `what`; `check` asserts on it.
template <class Check>
void for_each_cell(const char* what, double share, std::uint64_t seed, Check check) {
  for (int hosts : kSizes)
    for (Shape shape : kShapes)
      for (double spread : kSpreads) {
        const Outcome o = simulate(hosts, shape, spread, share, fleets_for(hosts), seed++);
        sim::print(what, hosts, shape, spread, o, share < 1);
        check(hosts, shape, spread, o);
      }
}

// Healthy fleets: no host named in at least 99% of them, whatever the size, shape and spread,
// bursts included: persistence names a host only after as many sessions as make a burst that
// comes back for each of them rarer than that over the fleet (sessions_to_persist: 2 in a fleet of
// 3, where 3 hosts x 1/400 is 0.75%; 3 from 5 host figures). The bursts' count is held to 1%
// within three deviations, the rest to 1%.
TEST(FleetSimulation, HealthyFleetsNameNoHostInNinetyNineOfAHundred) {
  for_each_cell("healthy", 1.0, 1, [](int hosts, Shape shape, double spread, const Outcome& o) {
    const double one_percent = 0.01 * o.fleets;
    const double limit =
        shape == Shape::burst ? one_percent + 3 * std::sqrt(one_percent) : one_percent;
    EXPECT_LE(o.named_healthy, limit)
        << hosts << " hosts, " << shape_name(shape) << ", spread " << spread;
  });
}

// A host at half its peers' level, nothing in its fingerprint: named after its reruns (one session
// cannot tell it from a burst, nor two from one that comes back in a fleet of 6 or more) in at
// least 95% of fleets of 6 hosts or more at spreads up to 15%
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

}  // namespace
}  // namespace iogate
