// fio job sections -> WorkloadSpec (job_mapping.hpp states the mapping).
#include "iogate/fio_job/job_mapping.hpp"
#include "iogate/name_limits.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "iogate/engine/workload_rules.hpp"
#include "iogate/engine/workload_toml.hpp"
#include "iogate/fio_job/fio_values.hpp"
#include "option_catalogue.hpp"

namespace iogate::fio_job {
namespace {

using detail::Treatment;

[[noreturn]] void refuse(const FioOption& o, const std::string& why) {
  throw ThresholdError(o.where, shown_name(o), shown_message(o, why));
}

// A value parser's complaint at the option's line.
template <class F>
auto parsed(const FioOption& o, F&& parse) {
  try {
    return parse();
  } catch (const ValueError& e) {
    refuse(o, e.what());
  }
}

std::string value_of(const FioOption& o) {
  if (!o.value || o.value->empty()) refuse(o, "expected a value (name=value)");
  return *o.value;
}

// fio's per-direction lists ("4k,8k" = reads, writes): split at ',', else ':' or '-' as fio's
// handle_option does for numbers. One value applies to both directions.
struct PerDirection {
  std::string read;
  std::string write;
};
PerDirection per_direction(const std::string& text) {
  std::size_t cut = text.find(',');
  if (cut == std::string::npos) cut = text.find(':');
  if (cut == std::string::npos && text.size() > 1) cut = text.find('-', 1);
  if (cut == std::string::npos || cut + 1 == text.size())
    return {text.substr(0, cut), text.substr(0, cut)};
  std::string write = text.substr(cut + 1);
  if (const std::size_t more = write.find_first_of(",:"); more != std::string::npos)
    write = write.substr(0, more);  // the trim value, if any
  return {text.substr(0, cut), write};
}

// The one of the two values the job's directions use; both used and different is refused.
std::string one_value(const FioOption& o, const PerDirection& v, bool reads, bool writes,
                      const std::string& fallback) {
  const std::string r = v.read.empty() ? fallback : v.read;
  const std::string w = v.write.empty() ? fallback : v.write;
  if (reads && writes && r != w) {
    refuse(o, fmt::format("reads at {} and writes at {}: iogate gives one value to both", r, w));
  }
  return reads ? r : w;
}

struct Rw {
  bool reads = true;
  bool writes = false;
  bool random = false;
  bool mixed() const { return reads && writes; }
};

Rw parse_rw(const FioOption& o) {
  const std::string v = value_of(o);
  if (v.find(':') != std::string::npos) {
    refuse(o, fmt::format("\"{}\": fio's :N suffix (sequential runs inside a random stream, or "
                          "holes in a sequential one) is not supported; percentage_random is the "
                          "nearest iogate has",
                          v));
  }
  if (v == "read") return {true, false, false};
  if (v == "write") return {false, true, false};
  if (v == "randread") return {true, false, true};
  if (v == "randwrite") return {false, true, true};
  if (v == "rw" || v == "readwrite") return {true, true, false};
  if (v == "randrw") return {true, true, true};
  if (v.find("trim") != std::string::npos) refuse(o, fmt::format("{}: iogate issues no trims", v));
  refuse(o, fmt::format("expected read, write, randread, randwrite, rw, readwrite or randrw, got "
                        "\"{}\"",
                        v));
}

// bssplit's shares for one direction: "4k/60:64k/40", a missing or zero share splitting the rest
// evenly (integer division, as fio's bssplit_ddir).
std::vector<BlockSizeShare> parse_split(const FioOption& o, const std::string& text,
                                        unsigned kb_base) {
  std::vector<BlockSizeShare> out;
  std::vector<bool> missing;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find(':', pos);
    if (end == std::string::npos) end = text.size();
    const std::string entry = text.substr(pos, end - pos);
    pos = end + 1;
    if (entry.empty()) break;  // fio stops at an empty entry
    const std::size_t slash = entry.find('/');
    const std::uint64_t bs = parsed(o, [&] { return fio_size(entry.substr(0, slash), kb_base); });
    if (const auto problem = block_size_problem(bs)) refuse(o, *problem);
    std::uint64_t perc = 0;
    if (slash != std::string::npos)
      perc = parsed(o, [&] { return fio_int(entry.substr(slash + 1)); });
    perc = std::min<std::uint64_t>(perc, 100);  // fio clamps, and reads 0 as "not given"
    out.push_back({bs, static_cast<double>(perc)});
    missing.push_back(perc == 0);
    if (out.size() > 64) refuse(o, "more than 64 block sizes (fio's limit)");
  }
  if (out.empty()) refuse(o, "expected block sizes and shares like 4k/60:64k/40");
  unsigned given = 0;
  unsigned absent = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (missing[i]) {
      ++absent;
    } else {
      given += static_cast<unsigned>(out[i].pct);
    }
  }
  if (absent == 1 && out.size() == 1) given = 0;
  unsigned total = given;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!missing[i]) continue;
    const unsigned share = given >= 100 ? 0 : (100 - given) / absent;
    out[i].pct = share;
    total += share;
  }
  if (total != 100) {
    refuse(o, fmt::format("the shares add up to {}%, not 100% (fio gives what is left, or takes "
                          "what is over, from its own choice of entry); write shares that add up",
                          total));
  }
  return out;
}

std::string note(const FioOption& o, const std::string& why) {
  return fmt::format("{}:{}: {}: {}", o.where.file.string(), o.where.line, shown_text(o),
                     shown_message(o, why));
}

class JobMapper {
 public:
  explicit JobMapper(const FioJobOptions& job) : job_(job) {}

  FioJob map() {
    out_.section = job_.section->name;
    out_.where = job_.section->where;
    collect();
    apply_kb_base();
    if (const FioOption* o = last("name"))
      out_.check_name = identifier_of(value_of(*o));
    else
      out_.check_name = identifier_of(out_.section);
    if (out_.check_name != (last("name") ? *last("name")->value : out_.section))
      out_.notes.push_back(fmt::format("{}:{}: [{}]: the check is named {} (letters, digits, _)",
                                       out_.where.file.string(), out_.where.line, out_.section,
                                       out_.check_name));
    if (const FioOption* o = last("description")) out_.description = value_of(*o);
    direction();
    block_sizes();
    queue();
    sizes_and_times();
    engine_and_flush();
    verify();
    rates();
    files_and_order();
    check_rules();
    return std::move(out_);
  }

 private:
  // Every option of the job in order; mapped ones are kept by name (the last wins), noted ones
  // noted, refused ones refused at once.
  void collect() {
    for (const FioOption* o : job_.options) {
      const std::string name = detail::canonical_option(o->name);
      const detail::OptionRule rule = detail::option_rule(name);
      switch (rule.treatment) {
        case Treatment::mapped:
          last_[name] = o;
          order_[name] = position_++;
          break;
        case Treatment::noted:
          out_.notes.push_back(note(*o, rule.why));
          break;
        case Treatment::refused:
          refuse(*o, rule.why);
      }
    }
  }

  const FioOption* last(const std::string& name) const {
    const auto it = last_.find(name);
    return it == last_.end() ? nullptr : it->second;
  }
  void source(const std::string& key, const FioOption* o) {
    if (o != nullptr) out_.sources[key].push_back(*o);
  }

  void apply_kb_base() {
    if (const FioOption* o = last("kb_base")) {
      const std::uint64_t base = parsed(*o, [&] { return fio_int(value_of(*o)); });
      if (base != 1000 && base != 1024) refuse(*o, "expected 1000 or 1024");
      kb_base_ = static_cast<unsigned>(base);
      out_.notes.push_back(note(*o, "honoured: sizes read with this base"));
    }
  }

  void direction() {
    WorkloadSpec& w = out_.workload;
    const FioOption* rw = last("rw");
    if (rw != nullptr) rw_ = parse_rw(*rw);
    source("read", rw);
    source("random", rw);
    w.read_pct = rw_.reads ? 100.0 : 0.0;
    if (rw_.mixed()) {
      double read = 50;  // fio's rwmixread default
      const FioOption* r = last("rwmixread");
      const FioOption* wr = last("rwmixwrite");
      const FioOption* later = r;
      if (r == nullptr || (wr != nullptr && order_["rwmixwrite"] > order_["rwmixread"])) later = wr;
      if (later != nullptr) {
        const std::uint64_t v = parsed(*later, [&] { return fio_int(value_of(*later)); });
        if (v > 100) refuse(*later, fmt::format("expected 0 to 100, got {}", v));
        read = later == r ? static_cast<double>(v) : 100.0 - static_cast<double>(v);
        source("read", later);
      }
      w.read_pct = read;
    } else {
      for (const char* n : {"rwmixread", "rwmixwrite"})
        if (const FioOption* o = last(n))
          out_.notes.push_back(note(*o, "changes nothing on a job that only reads or writes"));
    }
    w.random_pct = rw_.random ? 100.0 : 0.0;
    if (const FioOption* o = last("percentage_random")) {
      if (!rw_.random) {
        out_.notes.push_back(note(*o, "changes nothing on a sequential rw, in fio as here"));
      } else {
        const std::string v =
            one_value(*o, per_direction(value_of(*o)), rw_.reads, rw_.writes, "100");
        const std::uint64_t pct = parsed(*o, [&] { return fio_int(v); });
        if (pct > 100) refuse(*o, fmt::format("expected 0 to 100, got {}", pct));
        w.random_pct = static_cast<double>(pct);
        source("random", o);
      }
    }
    random_distribution();
  }

  // fio's spelling is iogate's; zoned may give reads and writes their own zones ("zoned:...,...").
  void random_distribution() {
    const FioOption* o = last("random_distribution");
    if (o == nullptr) return;
    if (!rw_.random) {
      out_.notes.push_back(note(*o, "changes nothing on a sequential rw, in fio as here"));
      return;
    }
    const std::string text = value_of(*o);
    if (text.starts_with("zoned_abs") || text.starts_with("sequence"))
      refuse(*o,
             "iogate's zones are shares of the file (zoned:ACCESS/SIZE in percent), and it "
             "has no fixed sequence of blocks");
    std::string chosen = text;
    if (const std::size_t comma = text.find(','); comma != std::string::npos) {
      const std::string reads = text.substr(0, comma);
      std::string writes = text.substr(comma + 1);
      writes = writes.substr(0, writes.find(','));
      if (!writes.empty() && !writes.starts_with("zoned")) writes = "zoned:" + writes;
      if (writes.empty() || writes == "zoned:") writes = reads;
      if (rw_.mixed() && reads != writes)
        refuse(*o,
               "reads and writes in zones of their own: iogate draws one distribution for both");
      chosen = rw_.reads ? reads : writes;
    }
    ParsedDistribution parsed = parse_random_distribution(chosen);
    if (!parsed.distribution) refuse(*o, parsed.problem);
    out_.workload.random_distribution = std::move(*parsed.distribution);
    source("random_distribution", o);
  }

  void block_sizes() {
    WorkloadSpec& w = out_.workload;
    w.block_size = 4096;  // fio's default bs
    const FioOption* bs = last("bs");
    if (bs != nullptr) {
      const std::string v =
          one_value(*bs, per_direction(value_of(*bs)), rw_.reads, rw_.writes, "4096");
      w.block_size = parsed(*bs, [&] { return fio_size(v, kb_base_); });
      if (const auto problem = block_size_problem(w.block_size)) refuse(*bs, *problem);
    }
    source("block_size", bs);
    const FioOption* split = last("bssplit");
    if (split == nullptr) return;
    std::string text = value_of(*split);
    // Per direction: "reads,writes[,trims]"; one group is every direction's.
    const std::size_t comma = text.find(',');
    if (comma != std::string::npos) {
      std::string reads = text.substr(0, comma);
      std::string writes = text.substr(comma + 1);
      writes = writes.substr(0, writes.find(','));
      if (rw_.mixed() && reads != writes) {
        refuse(*split, "reads and writes split apart: iogate draws one mix for both");
      }
      text = rw_.reads ? reads : writes;
    }
    const std::vector<BlockSizeShare> mix = parse_split(*split, text, kb_base_);
    if (bs != nullptr)
      out_.notes.push_back(note(*bs, "bssplit decides the block sizes, as in fio"));
    out_.sources.erase("block_size");
    source("block_size", split);
    source("block_mix", split);
    w.block_size = mix.front().block_size;
    for (const BlockSizeShare& s : mix) w.block_size = std::min(w.block_size, s.block_size);
    if (mix.size() > 1) w.block_mix = mix;
  }

  void queue() {
    WorkloadSpec& w = out_.workload;
    if (const FioOption* o = last("iodepth")) {
      const std::uint64_t d = parsed(*o, [&] { return fio_int(value_of(*o)); });
      if (const auto problem = queue_depth_problem(
              static_cast<std::int64_t>(std::min<std::uint64_t>(d, 1ULL << 40))))
        refuse(*o, *problem);
      w.queue_depth = static_cast<unsigned>(d);
      source("queue_depth", o);
    }
    if (const FioOption* o = last("numjobs")) {
      const std::uint64_t n = parsed(*o, [&] { return fio_int(value_of(*o)); });
      if (const auto problem =
              workers_problem(static_cast<std::int64_t>(std::min<std::uint64_t>(n, 1ULL << 40))))
        refuse(*o, *problem);
      w.workers = static_cast<unsigned>(n);
      source("workers", o);
      if (n > 1)
        out_.notes.push_back(note(*o, fmt::format("fio gives each of its {} jobs a file of its "
                                                  "own; iogate splits one file of {} times the "
                                                  "size into {} regions",
                                                  n, n, n)));
    }
  }

  std::uint64_t size_of(const char* name) {
    const FioOption* o = last(name);
    if (o == nullptr) return 0;
    std::string v = value_of(*o);
    if (std::string(name) == "filesize") {
      // fio's filesize is a range ("1g-2g": each file a size between); one size only here.
      const std::size_t dash = v.find_first_of("-:", 1);
      if (dash != std::string::npos) {
        if (v.substr(0, dash) != v.substr(dash + 1))
          refuse(*o, "a range of file sizes: iogate runs one file of one size");
        v = v.substr(0, dash);
      }
    }
    const std::uint64_t bytes = parsed(*o, [&] { return fio_size(v, kb_base_); });
    if (bytes == 0) refuse(*o, "expected a size greater than 0");
    return bytes;
  }

  void sizes_and_times() {
    WorkloadSpec& w = out_.workload;
    const std::uint64_t size = size_of("size");
    const std::uint64_t filesize = size_of("filesize");
    const std::uint64_t io_size = size_of("io_size");
    if (size == 0 && filesize == 0) {
      throw ThresholdError(out_.where, "size",
                           fmt::format("job [{}] gives no size: fio would take the size of the "
                                       "file or device it names, but iogate makes its own file; "
                                       "add size=",
                                       out_.section));
    }
    const std::uint64_t file = filesize != 0 ? filesize : size;
    const char* io_key = io_size != 0 ? "io_size" : (size != 0 ? "size" : "filesize");
    std::uint64_t io = io_size != 0 ? io_size : (size != 0 ? size : filesize);
    // fio transfers whole blocks and leaves the rest of `size` untouched.
    if (io % w.block_size != 0) {
      const FioOption& at = *last(io_key);
      io -= io % w.block_size;
      if (io == 0) {
        refuse(at, fmt::format("holds no whole block of {} bytes, so fio would transfer nothing",
                               w.block_size));
      }
      out_.notes.push_back(note(at, fmt::format("fio transfers whole blocks: {} bytes", io)));
    }
    const std::uint64_t jobs = w.workers;
    w.file_size = file * jobs;
    source("file_size", last(filesize != 0 ? "filesize" : "size"));
    source("file_size", last("numjobs"));

    bool time_based = false;
    if (const FioOption* o = last("time_based"))
      time_based = parsed(*o, [&] { return fio_set(o->value); });
    std::chrono::microseconds runtime{0};
    const FioOption* rt = last("runtime");
    if (rt != nullptr) runtime = parsed(*rt, [&] { return fio_time(value_of(*rt)); });
    if (time_based) {
      if (runtime.count() == 0) {
        refuse(*last("time_based"),
               "time_based without a runtime runs until it is stopped; give runtime=");
      }
      w.io_size = 0;
      w.duration = runtime;
      source("duration", rt);
      source("duration", last("time_based"));
    } else {
      w.io_size = io * jobs;
      source("size", last(io_key));
      source("size", last("numjobs"));
      if (runtime.count() > 0) {
        w.duration = runtime;  // a cap: fio stops a size-based job at its runtime too
        source("duration", rt);
      }
    }
    if (const FioOption* o = last("ramp_time")) {
      w.ramp = parsed(*o, [&] { return fio_time(value_of(*o)); });
      source("ramp", o);
    }
  }

  void engine_and_flush() {
    WorkloadSpec& w = out_.workload;
    w.direct = false;  // fio's default: buffered
    const FioOption* direct = last("direct");
    const FioOption* buffered = last("buffered");
    if (direct != nullptr) w.direct = parsed(*direct, [&] { return fio_bool(direct->value); });
    if (buffered != nullptr && (direct == nullptr || order_["buffered"] > order_["direct"])) {
      w.direct = !parsed(*buffered, [&] { return fio_bool(buffered->value); });
      source("direct", buffered);
    } else {
      source("direct", direct);
    }

    w.engine = "psync";  // fio's default engine on Linux
    if (const FioOption* o = last("ioengine")) {
      const detail::EngineChoice choice = detail::engine_for(value_of(*o));
      if (!choice.engine) refuse(*o, fmt::format("{}: {}", *o->value, choice.why));
      w.engine = *choice.engine;
      if (!choice.why.empty()) out_.notes.push_back(note(*o, choice.why));
      source("engine", o);
    }
    if (w.engine == "psync" && w.queue_depth > 1) {
      out_.notes.push_back(
          fmt::format("{}: iodepth={} with a synchronous engine runs at depth 1, "
                      "in fio as in iogate",
                      out_.section, w.queue_depth));
    }

    w.flush = FlushPolicy::none;  // fio stops its clock without a flush unless asked
    for (const char* n : {"end_fsync", "fsync_on_close"}) {
      const FioOption* o = last(n);
      if (o != nullptr && parsed(*o, [&] { return fio_bool(o->value); })) {
        w.flush = FlushPolicy::end;
        source("flush", o);
      }
    }
    for (const char* n : {"fsync", "fdatasync"}) {
      const FioOption* o = last(n);
      if (o == nullptr) continue;
      if (parsed(*o, [&] { return fio_int(value_of(*o)); }) != 0)
        refuse(*o, "a flush every N writes: iogate flushes once, at the end (end_fsync=1)");
    }
    if (const FioOption* o = last("sync")) {
      const std::string v = value_of(*o);
      if (v == "dsync" || v == "sync" || v == "1") {
        w.write_through = true;
        source("write_through", o);
        if (v != "dsync") {
          out_.notes.push_back(note(*o,
                                    "O_SYNC also writes the file's metadata on every write; "
                                    "iogate's write_through is O_DSYNC: the data, and what is "
                                    "needed to read it back"));
        }
      } else if (v != "none" && v != "0") {
        refuse(*o, fmt::format(R"({}: expected none, 0, sync, 1 or dsync)", v));
      }
    }
  }

  void verify() {
    const FioOption* o = last("verify");
    if (o == nullptr) return;
    const std::string method = value_of(*o);
    if (method == "0" || method == "null") return;
    static constexpr std::string_view kMethods[] = {
        "md5",      "crc64",    "crc32c",   "crc32c-intel", "crc32",   "crc16",
        "crc7",     "xxhash",   "sha512",   "sha256",       "sha1",    "sha3-224",
        "sha3-256", "sha3-384", "sha3-512", "meta",         "pattern", "1"};
    if (std::find(std::begin(kMethods), std::end(kMethods), method) == std::end(kMethods))
      refuse(*o, fmt::format("expected one of fio's verify methods (md5, crc32c ...), got \"{}\"",
                             method));
    WorkloadSpec& w = out_.workload;
    if (!rw_.writes) {
      refuse(*o,
             "a job that only reads would verify what an earlier job wrote; iogate verifies "
             "what the check itself writes");
    }
    w.verify = true;
    if (!rw_.reads) {
      w.kind = WorkloadKind::integrity;  // fio's write, then verify pass
      source("kind", o);
    }
    source("verify", o);
    out_.notes.push_back(note(*o, rw_.reads ? "iogate checks every read of a block it wrote, with "
                                              "its own header and crc32c"
                                            : "kind = \"integrity\": iogate writes the whole "
                                              "file, flushes, and reads it all back verified "
                                              "(its own header and crc32c)"));
  }

  void rates() {
    WorkloadSpec& w = out_.workload;
    for (const char* n : {"rate", "rate_iops"}) {
      const FioOption* o = last(n);
      if (o == nullptr) continue;
      const PerDirection v = per_direction(value_of(*o));
      const bool iops = std::string(n) == "rate_iops";
      auto read_value = [&](const std::string& text) -> std::uint64_t {
        if (text.empty()) return 0;
        return parsed(*o, [&] { return iops ? fio_int(text) : fio_size(text, kb_base_); });
      };
      const std::uint64_t r = read_value(v.read);
      const std::uint64_t wr = read_value(v.write);
      std::uint64_t cap = rw_.reads ? r : wr;
      if (rw_.mixed() && (r != 0 || wr != 0)) {
        refuse(*o, "fio caps reads and writes apart; iogate caps a mixed workload's total");
      }
      if (cap == 0) continue;
      const double total = static_cast<double>(cap) * w.workers;
      if (iops) {
        w.rate_iops = total;
        source("rate_iops", o);
      } else {
        w.rate_mbps = total / (1024.0 * 1024.0);
        source("rate_mbps", o);
      }
      if (w.workers > 1) source(iops ? "rate_iops" : "rate_mbps", last("numjobs"));
    }
  }

  void files_and_order() {
    WorkloadSpec& w = out_.workload;
    w.layout = rw_.reads ? FileLayout::written : FileLayout::preallocated;
    if (const FioOption* o = last("overwrite")) {
      if (parsed(*o, [&] { return fio_bool(o->value); })) w.layout = FileLayout::written;
      source("layout", o);
    }
    if (w.kind == WorkloadKind::integrity) w.layout = FileLayout::preallocated;
    source("layout", last("rw"));
    for (const char* n : {"filename", "directory"}) {
      const FioOption* o = last(n);
      if (o == nullptr) continue;
      const std::string v = value_of(*o);
      if (std::string(n) == "filename" && v.find(':') != std::string::npos &&
          v.find("\\:") == std::string::npos)
        refuse(*o, "several files (fio's ':' list): iogate runs one file per check");
      out_.notes.push_back(note(*o,
                                "never used as given: iogate makes its own file in the "
                                "datastore's scratch area"));
    }
    bool waits = false;
    if (const FioOption* o = last("stonewall"))
      waits = parsed(*o, [&] { return fio_set(o->value); });
    if (job_.index > 0 && !waits) {
      out_.notes.push_back(fmt::format(
          "{}:{}: [{}]: fio runs this job at the same time as the one before it (no stonewall); "
          "iogate runs each check on its own",
          out_.where.file.string(), out_.where.line, out_.section));
    }
  }

  // The engine's rules on the whole spec, reported at the fio line that set the value.
  void check_rules() {
    const std::optional<WorkloadProblem> problem = find_workload_problem(out_.workload);
    if (!problem) return;
    const std::string key(workload_key(problem->field));
    const auto it = out_.sources.find(key);
    if (it != out_.sources.end() && !it->second.empty())
      refuse(it->second.front(), problem->expected);
    throw ThresholdError(out_.where, key, problem->expected);
  }

  const FioJobOptions& job_;
  FioJob out_;
  std::map<std::string, const FioOption*> last_;
  std::map<std::string, int> order_;
  int position_ = 0;
  unsigned kb_base_ = 1024;
  Rw rw_;
};

}  // namespace

std::string identifier_of(const std::string& name) {
  std::string out;
  for (const char c : name)
    out += (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_') ? c : '_';
  if (out.empty()) out = "job";
  if (out.size() > kMaxCheckNameLength) out.resize(kMaxCheckNameLength);
  return out;
}

std::vector<FioJob> map_jobs(const FioJobFile& file) {
  std::vector<FioJob> jobs;
  for (const FioJobOptions& job : jobs_of(file)) jobs.push_back(JobMapper(job).map());
  if (jobs.empty()) {
    throw ThresholdError(SourceLocation{file.path, 0, 0}, "",
                         "no job section: only [global] ones, so fio would run nothing");
  }
  return jobs;
}

FioJob map_job(const FioJobFile& file, const std::string& section, const SourceLocation& asked,
               const std::string& key) {
  const std::vector<FioJobOptions> jobs = jobs_of(file);
  std::vector<std::string> names;
  for (const FioJobOptions& j : jobs) names.push_back(j.section->name);
  if (section.empty()) {
    if (jobs.size() == 1) return JobMapper(jobs.front()).map();
    throw ThresholdError(asked, key,
                         fmt::format("{} holds {} jobs ({}): name one", file.path.string(),
                                     jobs.size(), fmt::join(names, ", ")));
  }
  for (const FioJobOptions& j : jobs)
    if (j.section->name == section) return JobMapper(j).map();
  throw ThresholdError(
      asked, key,
      fmt::format("{} has no job section [{}]; its jobs: {}", file.path.string(), section,
                  names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
}

}  // namespace iogate::fio_job
