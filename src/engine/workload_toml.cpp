#include "workload_toml.hpp"

#include "common/toml_text.hpp"

namespace iogate {

std::vector<WorkloadKey> workload_toml_keys(const WorkloadSpec& w) {
  using namespace toml_text;
  std::vector<WorkloadKey> keys;
  using F = WorkloadField;
  const auto add = [&](WorkloadField field, std::string value) {
    keys.push_back({std::string(workload_key(field)), std::move(value)});
  };
  add(F::block_size, size_value(w.block_size));
  if (!w.block_mix.empty()) {
    std::string mix = "[";
    for (std::size_t i = 0; i < w.block_mix.size(); ++i)
      mix += (i ? ", " : " ") + std::string("{ size = ") + size_value(w.block_mix[i].block_size) +
             ", pct = " + number_value(w.block_mix[i].pct) + " }";
    add(F::block_mix, mix + " ]");
  }
  add(F::read_pct, share_value(w.read_pct));
  add(F::random_pct, share_value(w.random_pct));
  if (!w.random_distribution.uniform())
    add(F::random_distribution, toml_string(distribution_text(w.random_distribution)));
  if (random_alignment(w) != w.block_size) add(F::block_align, size_value(w.block_align));
  add(F::queue_depth, std::to_string(w.queue_depth));
  add(F::workers, std::to_string(w.workers));
  add(F::file_size, size_value(w.file_size));
  if (w.io_size > 0) add(F::io_size, size_value(w.io_size));
  if (w.duration > std::chrono::nanoseconds::zero()) add(F::duration, duration_value(w.duration));
  add(F::ramp, duration_value(w.ramp));
  add(F::direct, w.direct ? "true" : "false");
  add(F::flush, toml_string(kFlushPolicies.name(w.flush)));
  if (w.write_through) add(F::write_through, "true");
  add(F::engine, toml_string(w.engine));
  add(F::layout, toml_string(kFileLayouts.name(w.layout)));
  add(F::kind, toml_string(kWorkloadKinds.name(w.kind)));
  add(F::verify, w.verify ? "true" : "false");
  if (w.rate_iops > 0) add(F::rate_iops, number_value(w.rate_iops));
  if (w.rate_mbps > 0) add(F::rate_mbps, number_value(w.rate_mbps));
  if (w.rate_process != RateProcess::linear)
    add(F::rate_process, toml_string(kRateProcesses.name(w.rate_process)));
  if (w.layout_write_size > 0) add(F::layout_write_size, size_value(w.layout_write_size));
  if (w.think_time.count() > 0) add(F::think_time, duration_value(w.think_time));
  if (w.think_blocks != 1) add(F::think_blocks, std::to_string(w.think_blocks));
  if (w.priority.set()) add(F::priority, toml_string(priority_text(w.priority)));
  if (w.cmd_priority.set()) {
    add(F::cmd_priority, toml_string(priority_text(w.cmd_priority)));
    add(F::cmd_priority_pct, share_value(w.cmd_priority_pct));
  }
  if (w.cpu_affinity.pinned()) add(F::cpu_affinity, toml_string(cpu_affinity_text(w.cpu_affinity)));
  if (const SteadyState& steady = w.steady_state; steady.enabled()) {
    add(F::steady_state, toml_string(steady_criterion_text(steady)));
    add(F::steady_window, duration_value(steady.window));
    if (steady.interval != SteadyState{}.interval)
      add(F::steady_interval, duration_value(steady.interval));
    add(F::steady_max, duration_value(steady.max_wait));
  }
  return keys;
}

}  // namespace iogate
