// fio-like flags for one ad-hoc workload (`iogate run`), read as text and converted with the same
// unit rules as threshold files.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "iogate/engine/workload.hpp"

namespace iogate::cli {

struct WorkloadFlags {
  std::optional<std::string> bs;       // "4k" when neither it nor bssplit is given
  std::optional<std::string> bssplit;  // fio's syntax: 4k/60:64k/40
  std::string read = "0";
  std::string random = "0";
  std::string random_distribution = "random";  // fio's spelling: zipf:1.2, zoned:60/10:40/90
  std::optional<std::string> block_align;      // fio's blockalign: random offsets' alignment
  unsigned qd = 1;
  std::optional<std::string> size;
  std::optional<std::string> time;
  std::optional<std::string> file_size;
  std::string ramp = "0";
  int direct = 1;
  std::string flush = "end";
  std::string engine = "auto";
  std::string seed = "0";  // text: CLI11 would read "-1" and "2^64" as 2^64-1 without a word
  unsigned workers = 1;
  bool verify = false;
  bool write_through = false;
  std::string kind = "mixed";
  double rate_iops = 0;
  double rate_mbps = 0;
  std::string rate_process = "linear";
  std::optional<std::string> priority;      // "rt:0", "be:4", "idle"
  std::optional<std::string> cmd_priority;  // with cmd_priority_share
  std::optional<std::string> cmd_priority_share;
  std::optional<std::string> think_time;
  unsigned think_blocks = 1;
  std::optional<std::string> steady_state;  // fio's criterion: iops:10%, bw_slope:1%
  std::optional<std::string> steady_window;
  std::optional<std::string> steady_interval;  // default: SteadyState's 1s
  std::optional<std::string> steady_max;
  std::string layout = "written";
  std::optional<std::string> layout_write_size;
  std::string cpu_affinity = "none";

  void add_to(CLI::App& sub);
  // Throws std::invalid_argument naming the flag and what it expects.
  WorkloadSpec to_spec() const;

 private:
  SteadyState steady_state_rule() const;
};

}  // namespace iogate::cli
