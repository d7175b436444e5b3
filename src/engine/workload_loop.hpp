// The workload loop: keeps `depth` I/Os in flight through an IoBackend and measures them.
//
// Shape (fio's): fill free slots -> submit (a synchronous backend completes here) -> commit ->
// reap at least one -> repeat, until nothing may be issued and nothing is in flight. While
// filling, every `submit_batch` queued I/Os are committed at once (1: each as soon as it is
// ready), and what is left at the end of the fill goes with the last commit. A slot owns
// one IoRequest and its buffers for the whole run: nothing is allocated per I/O.
//
// Completion handling: a negative result of -EINTR or -EAGAIN is resubmitted unchanged (up to
// kMaxRetries times in a row); a short transfer is resubmitted for the remainder, and the I/O
// counts once, whole, when its last byte is done; its latency runs from the first submit to that
// last completion. Anything else becomes std::system_error naming the operation, offset, length
// and path.
//
// Phases and accounting:
//   ramp     runs spec.ramp of wall time with every figure discarded afterwards.
//   settle   with a steady-state rule (spec.steady_state, steady_state.hpp): runs on after the
//            ramp, handing each interval's counts to the phase the workers share, until it
//            judges them steady or the rule's max_wait has passed; discarded as the ramp is.
//   measure  starts when the loop first sees the ramp's end (or at once without a ramp), or
//            the end of the settle phase; all
//            figures, the CPU baseline and the interval clock restart there. I/Os in flight
//            across that boundary count in the phase they complete in, i.e. in the measurement.
//   stop     issuing stops at the first of: io_size bytes issued in the measured window,
//            `duration` of measured time, or the interval hook returning false (completed =
//            false). In-flight I/Os then drain and are counted. For the size budget, I/Os in
//            flight at the ramp boundary are charged to it when they fit (and, if they do not,
//            not counted at all), so a size-based run counts exactly io_size bytes.
//   flush    FlushPolicy::end with any write issued: fdatasync before the clock stops.
//
// Rate cap (spec.rate_iops / rate_mbps): I/Os are issued on a fixed schedule, one every
// 1/rate seconds (with RateProcess::poisson, gaps drawn from an exponential distribution of that
// mean), from a token bucket holding at most `depth` I/Os, so a late issue (every slot was busy)
// is caught up without ever exceeding depth in flight. The draw is on the rate path only: a
// workload without a cap pays nothing for it. The schedule runs off the clock: while it waits
// with I/Os in flight, the wait for a completion ends when the next issue falls due
// (IoBackend::reap_for), so completions never hold an issue back while a slot is free.
//
// Several workers: each runs its own loop on its own thread, on its region of the file
// (`region_offset` is added to every offset). They share only a stop flag (set when the hook
// stops the run or a worker fails) and the progress totals the hook sees; both are touched once
// per interval or per I/O with relaxed atomics: no locks on the per-I/O path.
//
// Stop request (SIGINT/SIGTERM in a process that opted in, see common/interrupt.hpp):
// fill() reads it with a relaxed atomic load next to the clock read it already makes per issue
// (and, after a completion frees a slot, per completion), so it costs no syscall. Once seen,
// issuing stops, what is in flight is reaped (a stuck device is the watchdog's and the second
// signal's business), the final flush is skipped — an interrupted run is not measured, so there
// is nothing to flush for — and run() throws Interrupted with the time since the loop began and
// the bytes measured so far. Every worker sees the same request; run_pass merges their figures.
//
// Block-size mixes (workload.hpp): each I/O's size comes from the generator's next_mixed(),
// bounded by what is left of a size budget, so a size-based run still counts exactly io_size;
// every byte count uses the slot's own length, and the rate cap charges each I/O its own size's
// interval. Counts per size are kept by size index and handed over in RunResult::block_sizes.
// A workload of one size takes next() and skips the per-size counters: one predictable branch.
//
// Priorities (spec.cmd_priority): each I/O is drawn into the share or not at issue, from its own
// stream of the worker's seed, and carries the class in IoRequest::ioprio; the rest carry none
// and so the thread's (spec.priority, set by the worker). At completion each is recorded in
// RunResult::prioritized_latency or unprioritized_latency as well as its direction's.
//
// Verification (a BlockVerifier given): writes are stamped at issue and recorded at completion;
// reads are checked when their last byte is in, and a mismatch throws VerifyError.
//
// Intervals are one second of measured time each; completions are attributed to the interval
// they complete in. The hook sees the running result after each full interval (cpu fields stay
// 0 until the end). A last, partial interval is added when it saw any I/O.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "cpu_usage.hpp"
#include "iogate/engine/engine.hpp"
#include "offset_generator.hpp"
#include "rng.hpp"
#include "steady_state_phase.hpp"
#include "verify/block_verifier.hpp"

namespace iogate {

// Totals of all workers' measured windows, published at each interval's end for the hook.
struct SharedProgress {
  std::atomic<std::uint64_t> bytes_read{0}, bytes_written{0}, ios_read{0}, ios_written{0};
};

struct LoopInputs {
  const WorkloadSpec& spec;         // this worker's share (file_size: its region's size)
  const std::string& path;          // for error messages
  IoBackend& backend;               // already set up for `depth`
  unsigned depth;                   // I/Os kept in flight
  unsigned submit_batch;            // queued I/Os per commit while filling, >= 1
  std::size_t buffer_stride;        // bytes from one slot's buffer to the next (aligned)
  std::byte* read_buffers;          // depth * buffer_stride, or null when there are no reads
  std::byte* write_buffers;         // depth * buffer_stride, filled, or null when no writes
  const IntervalHook& on_interval;  // may be empty; called only by the worker that owns it
  std::uint64_t region_offset = 0;  // added to every offset
  BlockVerifier* verifier = nullptr;
  std::atomic<bool>* stop = nullptr;   // shared between workers; null when alone
  SharedProgress* progress = nullptr;  // shared between workers; null when alone
  SteadyStatePhase* steady = nullptr;  // shared between workers; null without a steady state
};

class WorkloadLoop {
 public:
  static constexpr unsigned kMaxRetries = 1000;

  explicit WorkloadLoop(const LoopInputs& in);
  RunResult run();

 private:
  struct Slot {
    IoRequest req;
    std::byte* read_buffer = nullptr;
    std::byte* write_buffer = nullptr;
    unsigned retries = 0;
    bool busy = false;
    bool counted = true;  // false: issued in ramp, left out of a size budget it did not fit
    std::uint64_t block_offset = 0;  // where the whole I/O starts (req.offset moves on remainders)
    std::uint32_t length = 0;        // the whole I/O's size (req.length shrinks on remainders)
    std::uint32_t size_index = 0;    // a mix's: which size it is
    std::uint32_t generation = 0;    // verified write: its stamp
    bool prioritized = false;        // drawn into the cmd_priority share
    BlockVerifier::ReadTicket ticket;  // verified read: what it may find
  };
  enum class Phase { ramp, settle, measure };

  void fill();
  bool submit(Slot& slot);
  void commit();
  void reap();
  void take(std::size_t reaped);  // completes the first `reaped` of reaped_
  void complete(Slot& slot, std::uint64_t now);
  void issue(Slot& slot, std::uint64_t now);
  void stamp_write(std::byte* buffer, std::uint64_t offset, std::uint32_t length);
  void on_time(std::uint64_t now);
  bool warm_up_over(std::uint64_t now);
  void begin_settling(std::uint64_t now);
  bool settle(std::uint64_t now);
  SteadyCounts steady_counts() const;
  void begin_measure(std::uint64_t now);
  void close_intervals(std::uint64_t now, bool call_hook);
  void finish();
  void verify_completion(const Slot& slot) const;
  void publish_progress();
  bool rate_allows(std::uint64_t now);
  std::uint64_t gap(std::uint64_t interval_ns);
  bool think_allows(std::uint64_t now);
  void wait_until_due();
  void stop_all();
  void stop_for_signal(int sig);
  [[noreturn]] void throw_interrupted() const;
  [[noreturn]] void throw_io_error(const IoRequest& req, int err, const char* why) const;

  const WorkloadSpec& spec_;
  const std::string& path_;
  IoBackend& backend_;
  const IntervalHook& hook_;
  OffsetGenerator generator_;
  Xoshiro256 gaps_;  // a Poisson schedule's gaps
  // The cmd_priority share: which I/Os carry the class (the draws), its encoding, the share.
  Xoshiro256 priority_draws_;
  std::uint16_t cmd_ioprio_ = 0;
  double cmd_share_ = 0;  // 0..1; 0: no I/O is drawn, none is recorded apart
  std::uint64_t region_offset_;
  BlockVerifier* verifier_;
  std::atomic<bool>* stop_;
  SharedProgress* progress_;
  SteadyStatePhase* steady_;
  unsigned submit_batch_;

  std::vector<Slot> slots_;
  std::vector<std::uint32_t> free_;     // slot indices ready for a new I/O
  std::vector<std::uint32_t> pending_;  // slots to resubmit (retry, remainder, backend busy)
  std::vector<IoRequest*> reaped_;
  std::size_t queued_ = 0;       // accepted by the backend, not reaped yet
  std::size_t uncommitted_ = 0;  // queued since the last commit

  Phase phase_ = Phase::ramp;
  bool issuing_ = true;
  bool stopped_by_hook_ = false;
  bool wrote_any_ = false;
  std::uint64_t write_stamp_ = 0;
  std::uint64_t ramp_end_ns_ = 0;
  // The settle phase: the next interval's end and index, when it must end, the counts so far.
  std::uint64_t steady_next_ns_ = 0;
  std::uint64_t steady_index_ = 0;
  std::uint64_t steady_deadline_ns_ = 0;
  SteadyCounts steady_before_;
  std::uint64_t measure_start_ns_ = 0;
  std::uint64_t stop_ns_ = 0;
  std::uint64_t next_interval_ns_ = 0;
  std::uint64_t issued_bytes_ = 0;  // measured window, against spec.io_size
  std::uint64_t interval_bytes_ = 0;
  std::uint64_t interval_ios_ = 0;
  std::uint64_t rate_interval_ns_ = 0;       // 0: no rate cap; a mix's: its mean size's interval
  bool mixed_ = false;                       // a block-size mix: next_mixed() and per-size counts
  std::vector<std::uint64_t> mix_rate_ns_;   // a mix under a rate cap: each size's interval
  std::vector<BlockSizeCount> size_counts_;  // a mix's counts, by size index
  std::uint64_t next_issue_ns_ = 0;
  bool poisson_ = false;  // the schedule's gaps are exponential draws of the interval's mean
  // Think time: I/Os issued since the last pause; a pause due once those complete; its end.
  unsigned since_pause_ = 0;
  bool pause_due_ = false;
  std::uint64_t pause_end_ns_ = 0;
  // fill() stopped for the rate schedule or a think-time pause, not for lack of slots
  bool rate_wait_ = false;
  int interrupted_by_ = 0;  // the signal of a stop request seen; 0: none
  std::uint64_t start_ns_ = 0;
  struct Totals {
    std::uint64_t bytes_read = 0, bytes_written = 0, ios_read = 0, ios_written = 0;
  } published_;  // what publish_progress() has added to progress_ so far
  CpuSnapshot cpu_start_;
  RunResult result_;
};

}  // namespace iogate
