// Merging run results: workers that ran side by side, and passes that ran one after another.
#include <algorithm>

#include "worker_set.hpp"

namespace iogate {
namespace {

// By size, smallest first: workers of one run draw the same sizes, passes may not.
void add_block_sizes(std::vector<BlockSizeCount>& into, const std::vector<BlockSizeCount>& from) {
  for (const BlockSizeCount& count : from) {
    auto at = std::lower_bound(
        into.begin(), into.end(), count.block_size,
        [](const BlockSizeCount& c, std::uint64_t size) { return c.block_size < size; });
    if (at == into.end() || at->block_size != count.block_size)
      at = into.insert(at, {count.block_size, 0, 0});
    at->ios += count.ios;
    at->bytes += count.bytes;
  }
}

void add_counts(RunResult& into, const RunResult& from) {
  into.bytes_read += from.bytes_read;
  into.bytes_written += from.bytes_written;
  into.ios_read += from.ios_read;
  into.ios_written += from.ios_written;
  into.blocks_verified += from.blocks_verified;
  add_block_sizes(into.block_sizes, from.block_sizes);
  into.latency.merge(from.latency);
  into.read_latency.merge(from.read_latency);
  into.write_latency.merge(from.write_latency);
  into.prioritized_latency.merge(from.prioritized_latency);
  into.unprioritized_latency.merge(from.unprioritized_latency);
  into.completed = into.completed && from.completed;
}

}  // namespace

void merge_concurrent(RunResult& into, const RunResult& worker) {
  add_counts(into, worker);
  into.elapsed_s = std::max(into.elapsed_s, worker.elapsed_s);
  into.flush_s = std::max(into.flush_s, worker.flush_s);
  // Both CPU figures are whole-process or whole-machine already, taken over each worker's own
  // window; the windows nearly coincide, so the largest is the run's.
  into.cpu_process_pct = std::max(into.cpu_process_pct, worker.cpu_process_pct);
  into.cpu_system_pct = std::max(into.cpu_system_pct, worker.cpu_system_pct);
  if (into.intervals.size() < worker.intervals.size()) {
    into.intervals.resize(worker.intervals.size());
  }
  for (std::size_t i = 0; i < worker.intervals.size(); ++i) {
    IntervalSample& to = into.intervals[i];
    const IntervalSample& from = worker.intervals[i];
    to.start_s = from.start_s;
    to.length_s = std::max(to.length_s, from.length_s);
    to.bytes += from.bytes;
    to.ios += from.ios;
  }
}

void append_pass(RunResult& into, const RunResult& next) {
  const double before = into.elapsed_s;
  add_counts(into, next);
  const double total = before + next.elapsed_s;
  if (total > 0) {
    into.cpu_process_pct =
        (into.cpu_process_pct * before + next.cpu_process_pct * next.elapsed_s) / total;
    into.cpu_system_pct =
        (into.cpu_system_pct * before + next.cpu_system_pct * next.elapsed_s) / total;
  }
  into.elapsed_s = total;
  into.flush_s += next.flush_s;
  for (IntervalSample sample : next.intervals) {
    sample.start_s += before;
    into.intervals.push_back(sample);
  }
}

}  // namespace iogate
