// Private to the fio job mapping: one cap on a mixed job's total from fio's caps per direction
// (rate=r,w or rate_iops=r,w), where the two mean the same workload.
//
// fio paces reads and writes on schedules of their own (io_u.c rate_ddir): an I/O whose
// direction is ahead of its schedule gives way to one of the other direction that is due. On a
// device that keeps up, each direction then runs at its own cap whatever rwmixread says
// (randrw, rwmixread=50, rate_iops=100,300 ran 100 reads and 300 writes a second), and a
// direction without a cap runs flat out beside a capped one. iogate caps the total of a mix of
// fixed shares. The two agree when the caps stand in the mix's proportion, r / (r + w) = p: then
// the total that keeps reads at or under r and writes at or under w, min(r / p, w / (1 - p)), is
// r + w, and fio's run and iogate's are the same. rwmixread is a whole percent, so caps within
// half a point of it are taken too: the smaller quotient binds, and the other direction runs
// just under its own cap. Further off, or with one direction free, the job is refused, saying
// what would fit.
#pragma once

#include <string>
#include <string_view>

namespace iogate::fio_job::detail {

struct DirectionCaps {
  double read = 0;  // per second, in `unit`; 0: fio leaves reads uncapped
  double write = 0;
};

struct TotalCap {
  double total = 0;     // the cap on the mix's total; 0: none
  std::string note;     // which direction binds, and how far under its cap the other runs
  std::string refusal;  // set: the caps cannot be one total, and why
};

// `read_pct` is the mix's share of reads, 0 to 100; `unit` names the caps' unit in the note
// ("I/Os per second", "bytes per second").
TotalCap total_cap(DirectionCaps caps, double read_pct, std::string_view unit);

}  // namespace iogate::fio_job::detail
