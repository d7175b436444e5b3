// IOMeter's tests as iogate workloads (icf_mapping.hpp).
#include "icf_mapping.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "engine/workload_toml.hpp"
#include "import/check_name.hpp"
#include "import/notes.hpp"
#include "iogate/engine/workload_rules.hpp"
#include "spec_shape.hpp"

namespace iogate::iometer {
namespace {

constexpr std::uint64_t kIcfSector = 512;
// IOMeter prepares iobw.tst in 128-sector writes, whatever its tests' sizes.
constexpr std::uint64_t kIometerLayoutWrite = 64 * 1024;
constexpr std::size_t kMaxCycledDepths = 64;

using import_core::place_text;
using import_core::refuse;

std::string spec_line_text(const IcfSpecLine& l) {
  return fmt::format("{},{},{},{},{},{},{},{}", l.size, l.of_size, l.reads, l.random, l.delay,
                     l.burst, l.align, l.reply);
}

std::string size_text(std::uint64_t bytes) {
  if (bytes % (1024 * 1024) == 0) return fmt::format("{} MiB", bytes / (1024 * 1024));
  if (bytes % 1024 == 0) return fmt::format("{} KiB", bytes / 1024);
  return fmt::format("{} bytes", bytes);
}

// The workers of the one manager that runs the tests, and notes on the idle ones.
std::vector<const IcfWorker*> active_workers(const IcfFile& file, std::vector<std::string>& notes) {
  if (file.managers.empty())
    refuse(SourceLocation{file.path, 0, 0}, "'MANAGER LIST",
           "no manager: IOMeter's tests run on a manager's workers");
  std::vector<const IcfWorker*> active;
  const IcfManager* running = nullptr;
  for (const IcfManager& m : file.managers) {
    for (const IcfWorker& w : m.workers) {
      if (w.targets.empty()) {
        notes.push_back(fmt::format("{}: 'Worker: a worker with no target: IOMeter leaves it idle",
                                    place_text(w.where)));
        continue;
      }
      if (running != nullptr && running != &m)
        refuse(m.where, "'Manager ID",
               "a second manager with workers: managers are machines, and iogate measures one "
               "host per run (iogate fleet compares hosts); import one manager's workers");
      running = &m;
      if (w.type != "DISK")
        refuse(w.where, "'Worker type",
               "a network worker: iogate measures local storage; only DISK workers map");
      if (w.targets.size() > 1)
        refuse(w.targets[1].where, "'Target",
               "a worker with several targets: iogate runs one test file per check");
      if (!w.targets[0].type.empty() && w.targets[0].type != "DISK")
        refuse(w.targets[0].where, "'Target type", "a network target: only DISK targets map");
      active.push_back(&w);
    }
  }
  if (active.empty())
    refuse(file.managers.front().where, "'Worker",
           "no worker has a target: IOMeter would run nothing");
  return active;
}

// The queue depths a test runs at: the worker's own, or each step of 'Queue Depth Cycling.
std::vector<std::uint64_t> cycled_depths(const IcfFile& file) {
  const auto& type = file.setup.test_type;
  if (!type || type->value == "NORMAL") return {};
  if (type->value != "CYCLE_OUTSTANDING_IOS")
    refuse(
        type->where, "'Test Type",
        fmt::format("{}: iogate runs one test file and a fixed set of workers per check; of "
                    "IOMeter's cycling test types only CYCLE_OUTSTANDING_IOS maps (one check per "
                    "queue depth)",
                    type->value));
  const auto& q = file.setup.queue_cycling;
  if (!q) refuse(type->where, "'Test Type", "CYCLE_OUTSTANDING_IOS without a 'Queue Depth Cycling");
  const IcfCycling& c = q->value;
  const bool linear = c.step_type == "LINEAR";
  if (c.start == 0 || c.end < c.start || (linear ? c.step == 0 : c.step < 2))
    refuse(q->where, "'Queue Depth Cycling",
           fmt::format("expected 1 <= start <= end and a step of {}, got start {}, end {}, step {}",
                       linear ? "at least 1" : "at least 2 (EXPONENTIAL)", c.start, c.end, c.step));
  std::vector<std::uint64_t> depths;
  for (std::uint64_t d = c.start; d <= c.end; d = linear ? d + c.step : d * c.step) {
    depths.push_back(d);
    if (depths.size() > kMaxCycledDepths)
      refuse(q->where, "'Queue Depth Cycling",
             fmt::format("more than {} queue depths: one check each", kMaxCycledDepths));
  }
  return depths;
}

class TestMapper {
 public:
  TestMapper(const IcfFile& file, const IcfImportOptions& options)
      : file_(file), options_(options) {}

  // The check for the spec the workers run in one test, at `depth` (0: the workers' own).
  IcfCheck map(const IcfAccessSpec& spec, const std::vector<const IcfWorker*>& workers,
               std::uint64_t depth, const std::vector<std::string>& shared_notes) {
    out_ = IcfCheck{};
    out_.origin = fmt::format("IOMeter access specification \"{}\"", spec.name);
    out_.check_name = import_core::identifier_of(spec.name);
    if (depth != 0) out_.check_name = fmt::format("{}_qd{}", out_.check_name, depth);
    out_.where = spec.where;
    out_.notes = shared_notes;
    WorkloadSpec& w = out_.workload;
    access_spec(spec);
    target_settings(*workers.front(), depth);
    w.workers = static_cast<unsigned>(workers.size());
    source("workers", fmt::format("{}: 'Worker: {} worker{} running \"{}\"",
                                  place_text(workers.front()->where), workers.size(),
                                  workers.size() == 1 ? "" : "s", spec.name));
    if (workers.size() > 1)
      out_.notes.push_back(fmt::format(
          "{}: {} workers: IOMeter's each address the whole test file, iogate's each their own "
          "region of it (the same queue per worker; their sequential streams stay apart)",
          place_text(workers[1]->where), workers.size()));
    times();
    iometer_constants();
    out_.description =
        fmt::format("IOMeter {}: {}, {:g}% read, {:g}% random, {} outstanding I/Os", spec.name,
                    w.block_mix.empty() ? size_text(w.block_size) : "a block-size mix", w.read_pct,
                    w.random_pct, w.queue_depth);
    if (const auto problem = find_workload_problem(w))
      refuse(spec.where, std::string(workload_key(problem->field)),
             "the specification maps to a workload iogate cannot run: " + problem->expected);
    return std::move(out_);
  }

 private:
  void source(const std::string& key, std::string text) {
    out_.sources[key].push_back(std::move(text));
  }

  void access_spec(const IcfAccessSpec& spec) {
    WorkloadSpec& w = out_.workload;
    const SpecShape shape = shape_of_spec(spec.lines, spec.where);
    for (const IcfSpecLine* l : shape.left_out)
      out_.notes.push_back(
          fmt::format("{}: a line at 0% of size: never issued, left out", place_text(l->where)));
    for (const IcfSpecLine* l : shape.issued)
      source("block_size", fmt::format("{}: {}", place_text(l->where), spec_line_text(*l)));
    w.block_mix = shape.block_mix;
    w.block_size = shape.block_size;
    if (!w.block_mix.empty()) out_.sources["block_mix"] = out_.sources["block_size"];
    w.read_pct = shape.read_pct;
    w.random_pct = shape.random_pct;
    const IcfSpecLine& first = *shape.issued.front();
    source("read", fmt::format("{}: % reads {}", place_text(first.where), first.reads));
    source("random", fmt::format("{}: % random {}", place_text(first.where), first.random));
    for (const IcfSpecLine& l : spec.lines) {
      if (l.of_size == 0 || l.align == w.block_size) continue;
      if (l.align != 0)
        refuse(l.where, "align",
               fmt::format("{} bytes with blocks of {}: iogate aligns every offset to the block "
                           "size (the smallest of a mix)",
                           l.align, size_text(w.block_size)));
      if (w.random_pct > 0 && w.block_size > kIcfSector) {
        out_.notes.push_back(fmt::format(
            "{}: align 0 (sector boundaries): iogate aligns random offsets to the block size "
            "({}), so its I/Os never straddle a block; IOMeter's may",
            place_text(l.where), size_text(w.block_size)));
        break;
      }
    }
  }

  void target_settings(const IcfWorker& worker, std::uint64_t depth) {
    WorkloadSpec& w = out_.workload;
    if (depth != 0) {
      w.queue_depth = static_cast<unsigned>(std::min<std::uint64_t>(depth, kMaxQueueDepth + 1));
      source("queue_depth", fmt::format("{}: 'Queue Depth Cycling: {} outstanding I/Os",
                                        place_text(file_.setup.queue_cycling->where), depth));
    } else if (worker.outstanding_ios) {
      const std::uint64_t ios = worker.outstanding_ios->value;
      if (ios == 0) refuse(worker.outstanding_ios->where, "'Number of outstanding IOs", "0 I/Os");
      w.queue_depth = static_cast<unsigned>(std::min<std::uint64_t>(ios, kMaxQueueDepth + 1));
      source("queue_depth", fmt::format("{}: 'Number of outstanding IOs: {}",
                                        place_text(worker.outstanding_ios->where), ios));
    } else {
      w.queue_depth = 1;
      source("queue_depth", "IOMeter's default: 1 outstanding I/O (the file does not say)");
    }
    const std::uint64_t sectors = worker.max_disk_sectors ? worker.max_disk_sectors->value : 0;
    if (sectors != 0) {
      w.file_size = sectors * kIcfSector;
      source("file_size", fmt::format("{}: 'Disk maximum size: {} sectors of 512 bytes",
                                      place_text(worker.max_disk_sectors->where), sectors));
    } else if (options_.file_size) {
      w.file_size = *options_.file_size;
      source("file_size", "--file-size: the file gives no 'Disk maximum size'");
      out_.notes.push_back(fmt::format(
          "{}: 'Disk maximum size 0 (IOMeter's test file fills the disk's free space): the test "
          "file is --file-size, {}",
          worker.max_disk_sectors ? place_text(worker.max_disk_sectors->where)
                                  : place_text(worker.where),
          size_text(w.file_size)));
    } else {
      refuse(worker.max_disk_sectors ? worker.max_disk_sectors->where : worker.where,
             "'Disk maximum size",
             "0 sectors: IOMeter's test file then fills the disk's free space; iogate needs a "
             "size: give one with --file-size SIZE");
    }
    if (worker.starting_sector && worker.starting_sector->value != 0)
      out_.notes.push_back(fmt::format(
          "{}: starting sector {}: iogate's test file is the range IOMeter addresses, from its "
          "start",
          place_text(worker.starting_sector->where), worker.starting_sector->value));
    if (worker.fixed_seed)
      out_.notes.push_back(
          fmt::format("{}: a fixed seed: a threshold file's checks draw a fresh seed per run",
                      place_text(worker.fixed_seed->where)));
    if (worker.data_pattern && w.read_pct < 100)
      out_.notes.push_back(
          fmt::format("{}: data pattern {}: iogate writes its own incompressible data",
                      place_text(worker.data_pattern->where), worker.data_pattern->value));
  }

  void times() {
    WorkloadSpec& w = out_.workload;
    const auto& run = file_.setup.run_time_s;
    if (!run || run->value == 0)
      refuse(run ? run->where : SourceLocation{file_.path, 0, 0}, "'Run Time",
             "0: IOMeter runs until stopped by hand; a check needs a run time");
    w.duration = std::chrono::seconds(run->value);
    source("duration", fmt::format("{}: 'Run Time: {} s", place_text(run->where), run->value));
    const auto& ramp = file_.setup.ramp_s;
    w.ramp = std::chrono::seconds(ramp ? ramp->value : 0);
    source("ramp",
           ramp ? fmt::format("{}: 'Ramp Up Time (s): {}", place_text(ramp->where), ramp->value)
                : std::string("IOMeter's default: no ramp-up (the file does not say)"));
  }

  void iometer_constants() {
    WorkloadSpec& w = out_.workload;
    w.direct = true;
    source("direct", "IOMeter opens its test file unbuffered");
    w.flush = FlushPolicy::none;
    source("flush", "IOMeter never flushes: its clock stops with the last I/O");
    w.engine = "auto";
    source("engine", "IOMeter issues overlapped (asynchronous) I/O: iogate's best engine");
    w.layout = FileLayout::written;
    source("layout", "IOMeter writes iobw.tst through before the first test");
    w.layout_write_size = kIometerLayoutWrite;
    source("layout_write_size", "IOMeter prepares iobw.tst in 64 KiB writes");
  }

  const IcfFile& file_;
  const IcfImportOptions& options_;
  IcfCheck out_;
};

}  // namespace

std::vector<IcfCheck> map_icf(const IcfFile& file, const IcfImportOptions& options) {
  std::vector<std::string> notes;
  const std::vector<const IcfWorker*> active = active_workers(file, notes);
  std::size_t tests = 0;
  for (const IcfWorker* w : active) tests = std::max(tests, w->specs.size());
  if (tests == 0)
    refuse(active.front()->where, "'Assigned access specs",
           "no access specification is assigned: IOMeter would run no test");
  const std::vector<std::uint64_t> depths = cycled_depths(file);
  TestMapper mapper(file, options);
  std::vector<IcfCheck> checks;
  for (std::size_t t = 0; t < tests; ++t) {
    std::vector<const IcfWorker*> running;
    for (const IcfWorker* w : active)
      if (t < w->specs.size()) running.push_back(w);
    const IcfValue<std::string>& named = running.front()->specs[t];
    const IcfAccessSpec* spec = file.find_spec(named.value);
    if (spec == nullptr)
      refuse(named.where, "'Assigned access specs",
             "no access specification of this name in 'ACCESS SPECIFICATIONS");
    const IcfWorker& first = *running.front();
    for (const IcfWorker* w : running) {
      if (w->specs[t].value != named.value)
        refuse(w->specs[t].where, "'Assigned access specs",
               fmt::format("in test {} this worker runs another specification than {}'s: iogate "
                           "runs one workload per check",
                           t + 1, place_text(first.where)));
      const auto same = [](const auto& a, const auto& b) {
        return (a ? a->value : 0) == (b ? b->value : 0);
      };
      if (!same(w->outstanding_ios, first.outstanding_ios) ||
          !same(w->max_disk_sectors, first.max_disk_sectors) ||
          !same(w->starting_sector, first.starting_sector))
        refuse(w->where, "'Default target settings for worker",
               fmt::format("its outstanding I/Os or disk range differ from {}'s: iogate's "
                           "workers of one check share one queue depth and one file",
                           place_text(first.where)));
    }
    if (depths.empty()) {
      checks.push_back(mapper.map(*spec, running, 0, notes));
    } else {
      for (const std::uint64_t d : depths) checks.push_back(mapper.map(*spec, running, d, notes));
    }
  }
  return checks;
}

}  // namespace iogate::iometer
