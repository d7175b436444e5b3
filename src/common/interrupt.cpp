// The stop request and Interrupted's message. See src/common/interrupt.hpp.
#include "interrupt.hpp"

#include <algorithm>
#include <csignal>
#include <thread>

#include "iogate/common/units.hpp"

namespace iogate {
namespace detail {

std::atomic<int> g_stop_signal{0};

}  // namespace detail

namespace {

std::string describe(int sig, const InterruptProgress& p) {
  std::string what = "interrupted by " + signal_name(sig);
  if (!p.doing.empty()) what += " while " + p.doing;
  what += " after " + format_duration(p.elapsed);
  if (p.planned.count() > 0 && p.bytes_planned == 0) what += " of " + format_duration(p.planned);
  what += ", " + format_size(p.bytes);
  what += p.bytes_planned > 0 ? " of " + format_size(p.bytes_planned) : " transferred";
  return what;
}

}  // namespace

std::string signal_name(int sig) {
  switch (sig) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
#ifdef SIGBREAK  // the C runtime's name for Windows' Ctrl-Break
    case SIGBREAK:
      return "SIGBREAK (Ctrl-Break)";
#endif
    default:
      return "signal " + std::to_string(sig);
  }
}

Interrupted::Interrupted(int sig, InterruptProgress progress)
    : std::runtime_error(describe(sig, progress)), signal_(sig), progress_(std::move(progress)) {}

void sleep_unless_stopped(std::chrono::nanoseconds d, const std::string& doing) {
  const auto start = std::chrono::steady_clock::now();
  const auto end = start + d;
  for (auto now = start; now < end; now = std::chrono::steady_clock::now()) {
    if (const int sig = stop_requested()) throw Interrupted(sig, {doing, now - start, d, 0, 0});
    std::this_thread::sleep_for(
        std::min<std::chrono::nanoseconds>(end - now, std::chrono::milliseconds{100}));
  }
  if (const int sig = stop_requested()) throw Interrupted(sig, {doing, d, d, 0, 0});
}

std::string not_run_reason(int sig) { return "not run: interrupted by " + signal_name(sig); }

}  // namespace iogate
