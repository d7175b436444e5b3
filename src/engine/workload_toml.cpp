#include "iogate/engine/workload_toml.hpp"

#include "iogate/toml_text.hpp"

#include <array>

namespace iogate {

std::vector<WorkloadKey> workload_toml_keys(const WorkloadSpec& w) {
  using namespace toml_text;
  std::vector<WorkloadKey> keys;
  const auto add = [&](std::string key, std::string value) {
    keys.push_back({std::move(key), std::move(value)});
  };
  add("block_size", size_value(w.block_size));
  if (!w.block_mix.empty()) {
    std::string mix = "[";
    for (std::size_t i = 0; i < w.block_mix.size(); ++i)
      mix += (i ? ", " : " ") + std::string("{ size = ") + size_value(w.block_mix[i].block_size) +
             ", pct = " + number_value(w.block_mix[i].pct) + " }";
    add("block_mix", mix + " ]");
  }
  add("read", share_value(w.read_pct));
  add("random", share_value(w.random_pct));
  if (!w.random_distribution.uniform())
    add("random_distribution", toml_string(distribution_text(w.random_distribution)));
  if (random_alignment(w) != w.block_size) add("block_align", size_value(w.block_align));
  add("queue_depth", std::to_string(w.queue_depth));
  add("workers", std::to_string(w.workers));
  add("file_size", size_value(w.file_size));
  if (w.io_size > 0) add("size", size_value(w.io_size));
  if (w.duration > std::chrono::nanoseconds::zero()) add("duration", duration_value(w.duration));
  add("ramp", duration_value(w.ramp));
  add("direct", w.direct ? "true" : "false");
  add("flush", toml_string(w.flush == FlushPolicy::end ? "end" : "none"));
  if (w.write_through) add("write_through", "true");
  add("engine", toml_string(w.engine));
  add("layout", toml_string(layout_name(w.layout)));
  add("kind", toml_string(w.kind == WorkloadKind::integrity ? "integrity" : "mixed"));
  add("verify", w.verify ? "true" : "false");
  if (w.rate_iops > 0) add("rate_iops", number_value(w.rate_iops));
  if (w.rate_mbps > 0) add("rate_mbps", number_value(w.rate_mbps));
  if (w.rate_process != RateProcess::linear)
    add("rate_process", toml_string(rate_process_name(w.rate_process)));
  if (w.layout_write_size > 0) add("layout_write_size", size_value(w.layout_write_size));
  if (w.think_time.count() > 0) add("think_time", duration_value(w.think_time));
  if (w.think_blocks != 1) add("think_blocks", std::to_string(w.think_blocks));
  if (w.priority.set()) add("priority", toml_string(priority_text(w.priority)));
  if (w.cmd_priority.set()) {
    add("cmd_priority", toml_string(priority_text(w.cmd_priority)));
    add("cmd_priority_share", share_value(w.cmd_priority_pct));
  }
  if (const SteadyState& steady = w.steady_state; steady.enabled()) {
    add("steady_state", toml_string(steady_criterion_text(steady)));
    add("steady_window", duration_value(steady.window));
    if (steady.interval != SteadyState{}.interval)
      add("steady_interval", duration_value(steady.interval));
    add("steady_max", duration_value(steady.max_wait));
  }
  return keys;
}

std::string_view workload_key(WorkloadField field) {
  static constexpr std::array<std::string_view, 26> kKeys{"block_size",
                                                          "read",
                                                          "random",
                                                          "queue_depth",
                                                          "file_size",
                                                          "size",
                                                          "duration",
                                                          "ramp",
                                                          "workers",
                                                          "rate_iops",
                                                          "rate_mbps",
                                                          "layout",
                                                          "block_mix",
                                                          "layout_write_size",
                                                          "random_distribution",
                                                          "think_time",
                                                          "think_blocks",
                                                          "steady_state",
                                                          "steady_window",
                                                          "steady_interval",
                                                          "steady_max",
                                                          "rate_process",
                                                          "block_align",
                                                          "priority",
                                                          "cmd_priority",
                                                          "cmd_priority_share"};
  static_assert(kKeys.size() == static_cast<std::size_t>(WorkloadField::cmd_priority_pct) + 1);
  return kKeys.at(static_cast<std::size_t>(field));
}

}  // namespace iogate
