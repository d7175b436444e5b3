// bs, bssplit, bsrange and blockalign: the block sizes a job issues and what random offsets are
// multiples of (job_mapper.hpp).
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "iogate/common/units.hpp"
#include "iogate/engine/workload_rules.hpp"
#include "job_mapper.hpp"

namespace iogate::fio_job::detail {
namespace {

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

void split_sizes(JobMapper& job, const FioOption& split, const FioOption* bs) {
  WorkloadSpec& w = job.out.workload;
  std::string text = value_of(split);
  // Per direction: "reads,writes[,trims]"; one group is every direction's.
  const std::size_t comma = text.find(',');
  if (comma != std::string::npos) {
    std::string reads = text.substr(0, comma);
    std::string writes = text.substr(comma + 1);
    writes = writes.substr(0, writes.find(','));
    if (job.rw.mixed() && reads != writes) {
      refuse(split, "reads and writes split apart: iogate draws one mix for both");
    }
    text = job.rw.reads ? reads : writes;
  }
  const std::vector<BlockSizeShare> mix = parse_split(split, text, job.kb_base);
  if (bs != nullptr) job.note(*bs, "bssplit decides the block sizes, as in fio");
  job.out.sources.erase("block_size");
  job.source("block_size", &split);
  job.source("block_mix", &split);
  w.block_size = block_size_of_mix(mix);
  if (mix.size() > 1) w.block_mix = mix;
}

// bsrange's "MIN-MAX" (or MIN:MAX), one per direction ("1k-4k,8k-16k": reads, writes), read
// as fio's FIO_OPT_RANGE is (parse.c): the range the job's directions use, ends in order.
SizeRange block_range(JobMapper& job, const FioOption& o) {
  const std::string text = value_of(o);
  const std::size_t comma = text.find(',');
  const std::string reads = text.substr(0, comma);
  std::string writes = comma == std::string::npos ? reads : text.substr(comma + 1);
  writes = writes.substr(0, writes.find(','));
  if (writes.empty()) writes = reads;
  const std::string v = one_value(o, {reads, writes}, job.rw.reads, job.rw.writes, reads,
                                  [](const std::string& range) { return range; });
  std::size_t cut = v.find('-');
  if (cut == std::string::npos) cut = v.find(':');
  if (cut == std::string::npos) refuse(o, fmt::format("expected MIN-MAX like 4k-64k, got {}", v));
  SizeRange r;
  r.min = parsed(o, [&] { return fio_size(v.substr(0, cut), job.kb_base); });
  r.max = parsed(o, [&] { return fio_size(v.substr(cut + 1), job.kb_base); });
  if (r.min > r.max) std::swap(r.min, r.max);  // fio takes the ends either way round
  for (const std::uint64_t end : {r.min, r.max})
    if (const auto problem = block_size_problem(end)) refuse(o, *problem);
  return r;
}

void range_sizes(JobMapper& job, const FioOption& o, const FioOption* bs) {
  WorkloadSpec& w = job.out.workload;
  const SizeRange r = block_range(job, o);
  if (bs != nullptr) job.note(*bs, "bsrange decides the block sizes, as in fio");
  job.out.sources.erase("block_size");
  job.source("block_size", &o);
  w.block_size = r.min;
  if (r.min == r.max) return;
  w.block_mix = range_shares(o, r);
  job.source("block_mix", &o);
  const std::size_t n = w.block_mix.size();
  job.note(o,
           fmt::format("fio draws each I/O's size as {} plus {} times a uniform fraction, rounded "
                       "down to a multiple of {} (io_u.c get_next_buflen): each of the {} "
                       "multiples of {} up to {} is 1/{} of the I/Os, as block_mix says",
                       format_size(r.min), format_size(r.max), format_size(r.min), n,
                       format_size(r.min), format_size(r.max), n));
}

// Beside a bssplit, fio takes the smallest and the largest size (its alignment and its cap)
// from whichever of the two it reads last; only a range that is the split's own is harmless.
void range_beside_split(JobMapper& job, const FioOption& o) {
  const SizeRange r = block_range(job, o);
  const WorkloadSpec& w = job.out.workload;
  const std::uint64_t largest = largest_block_size(w);
  if (r.min != w.block_size || r.max != largest) {
    refuse(o, fmt::format("{} to {} beside a bssplit of {} to {}: fio draws from the split but "
                          "aligns and caps the sizes by whichever of the two it reads last; "
                          "give one of them",
                          format_size(r.min), format_size(r.max), format_size(w.block_size),
                          format_size(largest)));
  }
  job.note(o,
           "bssplit decides the block sizes, as in fio; this range is the "
           "split's own smallest to largest");
}

}  // namespace

void map_block_sizes(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  w.block_size = 4096;  // fio's default bs
  const FioOption* bs = job.last("bs");
  if (bs != nullptr) {
    w.block_size = one_value(*bs, per_direction(value_of(*bs)), job.rw.reads, job.rw.writes, "4096",
                             [&job](const std::string& v) { return fio_size(v, job.kb_base); });
    if (const auto problem = block_size_problem(w.block_size)) refuse(*bs, *problem);
  }
  job.source("block_size", bs);
  const FioOption* range = job.last("bsrange");
  const FioOption* split = job.last("bssplit");
  // fio fills its smallest and largest size from bs only where bsrange or bssplit left them
  // unset (init.c fixup_options), and draws from the split whenever there is one (io_u.c).
  if (split != nullptr) {
    split_sizes(job, *split, bs);
    if (range != nullptr) range_beside_split(job, *range);
  } else if (range != nullptr) {
    range_sizes(job, *range, bs);
  }
}

// fio's blockalign (ba): what random offsets are multiples of, per direction as bs is; its
// default is the smallest block size, iogate's grain. A value under the grain or no multiple of
// it is the engine's rule to refuse (check_rules), at this line.
void map_block_align(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  const FioOption* o = job.last("ba");
  if (o == nullptr) return;
  if (w.random_pct == 0) {
    job.note(*o, "changes nothing without random I/Os, in fio as here");
    return;
  }
  const PerDirection v = per_direction(value_of(*o));
  const auto bytes = [&](const std::string& text) -> std::uint64_t {
    if (text.empty()) return w.block_size;  // fio's default for that direction
    return parsed(*o, [&] { return fio_size(text, job.kb_base); });
  };
  const std::uint64_t reads = bytes(v.read);
  const std::uint64_t writes = bytes(v.write);
  if (job.rw.mixed() && reads != writes)
    refuse(*o, fmt::format("reads aligned to {} and writes to {}: iogate aligns both alike",
                           format_size(reads), format_size(writes)));
  const std::uint64_t align = job.rw.reads ? reads : writes;
  if (align == w.block_size) {
    job.note(*o, "fio's default (the smallest block size), and iogate's");
    return;
  }
  w.block_align = align;
  job.source("block_align", o);
}

}  // namespace iogate::fio_job::detail
