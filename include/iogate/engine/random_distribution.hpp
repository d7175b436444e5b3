// Where a random I/O lands: uniformly over the file (the default), or skewed so that some blocks
// are hot and most are cold, as real working sets are (caches, tiering and SSDs' own mapping behave
// differently under them). The models and their parameters are fio's `random_distribution`, with
// its spelling, so a fio job and a threshold file say the same thing the same way:
//
//   random                   uniform (iogate's default; written "random" as fio writes it)
//   zipf:THETA[:CENTER]      Zipf's law over the file's blocks: the k-th hottest block is hit in
//                            proportion to 1/k^THETA (THETA > 0, not 1; fio's example 1.2)
//   pareto:H[:CENTER]        Pareto: H in (0, 1), smaller is more skewed (0.9 is the 80/20 rule's
//                            neighbourhood)
//   normal:DEV[:CENTER]      fio's normal: a bell over the blocks, widened by DEV percent of the
//                            file (0 to 100)
//   zoned:A/S:A/S...         A percent of the random I/Os go to the next S percent of the file,
//                            zone after zone from its start; the As and the Ss each sum to 100 (a
//                            last size left empty, "20/", takes what is left, as in fio)
//
// CENTER (0 to 1) places the hottest block at that fraction of the file; without it zipf and
// pareto place it at random per run and normal at the middle. As in fio, zipf, pareto and normal
// scatter their ranks over the file by Knuth's multiplicative hash: the hot blocks are spread, not
// adjacent, and the same parameters on the same number of blocks give the same hit shares as fio.
// The distribution applies to random I/Os only; a sequential one still continues where the last
// ended. Blocks are counted in block_size (a mix's smallest size), each worker over its own region.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iogate {

enum class DistributionModel { random, zipf, pareto, normal, zoned };

// One zone of a zoned distribution: `access_pct` of the random I/Os land in the next `size_pct`
// of the file.
struct AccessZone {
  double access_pct = 0;
  double size_pct = 0;
  bool operator==(const AccessZone&) const = default;
};

struct RandomDistribution {
  DistributionModel model = DistributionModel::random;
  double parameter = 0;           // zipf's theta, pareto's H, normal's deviation in percent
  std::optional<double> center;   // 0..1, zipf, pareto and normal only
  std::vector<AccessZone> zones;  // zoned only, from the file's start
  bool operator==(const RandomDistribution&) const = default;
  bool uniform() const { return model == DistributionModel::random; }
};

// fio's spelling, which parse_random_distribution reads back: "zipf:1.2", "zoned:60/10:40/90".
std::string distribution_text(const RandomDistribution& distribution);

// The distribution `text` spells, or what was expected instead (without the file context, which
// the caller adds). Every rule is checked here: a value that parses is one the engine runs.
struct ParsedDistribution {
  std::optional<RandomDistribution> distribution;
  std::string problem;  // when there is none
};
ParsedDistribution parse_random_distribution(std::string_view text);

// The rules on a distribution built in code (the parser's are the same ones): nothing, or what
// was expected.
std::optional<std::string> random_distribution_problem(const RandomDistribution& distribution);

}  // namespace iogate
