// fio job sections -> WorkloadSpec (job_mapping.hpp states the mapping).
#include "iogate/fio_job/job_mapping.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "direction_rates.hpp"
#include "iogate/engine/workload_rules.hpp"
#include "iogate/engine/workload_toml.hpp"
#include "iogate/fio_job/fio_values.hpp"
#include "iogate/import/check_name.hpp"
#include "iogate/toml_text.hpp"
#include "iogate/units.hpp"
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
// handle_option does for numbers. One value applies to both directions; one followed by a comma
// ("500k,") to reads alone, the writes keeping their default (an empty value here).
struct PerDirection {
  std::string read;
  std::string write;
};
PerDirection per_direction(const std::string& text) {
  std::size_t cut = text.find(',');
  if (cut != std::string::npos && cut + 1 == text.size()) return {text.substr(0, cut), ""};
  if (cut == std::string::npos) cut = text.find(':');
  if (cut == std::string::npos && text.size() > 1) cut = text.find('-', 1);
  if (cut == std::string::npos || cut + 1 == text.size())
    return {text.substr(0, cut), text.substr(0, cut)};
  std::string write = text.substr(cut + 1);
  if (const std::size_t more = write.find_first_of(",:"); more != std::string::npos)
    write = write.substr(0, more);  // the trim value, if any
  return {text.substr(0, cut), write};
}

// The value the job's directions use, as `parse` reads it; both used and different in meaning is
// refused ("4k,4096" is one size, spelled twice).
template <typename Parse>
auto one_value(const FioOption& o, const PerDirection& v, bool reads, bool writes,
               const std::string& fallback, Parse parse) {
  const std::string r = v.read.empty() ? fallback : v.read;
  const std::string w = v.write.empty() ? fallback : v.write;
  const auto read_value = parsed(o, [&] { return parse(r); });
  const auto write_value = parsed(o, [&] { return parse(w); });
  if (reads && writes && read_value != write_value) {
    refuse(o, fmt::format("reads at {} and writes at {}: iogate gives one value to both", r, w));
  }
  return reads ? read_value : write_value;
}

// A parser of fio's whole numbers from 0 to `max` (a class, a level, a percentage).
auto up_to(unsigned max) {
  return [max](const std::string& text) {
    const std::uint64_t v = fio_int(text);
    if (v > max) throw ValueError(fmt::format("expected 0 to {}, got {}", max, v));
    return static_cast<unsigned>(v);
  };
}

// fio's class numbers (ionice's): 1 real time, 2 best effort, 3 idle, which has no level.
IoPriority priority_of(unsigned cls, unsigned level) {
  if (cls == 3) return {IoPriorityClass::idle, 0};
  return {cls == 1 ? IoPriorityClass::rt : IoPriorityClass::be, level};
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

// One direction's block-size range, its ends in order.
struct SizeRange {
  std::uint64_t min = 0;
  std::uint64_t max = 0;
};

// fio's draw for a range without a split (io_u.c get_next_buflen): MIN + MAX x u, u uniform in
// [0, 1) (a 32-bit draw: shares exact to 2^-32), rounded down to a multiple of MIN (bs_unaligned
// unset; the same rounding whether MIN is a power of two or not), then capped at MAX. With
// MAX = n x MIN the draw spans [MIN, (n + 1) x MIN): each multiple k x MIN, k = 1 .. n, takes a
// slice MIN wide, so 1/n of the I/Os, and nothing reaches the cap. With a remainder the cap, MAX
// itself, would be a size that is no multiple of MIN, which block_mix cannot hold.
std::vector<BlockSizeShare> range_shares(const FioOption& o, SizeRange r) {
  if (r.max % r.min != 0) {
    refuse(o, fmt::format("{} is not a multiple of {}: fio draws multiples of {} and caps what "
                          "passes {} at {} itself, a size iogate's block_mix cannot hold (every "
                          "size a multiple of the smallest)",
                          format_size(r.max), format_size(r.min), format_size(r.min),
                          format_size(r.max), format_size(r.max)));
  }
  const std::uint64_t n = r.max / r.min;
  if (n > kMaxBlockMixSizes) {
    refuse(o, fmt::format("{} sizes ({} to {} in steps of {}): iogate's block_mix holds at most "
                          "{}; narrow the range, or write the sizes meant as a bssplit",
                          n, format_size(r.min), format_size(r.max), format_size(r.min),
                          kMaxBlockMixSizes));
  }
  std::vector<BlockSizeShare> mix;
  for (std::uint64_t k = 1; k <= n; ++k) mix.push_back({k * r.min, 100.0 / static_cast<double>(n)});
  return mix;
}

// a x b, or a refusal at `o` where it passes 64 bits.
std::uint64_t times(const FioOption& o, std::uint64_t a, std::uint64_t b) {
  std::uint64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product))
    refuse(o, fmt::format("{} x {} bytes is more than any file holds", a, b));
  return product;
}

std::string note(const FioOption& o, const std::string& why) {
  return fmt::format("{}:{}: {}: {}", o.where.file.string(), o.where.line, shown_text(o),
                     shown_message(o, why));
}

class JobMapper {
 public:
  // `names`: every job of the file, in order, by the name fio knows it by (fio_name).
  JobMapper(const FioJobOptions& job, const std::vector<std::string>& names)
      : job_(job), names_(names) {}

  FioJob map() {
    out_.section = job_.section->name;
    out_.where = job_.section->where;
    collect();
    apply_kb_base();
    if (const FioOption* o = last("name"))
      out_.check_name = import_core::identifier_of(value_of(*o));
    else
      out_.check_name = import_core::identifier_of(out_.section);
    if (out_.check_name != (last("name") ? *last("name")->value : out_.section))
      out_.notes.push_back(fmt::format("{}:{}: [{}]: the check is named {} (letters, digits, _)",
                                       out_.where.file.string(), out_.where.line, out_.section,
                                       out_.check_name));
    if (const FioOption* o = last("description")) out_.description = value_of(*o);
    direction();
    block_sizes();
    block_align();
    queue();
    sizes_and_times();
    steady_state();
    engine_and_flush();
    verify();
    rates();
    rate_process();
    priorities();
    submit_mode();
    think_time();
    floors();
    random_generator();
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
        const unsigned v = parsed(*later, [&] { return up_to(100)(value_of(*later)); });
        read = later == r ? static_cast<double>(v) : 100.0 - static_cast<double>(v);
        source("read", later);
        mix_from_ = later;
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
        const unsigned pct =
            one_value(*o, per_direction(value_of(*o)), rw_.reads, rw_.writes, "100", up_to(100));
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
      w.block_size = one_value(*bs, per_direction(value_of(*bs)), rw_.reads, rw_.writes, "4096",
                               [this](const std::string& v) { return fio_size(v, kb_base_); });
      if (const auto problem = block_size_problem(w.block_size)) refuse(*bs, *problem);
    }
    source("block_size", bs);
    const FioOption* range = last("bsrange");
    const FioOption* split = last("bssplit");
    // fio fills its smallest and largest size from bs only where bsrange or bssplit left them
    // unset (init.c fixup_options), and draws from the split whenever there is one (io_u.c).
    if (split != nullptr) {
      split_sizes(*split, bs);
      if (range != nullptr) range_beside_split(*range);
    } else if (range != nullptr) {
      range_sizes(*range, bs);
    }
  }

  void split_sizes(const FioOption& split, const FioOption* bs) {
    WorkloadSpec& w = out_.workload;
    std::string text = value_of(split);
    // Per direction: "reads,writes[,trims]"; one group is every direction's.
    const std::size_t comma = text.find(',');
    if (comma != std::string::npos) {
      std::string reads = text.substr(0, comma);
      std::string writes = text.substr(comma + 1);
      writes = writes.substr(0, writes.find(','));
      if (rw_.mixed() && reads != writes) {
        refuse(split, "reads and writes split apart: iogate draws one mix for both");
      }
      text = rw_.reads ? reads : writes;
    }
    const std::vector<BlockSizeShare> mix = parse_split(split, text, kb_base_);
    if (bs != nullptr)
      out_.notes.push_back(note(*bs, "bssplit decides the block sizes, as in fio"));
    out_.sources.erase("block_size");
    source("block_size", &split);
    source("block_mix", &split);
    w.block_size = block_size_of_mix(mix);
    if (mix.size() > 1) w.block_mix = mix;
  }

  // bsrange's "MIN-MAX" (or MIN:MAX), one per direction ("1k-4k,8k-16k": reads, writes), read
  // as fio's FIO_OPT_RANGE is (parse.c): the range the job's directions use, ends in order.
  SizeRange block_range(const FioOption& o) {
    const std::string text = value_of(o);
    const std::size_t comma = text.find(',');
    const std::string reads = text.substr(0, comma);
    std::string writes = comma == std::string::npos ? reads : text.substr(comma + 1);
    writes = writes.substr(0, writes.find(','));
    if (writes.empty()) writes = reads;
    const std::string v = one_value(o, {reads, writes}, rw_.reads, rw_.writes, reads,
                                    [](const std::string& range) { return range; });
    std::size_t cut = v.find('-');
    if (cut == std::string::npos) cut = v.find(':');
    if (cut == std::string::npos) refuse(o, fmt::format("expected MIN-MAX like 4k-64k, got {}", v));
    SizeRange r;
    r.min = parsed(o, [&] { return fio_size(v.substr(0, cut), kb_base_); });
    r.max = parsed(o, [&] { return fio_size(v.substr(cut + 1), kb_base_); });
    if (r.min > r.max) std::swap(r.min, r.max);  // fio takes the ends either way round
    for (const std::uint64_t end : {r.min, r.max})
      if (const auto problem = block_size_problem(end)) refuse(o, *problem);
    return r;
  }

  void range_sizes(const FioOption& o, const FioOption* bs) {
    WorkloadSpec& w = out_.workload;
    const SizeRange r = block_range(o);
    if (bs != nullptr)
      out_.notes.push_back(note(*bs, "bsrange decides the block sizes, as in fio"));
    out_.sources.erase("block_size");
    source("block_size", &o);
    w.block_size = r.min;
    if (r.min == r.max) return;
    w.block_mix = range_shares(o, r);
    source("block_mix", &o);
    const std::size_t n = w.block_mix.size();
    out_.notes.push_back(note(
        o, fmt::format("fio draws each I/O's size as {} plus {} times a uniform fraction, rounded "
                       "down to a multiple of {} (io_u.c get_next_buflen): each of the {} "
                       "multiples of {} up to {} is 1/{} of the I/Os, as block_mix says",
                       format_size(r.min), format_size(r.max), format_size(r.min), n,
                       format_size(r.min), format_size(r.max), n)));
  }

  // Beside a bssplit, fio takes the smallest and the largest size (its alignment and its cap)
  // from whichever of the two it reads last; only a range that is the split's own is harmless.
  void range_beside_split(const FioOption& o) {
    const SizeRange r = block_range(o);
    const WorkloadSpec& w = out_.workload;
    const std::uint64_t largest = largest_block_size(w);
    if (r.min != w.block_size || r.max != largest) {
      refuse(o, fmt::format("{} to {} beside a bssplit of {} to {}: fio draws from the split but "
                            "aligns and caps the sizes by whichever of the two it reads last; "
                            "give one of them",
                            format_size(r.min), format_size(r.max), format_size(w.block_size),
                            format_size(largest)));
    }
    out_.notes.push_back(note(o,
                              "bssplit decides the block sizes, as in fio; this range is the "
                              "split's own smallest to largest"));
  }

  // fio's blockalign (ba): what random offsets are multiples of, per direction as bs is; its
  // default is the smallest block size, iogate's grain. A value under the grain or no multiple of
  // it is the engine's rule to refuse (check_rules), at this line.
  void block_align() {
    WorkloadSpec& w = out_.workload;
    const FioOption* o = last("ba");
    if (o == nullptr) return;
    if (w.random_pct == 0) {
      out_.notes.push_back(note(*o, "changes nothing without random I/Os, in fio as here"));
      return;
    }
    const PerDirection v = per_direction(value_of(*o));
    const auto bytes = [&](const std::string& text) -> std::uint64_t {
      if (text.empty()) return w.block_size;  // fio's default for that direction
      return parsed(*o, [&] { return fio_size(text, kb_base_); });
    };
    const std::uint64_t reads = bytes(v.read);
    const std::uint64_t writes = bytes(v.write);
    if (rw_.mixed() && reads != writes)
      refuse(*o, fmt::format("reads aligned to {} and writes to {}: iogate aligns both alike",
                             format_size(reads), format_size(writes)));
    const std::uint64_t align = rw_.reads ? reads : writes;
    if (align == w.block_size) {
      out_.notes.push_back(note(*o, "fio's default (the smallest block size), and iogate's"));
      return;
    }
    w.block_align = align;
    source("block_align", o);
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
      // With a filename, fio's jobs share that file, each over all of it.
      const std::string fio_does =
          last("filename") != nullptr
              ? fmt::format("fio's {} jobs share the one file named, each over all of it", n)
              : fmt::format("fio gives each of its {} jobs a file of its own", n);
      if (n > 1)
        out_.notes.push_back(
            note(*o, fmt::format("{}; iogate splits one file of {} times the size into {} regions",
                                 fio_does, n, n)));
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

  // A job without size or filesize that names a file or device: fio would take that file's size
  // (filesetup.c); a check makes its own file, of kFileSizeWhenNoneGiven, and says so.
  std::uint64_t file_size_when_none_given() {
    const FioOption* named = last("filename");
    if (named == nullptr) {
      throw ThresholdError(out_.where, "size",
                           fmt::format("job [{}] gives no size and names no file: fio would take "
                                       "the size of a file named after the job if one were there, "
                                       "and stop otherwise; add size=",
                                       out_.section));
    }
    out_.notes.push_back(
        note(*named, fmt::format("no size or filesize: fio would take the size of {}; "
                                 "this check uses {}{}: set file_size to what you mean",
                                 value_of(*named), format_size(kFileSizeWhenNoneGiven),
                                 out_.workload.workers > 1 ? " per job, as size= would" : "")));
    return kFileSizeWhenNoneGiven;
  }

  // fio transfers whole blocks and leaves the rest of `size` untouched.
  std::uint64_t whole_blocks(std::uint64_t io, const FioOption& from) {
    const std::uint64_t block = out_.workload.block_size;
    if (io % block == 0) return io;
    io -= io % block;
    if (io == 0)
      refuse(from,
             fmt::format("holds no whole block of {} bytes, so fio would transfer nothing", block));
    out_.notes.push_back(note(from, fmt::format("fio transfers whole blocks: {} bytes", io)));
    return io;
  }

  // fio's number_ios ends a job after N I/Os, never extends it (HOWTO), and a time-based job runs
  // on past it (backend.c: do_io loops while time_based, keep_running returns before counting).
  std::uint64_t capped_by_number_ios(std::uint64_t io, bool time_based) {
    const FioOption* o = last("number_ios");
    if (o == nullptr) return io;
    const std::uint64_t n = parsed(*o, [&] { return fio_int(value_of(*o)); });
    if (n == 0) return io;  // fio's default: no count
    if (time_based) {
      out_.notes.push_back(note(*o,
                                "changes nothing on a time-based job, in fio as here: the "
                                "window ends it"));
      return io;
    }
    if (!out_.workload.block_mix.empty())
      refuse(*o,
             "a count of I/Os of several sizes: iogate ends a run on bytes, and the bytes "
             "of N I/Os differ from run to run");
    const std::uint64_t counted = times(*o, n, out_.workload.block_size);
    source("size", o);
    if (counted >= io) {
      out_.notes.push_back(note(*o, fmt::format("the job's {} bytes end it first, in fio as here "
                                                "(number_ios never extends a job)",
                                                io)));
      return io;
    }
    out_.notes.push_back(note(*o, fmt::format("a size-based check of {} I/Os of {} bytes per job",
                                              n, out_.workload.block_size)));
    return counted;
  }

  // fio's loops: the job runs N times over the same file (loops=0 is once, as in init.c). A
  // time-based job runs passes until its runtime ends, loops or not (backend.c keep_running).
  std::uint64_t looped(std::uint64_t io, bool time_based) {
    const FioOption* o = last("loops");
    if (o == nullptr) return io;
    const std::uint64_t n =
        std::max<std::uint64_t>(parsed(*o, [&] { return fio_int(value_of(*o)); }), 1);
    if (n > std::numeric_limits<std::uint32_t>::max())
      refuse(*o, fmt::format("expected at most {} (fio's limit), got {}",
                             std::numeric_limits<std::uint32_t>::max(), n));
    if (time_based) {
      out_.notes.push_back(note(*o,
                                "changes nothing on a time-based job: fio runs passes over "
                                "the file until the runtime ends, loops or not, as iogate "
                                "does"));
      return io;
    }
    if (n == 1) return io;
    source("size", o);
    out_.notes.push_back(note(*o, fmt::format("{} passes of {} bytes over the same file: "
                                              "iogate transfers {} times the size in one run; "
                                              "fio closes and reopens the file between passes "
                                              "(dropping its cached pages, with fio's default "
                                              "invalidate=1)",
                                              n, io, n)));
    return times(*o, io, n);
  }

  void sizes_and_times() {
    WorkloadSpec& w = out_.workload;
    bool time_based = false;
    if (const FioOption* o = last("time_based"))
      time_based = parsed(*o, [&] { return fio_set(o->value); });

    const std::uint64_t size = size_of("size");
    const std::uint64_t filesize = size_of("filesize");
    const std::uint64_t io_size = size_of("io_size");
    std::uint64_t file = filesize != 0 ? filesize : size;
    const FioOption* file_from = last(filesize != 0 ? "filesize" : "size");
    if (file == 0) {
      file = file_size_when_none_given();
      file_from = last("filename");
    }
    // The I/O: io_size, else size, else the file (filesize, or the size taken for it).
    const FioOption* io_from =
        io_size != 0 ? last("io_size") : (size != 0 ? last("size") : file_from);
    std::uint64_t io = whole_blocks(io_size != 0 ? io_size : (size != 0 ? size : file), *io_from);
    source("size", io_from);
    io = looped(capped_by_number_ios(io, time_based), time_based);

    const std::uint64_t jobs = w.workers;
    w.file_size = times(*file_from, file, jobs);
    source("file_size", file_from);
    source("file_size", last("numjobs"));

    std::chrono::microseconds runtime{0};
    const FioOption* rt = last("runtime");
    if (rt != nullptr) runtime = parsed(*rt, [&] { return fio_time(value_of(*rt)); });
    if (time_based) {
      if (runtime.count() == 0) {
        refuse(*last("time_based"),
               "time_based without a runtime runs until it is stopped; give runtime=");
      }
      out_.sources.erase("size");
      w.io_size = 0;
      w.duration = runtime;
      source("duration", rt);
      source("duration", last("time_based"));
    } else {
      w.io_size = times(*io_from, io, jobs);
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

  // fio's steadystate ends a job once its figure is steady; iogate starts measuring there. The
  // phase may last what fio's job may (its runtime), and a time-based check then measures one
  // window more; a size-based one its size.
  void steady_state() {
    WorkloadSpec& w = out_.workload;
    const FioOption* dur = last("steadystate_duration");
    const auto window =
        dur ? parsed(*dur, [&] { return fio_time(value_of(*dur)); }) : std::chrono::microseconds(0);
    if (window.count() == 0) {
      for (const char* n : {"steadystate", "steadystate_ramp_time", "steadystate_check_interval"})
        if (const FioOption* u = last(n))
          out_.notes.push_back(
              note(*u, "changes nothing without steadystate_duration, in fio as here"));
      return;
    }
    const FioOption* criterion = last("steadystate");
    std::string text = criterion ? value_of(*criterion) : "iops_slope:0.01%";  // fio's default
    // fio reads a bare latency limit in microseconds; iogate wants the unit written.
    if (text.starts_with("lat") && std::isdigit(static_cast<unsigned char>(text.back())))
      text += "us";
    SteadyState rule;
    if (auto problem = parse_steady_criterion(text, rule))
      refuse(criterion ? *criterion : *dur, *problem);
    source("steady_state", criterion ? criterion : dur);
    rule.window = window;
    source("steady_window", dur);
    if (const FioOption* o = last("steadystate_check_interval")) {
      rule.interval = parsed(*o, [&] { return fio_time(value_of(*o)); });
      source("steady_interval", o);
    }
    if (const FioOption* o = last("steadystate_ramp_time")) {
      const auto ramp = parsed(*o, [&] { return fio_time(value_of(*o)); });
      if (last("ramp_time") != nullptr)
        out_.notes.push_back(note(*o,
                                  "fio counts both ramps from the job's start; iogate's ramp "
                                  "is the longer of the two"));
      w.ramp = std::max<std::chrono::nanoseconds>(w.ramp, ramp);
      source("ramp", o);
    }
    const bool time_based = w.io_size == 0;
    const bool runtime_caps = w.duration.count() > 0;
    if (runtime_caps) {
      rule.max_wait = w.duration;
      source("steady_max", last("runtime"));
    } else {
      rule.max_wait = kDefaultMaxWaitWindows * rule.window;
    }
    if (time_based) {
      w.duration = rule.window;
      source("duration", dur);
    }
    w.steady_state = rule;
    out_.notes.push_back(note(
        criterion ? *criterion : *dur,
        fmt::format("fio stops the job once {} holds and reports all of it; iogate waits for "
                    "it at most {} (steady_max), then measures {}",
                    steady_criterion_text(rule), runtime_caps ? "fio's runtime" : "five windows",
                    time_based ? "one steady_window more" : "the job's size")));
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
    const FioOption* capped_by = nullptr;
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
      double cap = static_cast<double>(rw_.reads ? r : wr);
      if (rw_.mixed()) {
        const detail::TotalCap mixed =
            detail::total_cap({static_cast<double>(r), static_cast<double>(wr)}, w.read_pct,
                              iops ? "I/Os per second" : "bytes per second");
        if (!mixed.refusal.empty()) refuse(*o, mixed.refusal);
        if (!mixed.note.empty()) out_.notes.push_back(note(*o, mixed.note));
        cap = mixed.total;
      } else if (cap == 0 && (r != 0 || wr != 0)) {
        out_.notes.push_back(note(*o, fmt::format("caps only {}, which this job does not issue: "
                                                  "no cap, in fio as here",
                                                  rw_.reads ? "writes" : "reads")));
      }
      if (cap == 0) continue;
      const double total = cap * w.workers;
      const char* key = iops ? "rate_iops" : "rate_mbps";
      (iops ? w.rate_iops : w.rate_mbps) = iops ? total : total / (1024.0 * 1024.0);
      source(key, o);
      if (rw_.mixed()) source(key, mix_from_);  // the total follows the mix's shares
      if (w.workers > 1) source(key, last("numjobs"));
      capped_by = o;
    }
    if (capped_by != nullptr) note_a_long_transfer(*capped_by);
  }

  // A size-based job under a rate cap lasts size / rate; fio may end it sooner (exitall, another
  // job's end), iogate never does. Hours or days at the cap are said where the cap is.
  void note_a_long_transfer(const FioOption& cap) {
    const WorkloadSpec& w = out_.workload;
    if (w.io_size == 0 || w.duration.count() != 0) return;
    const double bytes = static_cast<double>(w.io_size);
    double seconds = 0;
    if (w.rate_mbps > 0) seconds = bytes / (w.rate_mbps * 1024.0 * 1024.0);
    if (w.rate_iops > 0)
      seconds = std::max(seconds, bytes / static_cast<double>(w.block_size) / w.rate_iops);
    if (seconds <= 3600) return;
    out_.notes.push_back(note(
        cap, fmt::format("at this cap the check's {} take about {:.1f} hours (fio's job may end "
                         "sooner, by exitall or another job's end; iogate's never does): give a "
                         "runtime or a smaller size for one that ends sooner",
                         format_size(w.io_size), seconds / 3600.0)));
  }

  // fio's prioclass and prio: the job's class for every I/O (fio sets it on the job's thread, as
  // priority = does). A level without a class is best effort's (os-linux.h ioprio_value).
  void priorities() {
    WorkloadSpec& w = out_.workload;
    const FioOption* cls = last("prioclass");
    const FioOption* level = last("prio");
    const unsigned c = cls ? parsed(*cls, [&] { return up_to(3)(value_of(*cls)); }) : 0;
    const unsigned l =
        level ? parsed(*level, [&] { return up_to(kMaxPriorityLevel)(value_of(*level)); }) : 0;
    if (c != 0 || l != 0) {
      w.priority = priority_of(c != 0 ? c : 2, l);
      source("priority", cls);
      source("priority", level);
    } else {
      for (const FioOption* o : {cls, level})
        if (o != nullptr)
          out_.notes.push_back(note(*o, "the thread's own class, as fio's default"));
    }
    cmd_priority();
  }

  // fio's cmdprio_percentage with cmdprio_class (default 1, real time: the highest) and cmdprio
  // (default level 0): the share of the I/Os issued at that class, io_uring and libaio only.
  void cmd_priority() {
    WorkloadSpec& w = out_.workload;
    const FioOption* pct = last("cmdprio_percentage");
    if (pct == nullptr) {
      for (const char* n : {"cmdprio_class", "cmdprio"})
        if (const FioOption* o = last(n))
          out_.notes.push_back(
              note(*o, "changes nothing without cmdprio_percentage, in fio as here"));
      return;
    }
    if (w.engine == "psync")
      refuse(*pct,
             "an io_uring and libaio option (fio knows it with those engines only): iogate "
             "gives each I/O its own class with them alone");
    const unsigned share =
        one_value(*pct, per_direction(value_of(*pct)), rw_.reads, rw_.writes, "0", up_to(100));
    if (share == 0) {
      out_.notes.push_back(note(*pct, "issues no I/O at another class, in fio as here"));
      return;
    }
    const FioOption* cls = last("cmdprio_class");
    const FioOption* level = last("cmdprio");
    unsigned c = 1;
    if (cls != nullptr)
      c = one_value(*cls, per_direction(value_of(*cls)), rw_.reads, rw_.writes, "1", up_to(3));
    unsigned l = 0;
    if (level != nullptr)
      l = one_value(*level, per_direction(value_of(*level)), rw_.reads, rw_.writes, "0",
                    up_to(kMaxPriorityLevel));
    w.cmd_priority = priority_of(c != 0 ? c : 1, l);
    w.cmd_priority_pct = share;
    source("cmd_priority", cls);
    source("cmd_priority", level);
    source("cmd_priority_share", pct);
  }

  // fio's rate_process: how its rate spaces the issues; poisson draws exponential gaps of the
  // rate's mean (backend.c usec_for_io), as rate_process = "poisson" does.
  void rate_process() {
    WorkloadSpec& w = out_.workload;
    const FioOption* o = last("rate_process");
    if (o == nullptr) return;
    const std::string v = value_of(*o);
    const std::optional<RateProcess> process = parse_rate_process(v);
    if (!process) refuse(*o, fmt::format("expected linear or poisson, got \"{}\"", v));
    if (*process == RateProcess::linear) {
      out_.notes.push_back(note(*o, "fio's default, and iogate's"));
      return;
    }
    if (w.rate_iops == 0 && w.rate_mbps == 0)
      refuse(*o,
             "poisson spaces the issues of a rate cap, and this job has none (rate or "
             "rate_iops): fio ignores it; give a rate, or leave rate_process out");
    w.rate_process = *process;
    source("rate_process", o);
    if (w.rate_mbps > 0 && !w.block_mix.empty())
      out_.notes.push_back(note(*o,
                                "fio draws a byte rate's Poisson gaps as if every I/O were the "
                                "smallest block size, so with several sizes it issues more "
                                "than the rate; iogate draws each I/O's gap for its own size"));
  }

  // fio's io_submit_mode: inline (its default) submits from the job's thread and, under a rate,
  // lets the I/Os in flight complete before it sleeps until the next is due (io_u.c rate_ddir);
  // offload submits from a thread pool, so the schedule never waits on the device. iogate's
  // schedule runs off the clock from each worker's own thread (workload_loop.hpp): offload's.
  void submit_mode() {
    const WorkloadSpec& w = out_.workload;
    const bool paced = w.rate_iops > 0 || w.rate_mbps > 0;
    const FioOption* o = last("io_submit_mode");
    const std::string v = o ? value_of(*o) : "inline";
    if (v != "inline" && v != "offload")
      refuse(*o, fmt::format("expected inline or offload, got \"{}\"", v));
    if (v == "offload") {
      out_.notes.push_back(note(
          *o, paced ? "fio submits from threads of its own so that its rate schedule never "
                      "waits on completions; iogate issues from each worker's own thread on a "
                      "schedule that runs off the clock, not off completions, up to queue_depth "
                      "in flight: the same schedule, without the extra threads"
                    : "fio submits from threads of its own; iogate issues from each worker's "
                      "own thread: the same I/O, without the extra threads"));
      return;
    }
    const FioOption* rate = last("rate_iops") ? last("rate_iops") : last("rate");
    if (paced && w.queue_depth > 1 && w.engine != "psync" && rate != nullptr) {
      out_.notes.push_back(note(*rate,
                                "fio (io_submit_mode=inline, its default) lets the I/Os in "
                                "flight complete before it sleeps until the next is due; "
                                "iogate issues each on time, up to queue_depth in flight (fio's "
                                "offload): the same load while latencies stay under the gap "
                                "between issues"));
    }
    if (o != nullptr) out_.notes.push_back(note(*o, "fio's default"));
  }

  // fio's floors, rate_min (bytes/s) and rate_iops_min: fio checks each job, each direction
  // apart, over every rate_cycle (1 s) after the first 2 s, and ends the job below them
  // (backend.c __check_min_rate); given both for a direction, it checks rate_min alone. A check
  // judges the run's mean over every worker: the floor times numjobs, per direction on a mixed
  // job (read_/write_ keys), as [check.expect] bounds.
  void floors() {
    const FioOption* bytes = last("rate_min");
    const FioOption* ios = last("rate_iops_min");
    if (bytes == nullptr && ios == nullptr) return;
    const PerDirection b = bytes ? per_direction(value_of(*bytes)) : PerDirection{};
    const PerDirection i = ios ? per_direction(value_of(*ios)) : PerDirection{};
    if (rw_.reads) floor_of_direction(rw_.mixed() ? "read_" : "", bytes, b.read, ios, i.read);
    if (rw_.writes) floor_of_direction(rw_.mixed() ? "write_" : "", bytes, b.write, ios, i.write);
  }

  void floor_of_direction(const std::string& prefix, const FioOption* bytes,
                          const std::string& bytes_text, const FioOption* ios,
                          const std::string& ios_text) {
    const std::uint64_t b =
        bytes_text.empty() ? 0 : parsed(*bytes, [&] { return fio_size(bytes_text, kb_base_); });
    const std::uint64_t i = ios_text.empty() ? 0 : parsed(*ios, [&] { return fio_int(ios_text); });
    const double jobs = out_.workload.workers;
    if (b != 0) {
      add_floor(prefix + "mbps_min", static_cast<double>(b) * jobs / (1024.0 * 1024.0), *bytes);
      if (i != 0)
        out_.notes.push_back(note(*ios,
                                  "fio checks rate_min alone where both are given "
                                  "(backend.c __check_min_rate): not a bound here either"));
    } else if (i != 0) {
      add_floor(prefix + "iops_min", static_cast<double>(i) * jobs, *ios);
    }
  }

  void add_floor(const std::string& key, double value, const FioOption& o) {
    FioFloor floor{key, value, {o}};
    if (const FioOption* n = last("numjobs"); n != nullptr && out_.workload.workers > 1)
      floor.from.push_back(*n);
    out_.notes.push_back(note(o, fmt::format("fio ends a job whose rate falls below this over a "
                                             "rate_cycle (1 s); the check bounds the run's mean "
                                             "over all its workers instead: {} = {}",
                                             key, toml_text::number_value(value))));
    out_.floors.push_back(std::move(floor));
  }

  // fio's random_generator picks how fio draws offsets; iogate has one generator of its own.
  void random_generator() {
    const FioOption* o = last("random_generator");
    if (o == nullptr) return;
    const std::string v = value_of(*o);
    if (v != "tausworthe" && v != "tausworthe64" && v != "lfsr")
      refuse(*o, fmt::format("expected tausworthe, tausworthe64 or lfsr, got \"{}\"", v));
    std::string why = "iogate draws its offsets with its own generator (xoshiro256**)";
    if (v == "lfsr" && rw_.random) {
      why +=
          "; fio's lfsr visits each block once per pass over the file (one block size), and "
          "iogate's draws, like fio's with norandommap, do not: some blocks come twice in a "
          "pass, others not at all";
    }
    out_.notes.push_back(note(*o, why));
  }

  // fio's wait_for: the job starts once every worker of the job named is done. fio refuses a job
  // naming itself, no job defined before it, or a name two earlier jobs share (init.c
  // wait_for_ok); checks run one at a time in file order, so the one named has run before.
  // The index of the job waited for, if any.
  std::optional<std::size_t> waits_for() {
    const FioOption* o = last("wait_for");
    if (o == nullptr) return std::nullopt;
    const std::string name = value_of(*o);
    if (name == job_.section->name || name == names_[job_.index])
      refuse(*o, "a job cannot wait for itself, in fio either");
    std::vector<std::size_t> before;
    for (std::size_t i = 0; i < job_.index; ++i)
      if (names_[i] == name) before.push_back(i);
    if (before.empty()) {
      if (std::find(names_.begin(), names_.end(), name) == names_.end())
        refuse(*o, fmt::format("no job is named \"{}\" (fio refuses the file too)", name));
      refuse(*o, fmt::format("the job named \"{}\" comes later in the file: fio waits only for a "
                             "job defined before this one, and checks run in file order",
                             name));
    }
    if (before.size() > 1)
      refuse(*o, fmt::format("{} jobs before this one are named \"{}\": fio refuses a wait_for "
                             "that could mean either",
                             before.size(), name));
    out_.notes.push_back(note(*o, fmt::format("fio starts this job once every worker of the job "
                                              "named \"{}\" is done; iogate runs each check on its "
                                              "own, in file order, so that one runs before",
                                              name)));
    return before.front();
  }

  // thinktime (microseconds when bare) after every thinktime_blocks I/Os, triggered on their
  // completion as fio does by default.
  void think_time() {
    WorkloadSpec& w = out_.workload;
    const FioOption* o = last("thinktime");
    const auto time =
        o ? parsed(*o, [&] { return fio_time(value_of(*o), std::chrono::microseconds(1)); })
          : std::chrono::microseconds(0);
    if (time.count() == 0) {
      for (const char* n : {"thinktime_blocks", "thinktime_spin", "thinktime_blocks_type"})
        if (const FioOption* u = last(n))
          out_.notes.push_back(note(*u, "changes nothing without a thinktime, in fio as here"));
      return;
    }
    w.think_time = time;
    source("think_time", o);
    if (const FioOption* b = last("thinktime_blocks")) {
      const std::uint64_t blocks = parsed(*b, [&] { return fio_int(value_of(*b)); });
      if (const auto problem = think_blocks_problem(
              static_cast<std::int64_t>(std::min<std::uint64_t>(blocks, 1ULL << 40))))
        refuse(*b, *problem);
      w.think_blocks = static_cast<unsigned>(blocks);
      source("think_blocks", b);
    }
    if (const FioOption* t = last("thinktime_blocks_type")) {
      if (value_of(*t) != "complete")
        refuse(*t,
               "iogate pauses once the I/Os before the pause have completed (fio's "
               "default, complete), not as they are issued");
      out_.notes.push_back(note(*t, "fio's default, and what iogate does"));
    }
    if (const FioOption* spin = last("thinktime_spin"))
      out_.notes.push_back(note(*spin,
                                "fio spins the CPU for this part of the pause; iogate sleeps "
                                "through all of it: the I/O is the same, the CPU figure "
                                "lower"));
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
    const std::optional<std::size_t> waitee = waits_for();
    if (waitee && *waitee + 1 == job_.index) waits = true;  // it waits for the one before
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
  const std::vector<std::string>& names_;
  FioJob out_;
  std::map<std::string, const FioOption*> last_;
  std::map<std::string, int> order_;
  int position_ = 0;
  unsigned kb_base_ = 1024;
  Rw rw_;
  const FioOption* mix_from_ = nullptr;  // the rwmixread or rwmixwrite in force, if any
};

// The name fio knows each job by (its o.name, what wait_for names): the job's last name=, else
// its section's.
std::vector<std::string> fio_names(const std::vector<FioJobOptions>& jobs) {
  std::vector<std::string> names;
  for (const FioJobOptions& job : jobs) {
    std::string name = job.section->name;
    for (const FioOption* o : job.options)
      if (o->name == "name" && o->value) name = *o->value;
    names.push_back(std::move(name));
  }
  return names;
}

}  // namespace

std::vector<FioJob> map_jobs(const FioJobFile& file) {
  const std::vector<FioJobOptions> all = jobs_of(file);
  const std::vector<std::string> names = fio_names(all);
  std::vector<FioJob> jobs;
  for (const FioJobOptions& job : all) jobs.push_back(JobMapper(job, names).map());
  if (jobs.empty()) {
    throw ThresholdError(SourceLocation{file.path, 0, 0}, "",
                         "no job section: only [global] ones, so fio would run nothing");
  }
  return jobs;
}

FioJob map_job(const FioJobFile& file, const std::string& section, const SourceLocation& asked,
               const std::string& key) {
  const std::vector<FioJobOptions> jobs = jobs_of(file);
  const std::vector<std::string> known_as = fio_names(jobs);
  std::vector<std::string> names;
  for (const FioJobOptions& j : jobs) names.push_back(j.section->name);
  if (section.empty()) {
    if (jobs.size() == 1) return JobMapper(jobs.front(), known_as).map();
    throw ThresholdError(asked, key,
                         fmt::format("{} holds {} jobs ({}): name one", file.path.string(),
                                     jobs.size(), fmt::join(names, ", ")));
  }
  for (const FioJobOptions& j : jobs)
    if (j.section->name == section) return JobMapper(j, known_as).map();
  throw ThresholdError(
      asked, key,
      fmt::format("{} has no job section [{}]; its jobs: {}", file.path.string(), section,
                  names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
}

}  // namespace iogate::fio_job
