// An IOMeter access specification's lines as a workload's shape (spec_shape.hpp).
#include "spec_shape.hpp"

#include <fmt/format.h>

namespace iogate::iometer {

SpecShape shape_of_spec(const std::vector<IcfSpecLine>& lines, const SourceLocation& spec) {
  SpecShape out;
  unsigned total = 0;
  for (const IcfSpecLine& l : lines) {
    if (l.of_size == 0) {
      out.left_out.push_back(&l);
      continue;
    }
    if (l.size == 0) throw ThresholdError(l.where, "size", "a transfer size of 0 bytes");
    if (l.delay != 0)
      throw ThresholdError(l.where, "delay",
                           fmt::format("{} ms between bursts of {} I/Os: iogate has no pause "
                                       "between I/Os (rate_iops paces evenly instead)",
                                       l.delay, l.burst));
    if (l.reply != 0)
      throw ThresholdError(l.where, "reply", "a reply size: it belongs to network workers");
    if (!out.issued.empty()) {
      const IcfSpecLine& first = *out.issued.front();
      if (l.reads != first.reads || l.random != first.random)
        throw ThresholdError(
            l.where, "% reads",
            fmt::format("this line reads {}% and is {}% random, an earlier one {}% and {}%: "
                        "iogate's block-size mix has one read share and one random share for "
                        "all its sizes",
                        l.reads, l.random, first.reads, first.random));
    }
    out.issued.push_back(&l);
    total += l.of_size;
    out.block_mix.push_back(BlockSizeShare{l.size, static_cast<double>(l.of_size)});
  }
  if (out.issued.empty()) throw ThresholdError(spec, "% of size", "no line above 0% of size");
  if (total != 100)
    throw ThresholdError(spec, "% of size",
                         fmt::format("the lines' % of size add up to {}, expected 100", total));
  out.block_size = block_size_of_mix(out.block_mix);
  if (out.block_mix.size() == 1) out.block_mix.clear();
  out.read_pct = out.issued.front()->reads;
  out.random_pct = out.issued.front()->random;
  return out;
}

}  // namespace iogate::iometer
