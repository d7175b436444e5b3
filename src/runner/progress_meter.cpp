#include "progress_meter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/terminal_filter.hpp"
#include "iogate/common/units.hpp"

namespace iogate {
namespace {

// Back to the start of the line and erase it: how a terminal's progress line is redrawn.
constexpr std::string_view kEraseLine = "\r\x1b[K";

std::string clock_text(double s) {
  const auto total = static_cast<long long>(std::ceil(std::max(0.0, s)));
  return fmt::format("{}:{:02}", total / 60, total % 60);
}

}  // namespace

ProgressMeter::ProgressMeter(std::ostream& out, bool tty, std::string name,
                             const WorkloadSpec& spec, double every_s)
    : out_(out), tty_(tty), name_(std::move(name)), spec_(spec), every_s_(every_s) {}

std::string ProgressMeter::describe(const RunResult& r) const {
  const double done_mib = static_cast<double>(r.bytes()) / kMiB;
  const double rate = r.intervals.empty() ? r.mbps() : r.intervals.back().mbps();
  const double window_s = std::chrono::duration<double>(spec_.duration).count();
  double eta = -1;  // unknown
  if (spec_.io_size > 0 && rate > 0)
    eta = (static_cast<double>(spec_.io_size) / kMiB - done_mib) / rate;
  if (window_s > 0) eta = eta < 0 ? window_s - r.elapsed_s : std::min(eta, window_s - r.elapsed_s);
  std::string text = spec_.io_size > 0 ? fmt::format("{:.1f} MiB / {:.1f} MiB", done_mib,
                                                     static_cast<double>(spec_.io_size) / kMiB)
                                       : fmt::format("{:.1f} MiB", done_mib);
  text += fmt::format(", {:.2f} MB/s", rate);
  text += eta < 0 ? ", ETA ?" : ", ETA " + clock_text(eta);
  return text;
}

bool ProgressMeter::update(const RunResult& so_far) {
  if (tty_) {
    detail::write_terminal_control(out_, kEraseLine);
    out_ << name_ << ": " << describe(so_far) << std::flush;
    drawn_ = true;
  } else if (so_far.elapsed_s - last_print_s_ >= every_s_) {
    last_print_s_ = so_far.elapsed_s;
    out_ << name_ << ": " << describe(so_far) << std::endl;
  }
  return true;
}

void ProgressMeter::note(const std::string& text) {
  if (tty_) {
    detail::write_terminal_control(out_, kEraseLine);
    out_ << name_ << ": " << text << std::flush;
    drawn_ = true;
  } else {
    out_ << name_ << ": " << text << std::endl;
  }
}

void ProgressMeter::finish() {
  if (drawn_) detail::write_terminal_control(out_, kEraseLine);
  drawn_ = false;
}

}  // namespace iogate
