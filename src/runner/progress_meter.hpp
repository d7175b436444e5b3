// Progress of a long check, fed by the engine's once-a-second interval hook (RunOptions /
// JudgeOptions::on_interval). On a terminal it redraws one line — bytes done, the last second's
// rate, ETA — and clears it when the run ends; elsewhere (CI logs, ctest) it prints a plain line
// every `every_s` seconds of the run, so a log shows life without filling up. Time is the run's
// own measured time (RunResult::elapsed_s), so the output depends on nothing but the figures.
#pragma once

#include <ostream>
#include <string>

#include "iogate/engine/run_result.hpp"
#include "iogate/engine/workload.hpp"

namespace iogate {

class ProgressMeter {
 public:
  ProgressMeter(std::ostream& out, bool tty, std::string name, const WorkloadSpec& spec,
                double every_s = 5.0);
  ~ProgressMeter() { finish(); }
  ProgressMeter(const ProgressMeter&) = delete;
  ProgressMeter& operator=(const ProgressMeter&) = delete;

  // The interval hook's body: shows progress, never stops the run.
  bool update(const RunResult& so_far);
  // A line about the check between its runs ("a second sample after a 30s pause ..."): on a
  // terminal it takes the progress line's place, so the table printed around it stays whole and
  // the next run's progress replaces it; elsewhere a plain line, as progress is.
  void note(const std::string& text);
  // Clears the terminal line (nothing otherwise); safe to call twice.
  void finish();

  // "12.0 MiB / 512.0 MiB, 45.20 MB/s, ETA 0:11": what both modes print after the name.
  std::string describe(const RunResult& so_far) const;

 private:
  std::ostream& out_;
  bool tty_;
  std::string name_;
  WorkloadSpec spec_;
  double every_s_;
  double last_print_s_ = 0;
  bool drawn_ = false;
};

}  // namespace iogate
