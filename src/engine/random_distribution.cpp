// fio's random_distribution spelling, read and written (random_distribution.hpp).
#include "iogate/engine/random_distribution.hpp"

#include <fmt/format.h>

#include "common/display_text.hpp"

#include <charconv>
#include <cmath>

namespace iogate {
namespace {

// fio's defaults for a model named without its value (fio.h FIO_DEF_ZIPF, FIO_DEF_PARETO).
constexpr double kDefaultZipfTheta = 1.1;
constexpr double kDefaultParetoH = 0.2;
// fio keeps at most this many zones (ZONESPLIT_MAX).
constexpr std::size_t kMaxZones = 256;
// The zones' shares, like a block mix's, may miss 100 by this much (three zones of 33.3).
constexpr double kZoneSumTolerance = 0.1;

constexpr const char* kModels =
    R"(expected random, zipf:THETA, pareto:H, normal:DEV (each with an optional :CENTER) or )"
    R"(zoned:ACCESS/SIZE:..., as fio's random_distribution)";

const char* model_name(DistributionModel model) {
  switch (model) {
    case DistributionModel::zipf:
      return "zipf";
    case DistributionModel::pareto:
      return "pareto";
    case DistributionModel::normal:
      return "normal";
    case DistributionModel::zoned:
      return "zoned";
    case DistributionModel::random:
      break;
  }
  return "random";
}

std::optional<double> number(std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [at, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || at != end || text.empty() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  while (true) {
    const std::size_t cut = text.find(separator);
    parts.push_back(text.substr(0, cut));
    if (cut == std::string_view::npos) return parts;
    text.remove_prefix(cut + 1);
  }
}

std::optional<std::string> parameter_problem(const RandomDistribution& d) {
  const double p = d.parameter;
  switch (d.model) {
    case DistributionModel::zipf:
      // theta = 1 divides by zero in the generator fio and iogate share (1 / (1 - theta)).
      if (!(p > 0) || p == 1.0)
        return fmt::format("zipf: expected a theta above 0 and not 1, got {:g}", p);
      break;
    case DistributionModel::pareto:
      if (!(p > 0 && p < 1))
        return fmt::format("pareto: expected an H between 0 and 1, got {:g}", p);
      break;
    case DistributionModel::normal:
      if (!(p >= 0 && p < 100))
        return fmt::format("normal: expected a deviation from 0 up to 100 (percent), got {:g}", p);
      break;
    case DistributionModel::random:
    case DistributionModel::zoned:
      break;
  }
  if (d.center && !(*d.center >= 0 && *d.center <= 1))
    return fmt::format("{}: expected a center from 0 to 1, got {:g}", model_name(d.model),
                       *d.center);
  return std::nullopt;
}

std::optional<std::string> zones_problem(const std::vector<AccessZone>& zones) {
  if (zones.empty() || zones.size() > kMaxZones)
    return fmt::format("zoned: expected 1 to {} zones like 60/10:40/90, got {}", kMaxZones,
                       zones.size());
  double access = 0;
  double size = 0;
  for (std::size_t i = 0; i < zones.size(); ++i) {
    const AccessZone& z = zones[i];
    if (!(z.access_pct >= 0 && z.access_pct <= 100) || !(z.size_pct > 0 && z.size_pct <= 100))
      return fmt::format(
          "zoned: zone {}: expected an access share from 0 to 100 and a size above 0 and at most "
          "100 (percent), got {:g}/{:g}",
          i + 1, z.access_pct, z.size_pct);
    access += z.access_pct;
    size += z.size_pct;
  }
  for (const auto& [what, sum] : {std::pair{"access shares", access}, std::pair{"sizes", size}}) {
    if (std::fabs(sum - 100) > kZoneSumTolerance + 1e-9)
      return fmt::format("zoned: expected the zones' {} to sum to 100%, got {:g}%", what, sum);
  }
  return std::nullopt;
}

// "60/10:30/20:10/" — a size left empty takes what the others leave, split evenly among the empty
// ones (fio's zone_split_ddir); an access share must be given.
ParsedDistribution parse_zones(std::string_view text) {
  RandomDistribution d;
  d.model = DistributionModel::zoned;
  std::vector<std::size_t> unsized;
  double sized = 0;
  for (const std::string_view entry : split(text, ':')) {
    const std::size_t slash = entry.find('/');
    const std::optional<double> access = number(entry.substr(0, slash));
    std::optional<double> size;
    if (slash != std::string_view::npos && slash + 1 < entry.size())
      size = number(entry.substr(slash + 1));
    const bool empty_size = slash != std::string_view::npos && slash + 1 == entry.size();
    if (!access || (!size && !empty_size))
      return {std::nullopt,
              fmt::format(R"(zoned: expected ACCESS/SIZE in percent like "60/10", got {})",
                          quoted_excerpt(entry))};
    if (empty_size) unsized.push_back(d.zones.size());
    sized += size.value_or(0);
    d.zones.push_back({*access, size.value_or(0)});
  }
  for (const std::size_t i : unsized)
    d.zones[i].size_pct = (100 - sized) / static_cast<double>(unsized.size());
  if (auto problem = zones_problem(d.zones)) return {std::nullopt, std::move(*problem)};
  return {std::move(d), {}};
}

}  // namespace

std::string distribution_text(const RandomDistribution& d) {
  if (d.model == DistributionModel::random) return "random";
  std::string text = model_name(d.model);
  if (d.model == DistributionModel::zoned) {
    for (const AccessZone& zone : d.zones)
      text += fmt::format(":{:g}/{:g}", zone.access_pct, zone.size_pct);
    return text;
  }
  text += fmt::format(":{:g}", d.parameter);
  if (d.center) text += fmt::format(":{:g}", *d.center);
  return text;
}

ParsedDistribution parse_random_distribution(std::string_view text) {
  const std::size_t colon = text.find(':');
  const std::string_view name = text.substr(0, colon);
  const std::string_view rest =
      colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
  if (name == "random" && colon == std::string_view::npos) return {RandomDistribution{}, {}};
  if (name == "zoned") {
    if (rest.empty()) return {std::nullopt, R"(zoned: expected zones like "zoned:60/10:40/90")"};
    return parse_zones(rest);
  }
  RandomDistribution d;
  if (name == "zipf") {
    d.model = DistributionModel::zipf;
    d.parameter = kDefaultZipfTheta;
  } else if (name == "pareto") {
    d.model = DistributionModel::pareto;
    d.parameter = kDefaultParetoH;
  } else if (name == "normal") {
    d.model = DistributionModel::normal;
  } else {
    return {std::nullopt, fmt::format("{}, got {}", kModels, quoted_excerpt(text))};
  }
  if (colon != std::string_view::npos) {
    const std::vector<std::string_view> values = split(rest, ':');
    const std::optional<double> parameter = number(values[0]);
    const std::optional<double> center = values.size() == 2 ? number(values[1]) : std::nullopt;
    if (!parameter || values.size() > 2 || (values.size() == 2 && !center))
      return {std::nullopt,
              fmt::format("{}: expected {}:VALUE or {}:VALUE:CENTER with numbers, got {}", name,
                          name, name, quoted_excerpt(text))};
    d.parameter = *parameter;
    d.center = center;
  }
  if (auto problem = parameter_problem(d)) return {std::nullopt, std::move(*problem)};
  return {std::move(d), {}};
}

std::optional<std::string> random_distribution_problem(const RandomDistribution& d) {
  if (d.model == DistributionModel::zoned) return zones_problem(d.zones);
  if (!d.zones.empty()) return fmt::format("{}: zones belong to zoned only", model_name(d.model));
  if (d.model == DistributionModel::random) {
    if (d.center) return std::string("random: a center belongs to zipf, pareto and normal only");
    return std::nullopt;
  }
  return parameter_problem(d);
}

}  // namespace iogate
