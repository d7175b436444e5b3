// The proposal writer; see src/propose/proposal_toml.hpp.
#include "proposal_toml.hpp"

#include <fmt/format.h>

#include <cmath>
#include <sstream>

#include "common/toml_text.hpp"
#include "engine/workload_toml.hpp"
#include "iogate/baseline/baseline.hpp"
#include "results/run_json.hpp"

namespace iogate {
namespace {

using namespace toml_text;

constexpr std::size_t kCommentWidth = 100;

// "# " + items joined by ", ", wrapped at kCommentWidth with "#   " continuation lines.
void wrapped_comment(std::ostream& out, const std::string& lead,
                     const std::vector<std::string>& items) {
  std::string line = "# " + lead;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item = comment_text(items[i]) + (i + 1 < items.size() ? "," : "");
    if (line.size() + 1 + item.size() > kCommentWidth && line.size() > 4) {
      out << line << '\n';
      line = "#  ";
    }
    line += " " + item;
  }
  out << line << '\n';
}

// The fingerprint fields a reader of one check wants beside it: what the device is and what
// drives it. The header lists every field.
constexpr const char* kCheckStackFields[] = {
    "filesystem", "device",      "vendor",      "model",
    "firmware",   "driver",      "host_driver", "host_driver_version",
    "scheduler",  "write_cache", "rotational",  "kernel",
    "hypervisor"};

std::vector<std::string> stack_items(const StorageStack& stack, bool all) {
  std::vector<std::string> items;
  for (const auto& [key, value] : stack.fields()) {
    bool wanted = all;
    for (const char* k : kCheckStackFields) wanted = wanted || key == k;
    if (wanted) items.push_back(fmt::format("{} {}", key, value));
  }
  if (items.empty()) items.push_back("(not recorded)");
  return items;
}

std::string figure(double x) { return fmt::format("{:.6g}", x); }

// "iops median 2841.07, runs 2790.1-2890.55, sigma 31.2" (one run: "iops 2841.07, one run").
std::string measured_line(const ProposedBound& b) {
  const Derivation& d = b.how;
  if (d.runs == 1)
    return fmt::format("{} {} (one run: no spread known)", b.choice.sample_key(), figure(d.median));
  std::string line = fmt::format("{} median {}, runs {}-{}", b.choice.sample_key(),
                                 figure(d.median), figure(d.lowest), figure(d.highest));
  if (d.sigma) line += fmt::format(", robust sigma {}", figure(*d.sigma));
  return line;
}

// "median 2841.07 x 0.80 = 2272.86 (median - 3 sigma = 2747.5), rounded down"
std::string how_line(const ProposedBound& b, double margin) {
  const Derivation& d = b.how;
  const bool floor = b.choice.kind == BoundKind::min;
  const std::string by_margin =
      floor ? fmt::format("median x {:g} = {}", 1 - margin, figure(d.from_margin))
            : fmt::format("median / {:g} = {}", 1 - margin, figure(d.from_margin));
  std::string by_spread;
  if (d.from_spread)
    by_spread = fmt::format("median {} 3 sigma = {}", floor ? "-" : "+", figure(*d.from_spread));
  const std::string rounded = floor ? "rounded down" : "rounded up";
  if (d.spread_decided())
    return fmt::format("{} (wider than {}), {}", by_spread, by_margin, rounded);
  if (!by_spread.empty()) return fmt::format("{} ({}), {}", by_margin, by_spread, rounded);
  return fmt::format("{}, {}", by_margin, rounded);
}

std::string bound_text(const ProposedBound& b) {
  switch (b.choice.metric) {
    case Metric::iops:
    case Metric::mbps:
      return three_digit_text(b.how.value);
    case Metric::duration:
      return three_digit_duration(b.how.value);
    default:
      return three_digit_duration(b.how.value / 1000.0);  // latencies are in ms
  }
}

const char* shape_reason(CheckShape shape) {
  switch (shape) {
    case CheckShape::paced:
      return "paced (rate_iops/rate_mbps): the pace fixes the throughput, so the latency at that "
             "load is bounded, and a floor on IOPS that the device keeps the pace";
    case CheckShape::timed:
      return "timed (duration): the work done in the window is bounded, in IOPS and MB/s";
    case CheckShape::sized:
      break;
  }
  return "sized (size, no time cap): the time the work takes is bounded";
}

void write_header(std::ostream& out, const Proposal& p) {
  const Recording& r = *p.recording;
  const double m = p.settings.margin;
  out << "# Proposed by `iogate propose` from " << comment_text(r.source.string()) << " (iogate "
      << r.kind << ")\n";
  out << "# recorded " << comment_text(r.recorded_at.empty() ? "(time unknown)" : r.recorded_at)
      << " on host " << comment_text(r.host.empty() ? "(unknown)" : r.host) << ", datastore "
      << comment_text(r.datastore.empty() ? "(unknown)" : r.datastore)
      << (r.iogate_version.empty() ? "" : ", iogate " + comment_text(r.iogate_version)) << ".\n";
  wrapped_comment(out, "Storage stack:", stack_items(r.stack, true));
  out << fmt::format(
      "# Margin {:g}%: rates may fall to {:g}% of the recorded median and times grow to {:.4g}% "
      "of it\n# before a check fails; where the recorded runs spread wider (median -/+ 3 robust "
      "sigma),\n# the spread sets the bound. Floors are rounded down, ceilings up, to 3 "
      "digits.\n",
      m * 100, (1 - m) * 100, 100 / (1 - m));
  out << "# Review it before committing it: the bounds say what this storage did, not what it "
         "must do.\n";
  for (const std::string& why : p.left_out) out << "# Left out: " << comment_text(why) << '\n';
  out << '\n';
  out << "[suite]\n";
  out << "name = " << toml_string(p.suite) << '\n';
  if (!p.settings.profile.empty()) out << "profile = " << toml_string(p.settings.profile) << '\n';
  out << "description = "
      << toml_string(fmt::format("proposed from {} (host {}, {}), margin {:g}%",
                                 r.source.filename().string(), r.host, r.recorded_at, m * 100))
      << '\n';
  // Offered, not set: the datastore's path and device may be named differently on the host the
  // gate runs on, which the reviewer knows and the recording does not.
  for (const auto& [key, value] : r.stack.fields())
    if (key == "filesystem")
      out << "# require_filesystem = " << toml_string(value)
          << "   # refuse a datastore on another filesystem\n";
  out << "# require_mount = true   # refuse a datastore that is not a mount point of its own\n";
}

void write_workload(std::ostream& out, const WorkloadSpec& w) {
  out << "[check.workload]\n";
  for (const WorkloadKey& k : workload_toml_keys(w)) out << k.key << " = " << k.value << '\n';
}

void write_check(std::ostream& out, const Proposal& p, const ProposedCheck& c) {
  const RecordedCheck& rc = *c.recorded;
  const Recording& r = *p.recording;
  out << '\n';
  out << "# " << rc.name << ": " << shape_reason(c.shape) << ".\n";
  out << "# Measured " << comment_text(rc.measured_at.empty() ? "(time unknown)" : rc.measured_at)
      << " on host " << comment_text(r.host.empty() ? "(unknown)" : r.host) << ", datastore "
      << comment_text(rc.datastore.empty() ? r.datastore : rc.datastore) << ", "
      << c.bounds.front().how.runs << (c.bounds.front().how.runs == 1 ? " run" : " runs")
      << (rc.status.empty() ? "" : ", status " + rc.status) << ":\n";
  for (const ProposedBound& b : c.bounds) out << "#   " << measured_line(b) << '\n';
  wrapped_comment(out, "Stack:", stack_items(r.stack, false));
  out << "[[check]]\n";
  out << "name = " << toml_string(rc.name) << '\n';
  if (!rc.description.empty()) out << "description = " << toml_string(rc.description) << '\n';
  write_workload(out, rc.workload);
  out << "[check.expect]\n";
  for (const ProposedBound& b : c.bounds)
    out << b.choice.key << " = " << bound_text(b) << "   # " << how_line(b, p.settings.margin)
        << '\n';
}

void verify_check(const Check& parsed, const ProposedCheck& c) {
  const RecordedCheck& rc = *c.recorded;
  const nlohmann::json want = compared_workload(rc.workload),
                       got = compared_workload(parsed.workload);
  for (const auto& [key, value] : want.items()) {
    const nlohmann::json was = got.contains(key) ? got.at(key) : nlohmann::json();
    if (was != value)
      throw ProposalError(fmt::format(
          "check \"{}\": the threshold file cannot spell its workload: {} {} recorded, {} "
          "written",
          rc.name, key, value.dump(), was.dump()));
  }
  if (parsed.expectations.size() != c.bounds.size())
    throw ProposalError(fmt::format("check \"{}\": {} bounds proposed, {} read back", rc.name,
                                    c.bounds.size(), parsed.expectations.size()));
  for (std::size_t i = 0; i < c.bounds.size(); ++i) {
    const Expectation& e = parsed.expectations[i];
    const ProposedBound& b = c.bounds[i];
    const auto* abs = std::get_if<AbsoluteBound>(&e.bound);
    if (e.key != b.choice.key || abs == nullptr ||
        std::fabs(abs->value - b.how.value) > 1e-9 * b.how.value)
      throw ProposalError(fmt::format("check \"{}\": {} = {} proposed, {} read back", rc.name,
                                      b.choice.key, b.how.value, e.key));
  }
}

}  // namespace

std::string proposal_toml(const Proposal& p, const std::filesystem::path& as) {
  std::ostringstream out;
  write_header(out, p);
  for (const ProposedCheck& c : p.checks) write_check(out, p, c);
  const std::string text = out.str();
  ThresholdFile parsed;
  try {
    parsed = parse_threshold_text(text, as);
  } catch (const ThresholdError& e) {
    throw ProposalError(fmt::format("the proposed file does not lint: {}", e.what()));
  }
  if (parsed.checks.size() != p.checks.size())
    throw ProposalError(
        fmt::format("{} checks proposed, {} read back", p.checks.size(), parsed.checks.size()));
  for (std::size_t i = 0; i < p.checks.size(); ++i) verify_check(parsed.checks[i], p.checks[i]);
  return text;
}

}  // namespace iogate
