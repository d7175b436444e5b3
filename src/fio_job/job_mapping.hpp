// fio job sections as iogate workloads: what each supported option becomes, which are accepted
// with a note because they do not change the I/O, and why every other one is refused.
//
// fio's defaults, not iogate's, fill what a job does not say: rw=read, bs=4k, iodepth=1,
// numjobs=1, ioengine=psync, direct=0 (buffered), rwmixread=50, percentage_random=100, no
// end_fsync (flush "none"). The mapping:
//
//   rw/readwrite      read, write, randread, randwrite, rw/readwrite, randrw -> read and random
//                     shares; trims are refused, and so is the `:N` suffix (fio's sequential runs
//                     inside a random stream, or holes in a sequential one)
//   rwmixread/-write  the read share of rw and randrw (the last one written wins, as in fio)
//   percentage_random the random share of randread, randwrite and randrw; on a sequential rw it
//                     changes nothing in fio either (noted)
//   bs/blocksize      block_size; "4k,8k" (read, write) only where the job uses one of them or
//                     they agree
//   bssplit           block_mix, block_size its smallest block (fio aligns offsets to it); shares
//                     left out split the rest as fio does, and must add up to 100
//   bsrange/          MIN-MAX (per direction like bs): fio draws MIN + MAX x u, rounded down to a
//   blocksize_range   multiple of MIN (io_u.c get_next_buflen), so each of the n = MAX/MIN
//                     multiples of MIN is 1/n of the I/Os: block_mix, block_size MIN (noted);
//                     MIN == MAX is block_size. Refused: MAX no multiple of MIN (fio's cap would
//                     be a size of its own), n > kMaxBlockMixSizes. bsrange wins over bs and
//                     bssplit over both, as in fio; beside a bssplit only its own range is taken
//   blockalign/ba     block_align above the smallest block size (fio's default, noted as such);
//                     "4k,8k" only where the job uses one direction or they agree; a value that
//                     is no multiple of the block size is the engine's rule to refuse; noted on a
//                     job without random I/Os, where fio ignores it too
//   iodepth           queue_depth (the sync engines run at depth 1, in fio and in iogate)
//   numjobs           workers. fio gives each job its own file of `size` and its own `size` of
//                     I/O; iogate splits one file into `workers` regions, so the file and the I/O
//                     are numjobs x size
//   size, filesize,   the file and the bytes transferred: filesize the file, size (or io_size)
//   io_size           the I/O; either alone is both, as in fio. Neither size nor filesize on a
//                     job that names a file or device (fio would take its size): the file is
//                     kFileSizeWhenNoneGiven, and the I/O unless io_size says (noted)
//   number_ios        the I/O is N x block_size per job, or the size if that ends it first (fio
//                     never extends a job on it); refused with a block-size mix; noted on a
//                     time-based job, where fio runs on past it
//   loops             the I/O is N times the size, over the same file (noted: fio reopens the
//                     file between passes); noted on a time-based job, where it changes nothing
//   runtime/timeout   size-based: a time cap (size with a duration); with time_based: duration
//   time_based        time-based: the file is size, the window runtime
//   ramp_time         ramp
//   direct, buffered  direct
//   ioengine          sync, psync, vsync, pvsync, pvsync2 -> psync; libaio (and fio's aliases
//                     aio, linuxaio) -> libaio; io_uring -> io_uring; anything else is refused
//                     (`ioengine=rbd: iogate runs local files only`)
//   end_fsync,        flush "end"; without them "none", as fio stops its clock without a flush
//   fsync_on_close
//   fsync, fdatasync  0 only: iogate flushes at the end, never every N writes
//   sync              dsync, sync, 1 -> write_through (O_DSYNC; O_SYNC's metadata on every write
//                     is noted); none, 0 -> nothing
//   verify            iogate's own verification (a header and crc32c per block, whatever fio's
//                     method): a job that writes and reads verifies every read of a block it wrote;
//                     a write-only job becomes kind "integrity" (write the file, flush, read it
//                     all back verified), fio's write-then-verify; a read-only job is refused (it
//                     would verify what an earlier job wrote)
//   rate, rate_iops   rate_mbps, rate_iops, times numjobs (fio caps each job). On a job that
//                     reads and writes, fio caps each direction on its own schedule and iogate
//                     the total: taken where the caps stand in the mix's proportion (within half
//                     a point of rwmixread), as the total that keeps each direction at or under
//                     its cap (noted: which binds); refused otherwise, or with one direction
//                     uncapped (src/fio_job/direction_rates.hpp)
//   rate_process      rate_process; poisson without a rate is refused, linear is noted
//   io_submit_mode    noted: offload's rate schedule, which never waits on completions, is
//                     iogate's; under inline (fio's default) a paced job at a depth above 1 gets
//                     a note on the rate, since fio lets the I/Os in flight complete before it
//                     sleeps until the next is due
//   rate_min/ratemin, fio's floors (it ends a job below them over a rate_cycle): the check's
//   rate_iops_min     bounds (FioJob::floors) mbps_min, iops_min, times numjobs, read_/write_ ones
//                     on a mixed job, as fio checks each direction; rate_min alone where both
//                     are given, as fio (noted). A check naming the job file refuses them
//   name, description the check's name (made an identifier) and description
//   filename,         noted: iogate makes its own file in the datastore's scratch area and never
//   directory         opens what the job names
//   stonewall,        noted: iogate runs one check at a time; a job fio would run at the same
//   wait_for_previous time as the one before it (no stonewall) gets a note saying so
//   wait_for          noted: checks run in file order, so the job named has run before; refused
//                     where fio refuses it too: a job named later, none, several, or itself
//   random_generator  noted: iogate draws offsets with its own generator; with lfsr fio visits
//                     each block once a pass, iogate's draws do not
//   the layout        "written" for a job that reads (fio lays out its file), "preallocated" for
//                     one that only writes (fio fallocates it), "written" with overwrite=1
//
// Accepted with a note (they change reporting, logging or placement, not the I/O): thread,
// threads (not an alias of thread: fio reads it as its tiobench profile's thread count, unused by
// a job file), group_reporting, new_group, kb_base (it changes how sizes read, and is honoured),
// unit_base, the log and percentile options, invalidate, randrepeat, norandommap, exitall,
// exit_what, cpus_allowed and the like.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "iogate/engine/workload.hpp"
#include "job_file.hpp"

namespace iogate::fio_job {

// The file size a job that names a file or device but gives no size (nor filesize) is checked
// with: fio would take that file's or device's size, which an import cannot know and a check must
// not touch. 1 GiB: several times a drive's write cache and large enough for a pass of 4 KiB I/Os
// to last seconds, yet small enough for a CI runner's scratch area; a note asks for the real one.
inline constexpr std::uint64_t kFileSizeWhenNoneGiven = std::uint64_t{1} << 30;

// A [check.expect] lower bound a job sets itself: "mbps_min" 20 from rate_min=10m and numjobs=2.
struct FioFloor {
  std::string key;  // iops_min, mbps_min, or their read_/write_ forms on a mixed job
  double value = 0;
  std::vector<FioOption> from;  // the fio lines it came from
};

struct FioJob {
  std::string section;     // the job section's name as written
  std::string check_name;  // name= or the section, with every character but [A-Za-z0-9_] as '_'
  std::string description;
  SourceLocation where;  // the section's [name] line
  WorkloadSpec workload;
  // Each threshold workload key ("block_size", "read" ...) and the fio lines it came from; a key
  // no line set holds fio's default.
  std::map<std::string, std::vector<FioOption>> sources;
  // "seq.fio:7: thread: iogate runs workers as threads anyway": options taken without effect.
  std::vector<std::string> notes;
  // fio's own floors (rate_min, rate_iops_min): [check.expect] bounds the job itself sets, beside
  // the ones an import is given (imported_jobs.hpp hands them to the import core's writer).
  std::vector<FioFloor> floors;
};

// Every job section of `file`, mapped; the first unsupported option or value of any job is a
// ThresholdError at its line ("file:line:column: ioengine: rbd: iogate runs local files only").
std::vector<FioJob> map_jobs(const FioJobFile& file);

// The job section named `section`, or the only one when `section` is empty, mapped (the other
// sections are not). A missing section, or no name for a file of several jobs, is a
// ThresholdError at `asked` naming `key` (the threshold file's `fio_section`, or a flag).

FioJob map_job(const FioJobFile& file, const std::string& section, const SourceLocation& asked,
               const std::string& key);

}  // namespace iogate::fio_job
