// fio options -> WorkloadSpec: each supported option, fio's defaults, the notes and the refusals.
#include "fio_job/job_mapping.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fio_test_support.hpp"

namespace iogate::fio_job {
namespace {

using test::error_of;
using test::job_of_text;
using test::jobs_of_text;
using testing::HasSubstr;
using namespace std::chrono_literals;

bool has_note(const FioJob& job, const std::string& part) {
  for (const std::string& n : job.notes)
    if (n.find(part) != std::string::npos) return true;
  return false;
}

TEST(JobMapping, FiosDefaultsFillWhatTheJobLeavesOut) {
  const FioJob j = job_of_text("[only]\nsize=64m\n");
  const WorkloadSpec& w = j.workload;
  EXPECT_EQ(j.check_name, "only");
  EXPECT_EQ(w.block_size, 4096u);
  EXPECT_EQ(w.read_pct, 100.0);  // rw=read
  EXPECT_EQ(w.random_pct, 0.0);
  EXPECT_EQ(w.queue_depth, 1u);
  EXPECT_EQ(w.workers, 1u);
  EXPECT_EQ(w.file_size, 64u << 20);
  EXPECT_EQ(w.io_size, 64u << 20);
  EXPECT_EQ(w.duration, 0ns);
  EXPECT_FALSE(w.direct);  // fio is buffered unless direct=1
  EXPECT_EQ(w.flush, FlushPolicy::none);
  EXPECT_EQ(w.engine, "psync");
  EXPECT_EQ(w.layout, FileLayout::written);
  EXPECT_TRUE(w.block_mix.empty());
}

TEST(JobMapping, ReadWriteModes) {
  struct Case {
    const char* rw;
    double read;
    double random;
  };
  for (const Case c : {Case{"read", 100, 0}, Case{"write", 0, 0}, Case{"randread", 100, 100},
                       Case{"randwrite", 0, 100}, Case{"rw", 50, 0}, Case{"readwrite", 50, 0},
                       Case{"randrw", 50, 100}}) {
    const FioJob j = job_of_text(std::string("[j]\nsize=1m\nrw=") + c.rw + "\n");
    EXPECT_EQ(j.workload.read_pct, c.read) << c.rw;
    EXPECT_EQ(j.workload.random_pct, c.random) << c.rw;
  }
  // readwrite= is rw='s alias.
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nreadwrite=randwrite\n").workload.random_pct, 100.0);
}

TEST(JobMapping, RwmixAndPercentageRandom) {
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randrw\nrwmixread=70\n").workload.read_pct, 70.0);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randrw\nrwmixwrite=30\n").workload.read_pct, 70.0);
  // The later of the two wins, as each sets both in fio.
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=rw\nrwmixread=70\nrwmixwrite=10\n").workload.read_pct,
            90.0);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randrw\npercentage_random=25\n").workload.random_pct,
            25.0);
  const FioJob seq = job_of_text("[j]\nsize=1m\nrw=read\npercentage_random=25\nrwmixread=10\n");
  EXPECT_EQ(seq.workload.random_pct, 0.0);
  EXPECT_TRUE(has_note(seq, "percentage_random=25: changes nothing on a sequential rw"));
  EXPECT_TRUE(has_note(seq, "rwmixread=10: changes nothing"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randrw\nrwmixread=101\n"),
              HasSubstr("t.fio:4:1: rwmixread: expected 0 to 100"));
}

TEST(JobMapping, RwRefusals) {
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randread:8\n"),
              HasSubstr("t.fio:3:1: rw: \"randread:8\": fio's :N suffix"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randtrim\n"),
              HasSubstr("t.fio:3:1: rw: randtrim: iogate issues no trims"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=sideways\n"), HasSubstr("expected read, write"));
}

TEST(JobMapping, BlockSizes) {
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nbs=64k\n").workload.block_size, 65536u);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nblocksize=8k\n").workload.block_size, 8192u);
  // Per direction: a reader takes the first, a writer the second.
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=read\nbs=4k,64k\n").workload.block_size, 4096u);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=write\nbs=4k,64k\n").workload.block_size, 65536u);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randrw\nbs=8k,8k\n").workload.block_size, 8192u);
  // One size spelled two ways is one size; so is a share.
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randrw\nbs=4k,4096\n").workload.block_size, 4096u);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randrw\npercentage_random=50,050\n").workload.random_pct,
            50.0);
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randrw\nbs=4k,64k\n"),
              HasSubstr("t.fio:4:1: bs: reads at 4k and writes at 64k"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nbs=1.5k\n"), HasSubstr("t.fio:3:1: bs: expected a whole"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nbs=128m\n"), HasSubstr("t.fio:3:1: bs: "));
}

TEST(JobMapping, KbBaseIsHonoured) {
  const FioJob j = job_of_text("[j]\nkb_base=1000\nsize=1m\nbs=4KiB\n");
  EXPECT_EQ(j.workload.block_size, 4096u);
  EXPECT_EQ(j.workload.file_size, 1000000u);
  EXPECT_EQ(j.workload.io_size, 999424u);  // whole blocks, as fio transfers
  EXPECT_TRUE(has_note(j, "fio transfers whole blocks: 999424 bytes"));
  EXPECT_EQ(job_of_text("[j]\nsize=1MiB\n").workload.file_size, 1000000u);  // fio's default
  EXPECT_THAT(error_of("[j]\nsize=1m\nkb_base=512\n"), HasSubstr("kb_base: expected 1000 or 1024"));
}

TEST(JobMapping, Bssplit) {
  const FioJob j = job_of_text("[j]\nsize=1m\nbs=4k\nbssplit=64k/40:4k/60\n");
  const WorkloadSpec& w = j.workload;
  ASSERT_EQ(w.block_mix.size(), 2u);
  EXPECT_EQ(w.block_mix[0].block_size, 65536u);
  EXPECT_EQ(w.block_mix[0].pct, 40.0);
  EXPECT_EQ(w.block_mix[1].block_size, 4096u);
  EXPECT_EQ(w.block_mix[1].pct, 60.0);
  EXPECT_EQ(w.block_size, 4096u);  // the smallest: fio aligns offsets to it
  EXPECT_EQ(j.sources.at("block_size").front().name, "bssplit");
  EXPECT_TRUE(has_note(j, "bs=4k: bssplit decides"));
}

TEST(JobMapping, BssplitSharesLeftOutSplitTheRest) {
  const WorkloadSpec w = job_of_text("[j]\nsize=1m\nbssplit=4k/50:8k:16k\n").workload;
  ASSERT_EQ(w.block_mix.size(), 3u);
  EXPECT_EQ(w.block_mix[1].pct, 25.0);
  EXPECT_EQ(w.block_mix[2].pct, 25.0);
  // One size alone is all of it: no mix.
  const WorkloadSpec one = job_of_text("[j]\nsize=1m\nbssplit=16k\n").workload;
  EXPECT_TRUE(one.block_mix.empty());
  EXPECT_EQ(one.block_size, 16384u);
  // Per direction, for a job that only writes: the writes' split.
  const WorkloadSpec wr =
      job_of_text("[j]\nsize=1m\nrw=write\nbssplit=4k/100,8k/50:16k/50\n").workload;
  ASSERT_EQ(wr.block_mix.size(), 2u);
  EXPECT_EQ(wr.block_mix[0].block_size, 8192u);
}

TEST(JobMapping, BssplitRefusals) {
  EXPECT_THAT(error_of("[j]\nsize=1m\nbssplit=4k/50:8k/40\n"),
              HasSubstr("t.fio:3:1: bssplit: the shares add up to 90%"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nbssplit=4k/33:8k:16k:32k\n"),
              HasSubstr("add up to 99%"));  // fio's integer split of the rest
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randrw\nbssplit=4k/100,8k/100\n"),
              HasSubstr("reads and writes split apart"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nbssplit=4q/100\n"), HasSubstr("bssplit: expected a size"));
}

// fio's FIO_OPT_RANGE: each I/O's size is MIN + MAX x u rounded down to a multiple of MIN, so
// every multiple of MIN up to MAX is an equal share (io_u.c get_next_buflen).
TEST(JobMapping, BsrangeIsAnEvenMixOfTheMultiplesOfItsMinimum) {
  const FioJob j = job_of_text("[j]\nsize=1m\nbs=8k\nbsrange=1k-4k\n");
  const WorkloadSpec& w = j.workload;
  EXPECT_EQ(w.block_size, 1024u);
  ASSERT_EQ(w.block_mix.size(), 4u);
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(w.block_mix[k].block_size, 1024u * (k + 1)) << k;
    EXPECT_EQ(w.block_mix[k].pct, 25.0) << k;
  }
  EXPECT_EQ(j.sources.at("block_size").front().name, "bsrange");
  EXPECT_TRUE(has_note(j, "bs=8k: bsrange decides the block sizes"));
  EXPECT_TRUE(has_note(j, "each of the 4 multiples of 1 KiB up to 4 KiB is 1/4 of the I/Os"));
  // A minimum that is no power of two rounds the same way in fio.
  const WorkloadSpec odd = job_of_text("[j]\nsize=3m\nbsrange=1536-4608\n").workload;
  ASSERT_EQ(odd.block_mix.size(), 3u);
  EXPECT_EQ(odd.block_mix[2].block_size, 4608u);
  EXPECT_NEAR(odd.block_mix[2].pct, 100.0 / 3, 1e-12);
  // Ends either way round, MIN:MAX, and MIN == MAX is one size.
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nbsrange=8k:2k\n").workload.block_mix.size(), 4u);
  const WorkloadSpec one = job_of_text("[j]\nsize=1m\nblocksize_range=16k-16k\n").workload;
  EXPECT_EQ(one.block_size, 16384u);
  EXPECT_TRUE(one.block_mix.empty());
  // Per direction: reads, writes.
  const WorkloadSpec wr = job_of_text("[j]\nsize=1m\nrw=write\nbsrange=4k-4k,4k-8k\n").workload;
  ASSERT_EQ(wr.block_mix.size(), 2u);
  EXPECT_EQ(wr.block_mix[1].block_size, 8192u);
}

TEST(JobMapping, BsrangeRefusals) {
  EXPECT_THAT(error_of("[j]\nsize=1m\nbsrange=4k-1m\n"),
              HasSubstr("t.fio:3:1: bsrange: 256 sizes (4 KiB to 1 MiB in steps of 4 KiB): "
                        "iogate's block_mix holds at most 64"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nbsrange=4k-10k\n"),
              HasSubstr("bsrange: 10 KiB is not a multiple of 4 KiB"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nbsrange=4k\n"), HasSubstr("bsrange: expected MIN-MAX"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nbsrange=1000-4000\n"),
              HasSubstr("bsrange: expected a positive multiple of 512"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randrw\nbsrange=4k-8k,4k-16k\n"),
              HasSubstr("bsrange: reads at 4k-8k and writes at 4k-16k"));
}

// bssplit draws the sizes, but fio aligns and caps them by whichever of the two it reads last.
TEST(JobMapping, BssplitWinsOverBsrangeOnlyWhereTheyAgree) {
  const FioJob j = job_of_text("[j]\nsize=1m\nbsrange=4k-64k\nbssplit=4k/60:64k/40\n");
  ASSERT_EQ(j.workload.block_mix.size(), 2u);
  EXPECT_TRUE(has_note(j, "bsrange=4k-64k: bssplit decides the block sizes"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nbsrange=4k-16k\nbssplit=4k/60:64k/40\n"),
              HasSubstr("t.fio:3:1: bsrange: 4 KiB to 16 KiB beside a bssplit of 4 KiB to 64 KiB"));
}

TEST(JobMapping, SizesNumjobsAndTimes) {
  // numjobs: fio gives each job its own file and its own size of I/O.
  const FioJob j = job_of_text("[j]\nsize=256m\nnumjobs=4\n");
  EXPECT_EQ(j.workload.workers, 4u);
  EXPECT_EQ(j.workload.file_size, 1ULL << 30);
  EXPECT_EQ(j.workload.io_size, 1ULL << 30);
  EXPECT_TRUE(has_note(j, "splits one file"));
  // filesize is the file, size the I/O; io_size wins over size for the I/O.
  const WorkloadSpec a = job_of_text("[j]\nfilesize=1g\nsize=128m\n").workload;
  EXPECT_EQ(a.file_size, 1ULL << 30);
  EXPECT_EQ(a.io_size, 128u << 20);
  const WorkloadSpec b = job_of_text("[j]\nsize=1g\nio_size=64m\n").workload;
  EXPECT_EQ(b.file_size, 1ULL << 30);
  EXPECT_EQ(b.io_size, 64u << 20);
  EXPECT_EQ(job_of_text("[j]\nfilesize=32m\n").workload.io_size, 32u << 20);
  // Size-based with a runtime: a time cap.
  const WorkloadSpec c = job_of_text("[j]\nsize=1g\nruntime=30\nramp_time=2s\n").workload;
  EXPECT_EQ(c.io_size, 1ULL << 30);
  EXPECT_EQ(c.duration, 30s);
  EXPECT_EQ(c.ramp, 2s);
  // time_based: the window is the runtime, the file the size.
  const WorkloadSpec d = job_of_text("[j]\nsize=1g\nruntime=1m\ntime_based\n").workload;
  EXPECT_EQ(d.io_size, 0u);
  EXPECT_EQ(d.duration, 60s);
  EXPECT_EQ(d.file_size, 1ULL << 30);
  EXPECT_EQ(job_of_text("[j]\nsize=1g\nruntime=1m\ntime_based=0\n").workload.io_size, 1ULL << 30);
}

// fio takes the size of the file or device a job names; a check cannot, and takes 1 GiB, noted.
TEST(JobMapping, AJobNamingAFileWithoutASizeIsCheckedOnOneGiB) {
  const FioJob j = job_of_text("[j]\nfilename=/dev/sdb\nrw=randread\n");
  EXPECT_EQ(j.workload.file_size, kFileSizeWhenNoneGiven);
  EXPECT_EQ(j.workload.io_size, kFileSizeWhenNoneGiven);
  EXPECT_TRUE(has_note(j,
                       "t.fio:2: filename=/dev/sdb: no size or filesize: fio would take the "
                       "size of /dev/sdb; this check uses 1 GiB: set file_size to what you "
                       "mean"));
  EXPECT_EQ(j.sources.at("file_size").front().name, "filename");
  // io_size is still the I/O; time-based, only the file.
  EXPECT_EQ(job_of_text("[j]\nfilename=/dev/sdb\nio_size=64m\n").workload.io_size, 64u << 20);
  const WorkloadSpec t = job_of_text("[j]\nfilename=/dev/sdb\ntime_based\nruntime=10\n").workload;
  EXPECT_EQ(t.file_size, kFileSizeWhenNoneGiven);
  EXPECT_EQ(t.io_size, 0u);
}

// fio's loops: the same job N times over the same file; with time_based the window decides.
TEST(JobMapping, LoopsTransferTheSizeNTimes) {
  const FioJob j = job_of_text("[j]\nsize=64m\nloops=3\nnumjobs=2\n");
  EXPECT_EQ(j.workload.file_size, 128u << 20);
  EXPECT_EQ(j.workload.io_size, 3u * (128u << 20));
  EXPECT_TRUE(has_note(j, "loops=3: 3 passes of 67108864 bytes over the same file"));
  EXPECT_EQ(j.sources.at("size")[1].name, "loops");
  EXPECT_EQ(job_of_text("[j]\nsize=64m\nloops=0\n").workload.io_size, 64u << 20);  // once
  const FioJob t = job_of_text("[j]\nsize=64m\nloops=5\ntime_based\nruntime=10\n");
  EXPECT_EQ(t.workload.io_size, 0u);
  EXPECT_TRUE(has_note(t, "loops=5: changes nothing on a time-based job"));
  EXPECT_THAT(error_of("[j]\nsize=1p\nloops=100000\n"),
              HasSubstr("t.fio:3:1: loops: 1125899906842624 x 100000 bytes is more than"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nloops=5000000000\n"),
              HasSubstr("t.fio:3:1: loops: expected at most 4294967295"));
  // timeout= is fio's alias of runtime.
  EXPECT_EQ(job_of_text("[j]\nsize=1m\ntimeout=7\n").workload.duration, 7s);
}

// fio's number_ios ends a job after N I/Os but never extends it, and a time-based job ignores it.
TEST(JobMapping, NumberIosIsASizeOfNBlocks) {
  const FioJob j = job_of_text("[j]\nsize=64m\nbs=8k\nnumber_ios=1000\nnumjobs=2\n");
  EXPECT_EQ(j.workload.io_size, 2u * 1000u * 8192u);
  EXPECT_EQ(j.workload.file_size, 128u << 20);
  EXPECT_TRUE(has_note(j, "number_ios=1000: a size-based check of 1000 I/Os"));
  const FioJob small = job_of_text("[j]\nsize=1m\nnumber_ios=1000\n");
  EXPECT_EQ(small.workload.io_size, 1u << 20);
  EXPECT_TRUE(has_note(small, "number_ios never extends a job"));
  // With loops, N I/Os in each pass (backend.c: number_ios x loops).
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nnumber_ios=100\nloops=3\n").workload.io_size, 300u * 4096u);
  const FioJob t = job_of_text("[j]\nsize=1m\nnumber_ios=10\ntime_based\nruntime=5\n");
  EXPECT_EQ(t.workload.duration, 5s);
  EXPECT_TRUE(has_note(t, "number_ios=10: changes nothing on a time-based job"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nbssplit=4k/50:8k/50\nnumber_ios=10\n"),
              HasSubstr("t.fio:4:1: number_ios: a count of I/Os of several sizes"));
}

TEST(JobMapping, SizeAndTimeRefusals) {
  EXPECT_THAT(error_of("[nosize]\nrw=read\n"),
              HasSubstr("t.fio:1:1: size: job [nosize] gives no size and names no file"));
  EXPECT_THAT(error_of("[j]\nsize=1g\ntime_based\n"),
              HasSubstr("t.fio:3:1: time_based: time_based without a runtime"));
  EXPECT_THAT(error_of("[j]\nsize=1g\nruntime=10sec\n"),
              HasSubstr("t.fio:3:1: runtime: expected a time"));
  EXPECT_THAT(error_of("[j]\nsize=50%\n"), HasSubstr("t.fio:2:1: size: expected a size"));
  EXPECT_THAT(error_of("[j]\nfilesize=1g-2g\n"), HasSubstr("a range of file sizes"));
  EXPECT_THAT(error_of("[j]\nsize=1g\nnumjobs=0\n"), HasSubstr("t.fio:3:1: numjobs: "));
  EXPECT_THAT(error_of("[j]\nsize=1g\niodepth=0\n"), HasSubstr("t.fio:3:1: iodepth: "));
  // The engine's own rules, at the line that broke them.
  EXPECT_THAT(error_of("[j]\nsize=1000\nbs=4k\n"),
              HasSubstr("t.fio:2:1: size: holds no whole block of 4096 bytes"));
  EXPECT_THAT(error_of("[j]\nfilesize=1000\nio_size=8k\nbs=4k\n"),
              HasSubstr("t.fio:2:1: filesize: must hold at least one block"));
}

TEST(JobMapping, DirectAndBuffered) {
  EXPECT_TRUE(job_of_text("[j]\nsize=1m\ndirect=1\n").workload.direct);
  EXPECT_TRUE(job_of_text("[j]\nsize=1m\nbuffered=0\n").workload.direct);
  EXPECT_FALSE(job_of_text("[j]\nsize=1m\ndirect=1\nbuffered=1\n").workload.direct);
  EXPECT_THAT(error_of("[j]\nsize=1m\ndirect\n"),
              HasSubstr("t.fio:3:1: direct: expected =0 or =1"));
}

TEST(JobMapping, Engines) {
  struct Case {
    const char* fio;
    const char* iogate;
  };
  for (const Case c :
       {Case{"sync", "psync"}, Case{"psync", "psync"}, Case{"vsync", "psync"},
        Case{"pvsync", "psync"}, Case{"pvsync2", "psync"}, Case{"libaio", "libaio"},
        Case{"aio", "libaio"}, Case{"linuxaio", "libaio"}, Case{"io_uring", "io_uring"}}) {
    EXPECT_EQ(job_of_text(std::string("[j]\nsize=1m\nioengine=") + c.fio + "\n").workload.engine,
              c.iogate)
        << c.fio;
  }
  EXPECT_EQ(error_of("[j]\nsize=1m\nioengine=rbd\n"),
            "t.fio:3:1: ioengine: rbd: iogate runs local files only");
  EXPECT_THAT(error_of("[j]\nsize=1m\nioengine=posixaio\n"), HasSubstr("no POSIX AIO engine"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nioengine=mmap\n"),
              HasSubstr("ioengine: mmap: iogate issues reads and writes"));
}

TEST(JobMapping, Flushes) {
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=write\nend_fsync=1\n").workload.flush, FlushPolicy::end);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=write\nfsync_on_close=1\n").workload.flush,
            FlushPolicy::end);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=write\nfsync=0\n").workload.flush, FlushPolicy::none);
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=write\nfsync=32\n"),
              HasSubstr("t.fio:4:1: fsync: a flush every N writes"));
}

// fio's sync=: dsync is O_DSYNC, iogate's write_through; sync (O_SYNC) maps to it with a note.
TEST(JobMapping, SynchronousWritesAreWriteThrough) {
  EXPECT_FALSE(job_of_text("[j]\nsize=1m\nrw=write\n").workload.write_through);
  EXPECT_FALSE(job_of_text("[j]\nsize=1m\nrw=write\nsync=none\n").workload.write_through);
  const FioJob dsync = job_of_text("[j]\nsize=1m\nrw=write\nsync=dsync\n");
  EXPECT_TRUE(dsync.workload.write_through);
  EXPECT_TRUE(dsync.notes.empty());
  for (const char* v : {"sync", "1"}) {
    const FioJob o_sync = job_of_text(std::string("[j]\nsize=1m\nrw=write\nsync=") + v + "\n");
    EXPECT_TRUE(o_sync.workload.write_through) << v;
    EXPECT_TRUE(has_note(o_sync, "O_SYNC also writes the file's metadata")) << v;
  }
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=write\nsync=always\n"),
              HasSubstr("t.fio:4:1: sync: always: expected none, 0, sync, 1 or dsync"));
}

TEST(JobMapping, Verify) {
  const FioJob mixed = job_of_text("[j]\nsize=1m\nrw=randrw\nverify=crc32c\n");
  EXPECT_TRUE(mixed.workload.verify);
  EXPECT_EQ(mixed.workload.kind, WorkloadKind::mixed);
  const FioJob write = job_of_text("[j]\nsize=1m\nrw=write\nverify=md5\n");
  EXPECT_TRUE(write.workload.verify);
  EXPECT_EQ(write.workload.kind, WorkloadKind::integrity);
  EXPECT_TRUE(has_note(write, "integrity"));
  EXPECT_FALSE(job_of_text("[j]\nsize=1m\nrw=write\nverify=0\n").workload.verify);
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=read\nverify=md5\n"),
              HasSubstr("t.fio:4:1: verify: a job that only reads"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=write\nverify=rot13\n"), HasSubstr("verify methods"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=write\nverify=md5\nverify_pattern=0xff\n"),
              HasSubstr("t.fio:5:1: verify_pattern: iogate verifies with its own"));
}

TEST(JobMapping, Rates) {
  const WorkloadSpec a = job_of_text("[j]\nsize=1m\nrate=10m\nnumjobs=2\n").workload;
  EXPECT_DOUBLE_EQ(a.rate_mbps, 20.0);  // fio caps each job
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randread\nrate_iops=500\n").workload.rate_iops, 500.0);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=write\nrate_iops=100,300\n").workload.rate_iops, 300.0);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrate=0\n").workload.rate_mbps, 0.0);
  // A value and a comma caps the reads alone, as in fio: a write-only job is then uncapped.
  const FioJob reads_only = job_of_text("[j]\nsize=1m\nrw=write\nrate_iops=500,\n");
  EXPECT_EQ(reads_only.workload.rate_iops, 0.0);
  EXPECT_TRUE(has_note(reads_only, "caps only reads, which this job does not issue"));
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=read\nrate_iops=500,\n").workload.rate_iops, 500.0);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randwrite\nrate_min=1m,\n").floors.size(), 0u);
}

// fio caps a mixed job's reads and writes apart; where the caps stand in the mix's proportion
// that is one cap on the total.
TEST(JobMapping, ATransferOfHoursAtItsCapIsNoted) {
  // 1 GiB at 1 MiB/s is 17 minutes; 3 GiB at 1800 bytes/s (fio's exitwhat.fio) 20 days.
  EXPECT_FALSE(has_note(job_of_text("[j]\nsize=1g\nrate=1m\n"), "hours"));
  const FioJob slow = job_of_text("[j]\nfilesize=1g\nrw=randrw\nnumjobs=3\nrate=300,300\n");
  EXPECT_TRUE(has_note(slow,
                       "t.fio:5: rate=300,300: at this cap the check's 3 GiB take about "
                       "497.1 hours"))
      << ::testing::PrintToString(slow.notes);
  // A runtime ends it, in fio as here.
  EXPECT_FALSE(has_note(job_of_text("[j]\nsize=1g\nrate=1k\nruntime=10s\n"), "hours"));
}

TEST(JobMapping, RatesPerDirectionInTheMixsProportionCapTheTotal) {
  const FioJob even = job_of_text("[j]\nsize=1m\nrw=randrw\nrate_iops=300,300,300\nnumjobs=3\n");
  EXPECT_DOUBLE_EQ(even.workload.rate_iops, 1800.0);  // 600 a job, each direction at its cap
  EXPECT_TRUE(has_note(even, "both caps bind, as in fio"));
  ASSERT_EQ(even.sources.at("rate_iops").size(), 2u);  // the rate, numjobs
  const FioJob one_value = job_of_text("[j]\nsize=1m\nrw=randrw\nrate=1m\n");
  EXPECT_DOUBLE_EQ(one_value.workload.rate_mbps, 2.0);  // 1 MiB/s each way
  const FioJob third = job_of_text("[j]\nsize=1m\nrw=randrw\nrwmixread=33\nrate_iops=100,200\n");
  EXPECT_NEAR(third.workload.rate_iops, 200 / 0.67, 1e-9);        // writes bind
  EXPECT_EQ(third.sources.at("rate_iops").back().where.line, 4);  // rwmixread, after the rate
  EXPECT_TRUE(has_note(third,
                       "writes bind: 298.51 I/Os per second in all keeps them at their "
                       "cap of 200; reads run at 98.51, 98.5% of their own cap of 100"));
  // A mix that issues one direction only: the other's cap changes nothing.
  const FioJob all_reads =
      job_of_text("[j]\nsize=1m\nrw=randrw\nrwmixread=100\nrate_iops=100,200\n");
  EXPECT_DOUBLE_EQ(all_reads.workload.rate_iops, 100.0);
  EXPECT_TRUE(has_note(all_reads, "the cap on writes changes nothing"));
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randrw\nrate_iops=0,0\n").workload.rate_iops, 0.0);
}

TEST(JobMapping, RatesPerDirectionThatFioWouldRunApartAreRefused) {
  // fio runs 100 reads and 300 writes a second here, a quarter reads, whatever rwmixread says.
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randrw\nrate_iops=100,300\n"),
              HasSubstr("t.fio:4:1: rate_iops: reads capped at 100 and writes at 300 I/Os per "
                        "second are 25.0% reads, and the mix is 50% reads"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randrw\nrate_iops=100,300\n"),
              HasSubstr("rwmixread=25 with these caps, or writes capped at 100"));
  // A direction without a cap runs flat out in fio beside the paced one.
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randrw\nrwmixread=70\nrate=,300k\n"),
              HasSubstr("t.fio:5:1: rate: reads have no cap: fio issues them as fast as the "
                        "device allows beside writes paced at 307200 bytes per second"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randrw\nrate_iops=100,\n"),
              HasSubstr("writes have no cap"));
}

TEST(JobMapping, BlockAlign) {
  const FioJob j =
      job_of_text("[j]\nsize=1m\nrw=randrw\nbssplit=512/10:4k/60:64k/30\nblockalign=4k\n");
  EXPECT_EQ(j.workload.block_size, 512u);
  EXPECT_EQ(j.workload.block_align, 4096u);
  EXPECT_EQ(j.sources.at("block_align").front().where.line, 5);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randread\nbs=512\nba=4k,8k\n").workload.block_align,
            4096u);  // the reads' value: the job issues no writes
  const FioJob grain = job_of_text("[j]\nsize=1m\nrw=randread\nba=4k\n");
  EXPECT_EQ(grain.workload.block_align, 0u);
  EXPECT_TRUE(has_note(grain, "ba=4k: fio's default (the smallest block size), and iogate's"));
  const FioJob sequential = job_of_text("[j]\nsize=1m\nrw=read\nbs=512\nba=4k\n");
  EXPECT_EQ(sequential.workload.block_align, 0u);
  EXPECT_TRUE(has_note(sequential, "changes nothing without random I/Os"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randrw\nbs=512\nba=4k,8k\n"),
              HasSubstr("t.fio:5:1: ba: reads aligned to 4 KiB and writes to 8 KiB"));
  // fio aligns to any value; iogate keeps every random I/O on its grain.
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randread\nbs=4k\nblockalign=6k\n"),
              HasSubstr("t.fio:5:1: blockalign: expected a multiple of block_size (4 KiB)"));
}

// fio's classes are numbers (1 real time, 2 best effort, 3 idle); a level alone is best effort's,
// and a share's class defaults to real time at level 0, the highest.
TEST(JobMapping, PrioritiesAndAShareAtAnotherClass) {
  const FioJob p = job_of_text(
      "[j]\nsize=1m\nrw=randread\nioengine=libaio\niodepth=8\nprioclass=3\n"
      "cmdprio_percentage=20\ncmdprio_class=1\nlog_prio=1\n");
  EXPECT_EQ(priority_text(p.workload.priority), "idle");
  EXPECT_EQ(priority_text(p.workload.cmd_priority), "rt:0");
  EXPECT_EQ(p.workload.cmd_priority_pct, 20);
  EXPECT_EQ(p.sources.at("cmd_priority_share").front().where.line, 7);
  EXPECT_TRUE(has_note(p,
                       "log_prio=1: iogate reports the latency of the I/Os issued at "
                       "cmdprio_class apart from the rest"));
  EXPECT_EQ(priority_text(job_of_text("[j]\nsize=1m\nprio=6\n").workload.priority), "be:6");
  EXPECT_EQ(priority_text(job_of_text("[j]\nsize=1m\nprioclass=1\nprio=2\n").workload.priority),
            "rt:2");
  const FioJob none = job_of_text("[j]\nsize=1m\nprioclass=0\n");
  EXPECT_FALSE(none.workload.priority.set());
  EXPECT_TRUE(has_note(none, "prioclass=0: the thread's own class, as fio's default"));
  const FioJob share = job_of_text(
      "[j]\nsize=1m\nrw=randrw\nioengine=io_uring\ncmdprio_percentage=30,30\ncmdprio=3\n");
  EXPECT_EQ(priority_text(share.workload.cmd_priority), "rt:3");
  EXPECT_EQ(share.workload.cmd_priority_pct, 30);
  EXPECT_TRUE(has_note(job_of_text("[j]\nsize=1m\ncmdprio_class=2\n"),
                       "cmdprio_class=2: changes nothing without cmdprio_percentage"));
  EXPECT_THAT(error_of("[j]\nsize=1m\ncmdprio_percentage=20\n"),
              HasSubstr("t.fio:3:1: cmdprio_percentage: an io_uring and libaio option"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randrw\nioengine=libaio\ncmdprio_percentage=20,10\n"),
              HasSubstr("reads at 20 and writes at 10: iogate gives one value to both"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nprioclass=4\n"),
              HasSubstr("t.fio:3:1: prioclass: expected 0 to 3, got 4"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nioengine=libaio\ncmdprio_percentage=101\n"),
              HasSubstr("expected 0 to 100, got 101"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nioengine=libaio\ncmdprio_bssplit=64k/100\n"),
              HasSubstr("cmdprio_bssplit: iogate draws its prioritized I/Os over every block"));
}

TEST(JobMapping, RateProcessAndSubmitMode) {
  const FioJob p = job_of_text(
      "[j]\nsize=1m\nrw=randread\nrate_iops=50\nrate_process=poisson\nio_submit_mode=offload\n"
      "iodepth=32\nioengine=libaio\n");
  EXPECT_EQ(p.workload.rate_process, RateProcess::poisson);
  EXPECT_EQ(p.sources.at("rate_process").front().where.line, 5);
  EXPECT_TRUE(has_note(p,
                       "io_submit_mode=offload: fio submits from threads of its own so that "
                       "its rate schedule never waits on completions"));
  EXPECT_FALSE(has_note(p, "io_submit_mode=inline"));
  const FioJob linear = job_of_text("[j]\nsize=1m\nrate_iops=50\nrate_process=linear\n");
  EXPECT_EQ(linear.workload.rate_process, RateProcess::linear);
  EXPECT_TRUE(has_note(linear, "rate_process=linear: fio's default, and iogate's"));
  // Without offload, a paced job at depth fio quiesces before each sleep; iogate does not.
  EXPECT_TRUE(has_note(job_of_text("[j]\nsize=1m\nrate_iops=50\niodepth=8\nioengine=libaio\n"),
                       "rate_iops=50: fio (io_submit_mode=inline, its default) lets the I/Os"));
  EXPECT_FALSE(has_note(job_of_text("[j]\nsize=1m\nrate_iops=50\niodepth=8\n"),
                        "io_submit_mode=inline"));  // psync: depth 1 in both
  EXPECT_THAT(error_of("[j]\nsize=1m\nrate_process=poisson\n"),
              HasSubstr("t.fio:3:1: rate_process: poisson spaces the issues of a rate cap, and "
                        "this job has none"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nrate_iops=5\nrate_process=bursty\n"),
              HasSubstr("t.fio:4:1: rate_process: expected linear or poisson, got \"bursty\""));
  EXPECT_THAT(error_of("[j]\nsize=1m\nio_submit_mode=sideways\n"),
              HasSubstr("t.fio:3:1: io_submit_mode: expected inline or offload"));
}

// rate_min and rate_iops_min are fio's floors: [check.expect] bounds, times numjobs.
TEST(JobMapping, RateFloorsBecomeBounds) {
  const FioJob j = job_of_text("[j]\nsize=1m\nrw=write\nratemin=10m\nnumjobs=2\n");
  ASSERT_EQ(j.floors.size(), 1u);
  EXPECT_EQ(j.floors[0].key, "mbps_min");
  EXPECT_DOUBLE_EQ(j.floors[0].value, 20.0);
  ASSERT_EQ(j.floors[0].from.size(), 2u);
  EXPECT_EQ(j.floors[0].from[1].name, "numjobs");
  EXPECT_TRUE(has_note(j, "ratemin=10m: fio ends a job whose rate falls below this"));
  const FioJob iops = job_of_text("[j]\nsize=1m\nrw=randread\nrate_iops_min=500\n");
  ASSERT_EQ(iops.floors.size(), 1u);
  EXPECT_EQ(iops.floors[0].key, "iops_min");
  EXPECT_EQ(iops.floors[0].value, 500.0);
  // Per direction: a writer takes the second value; a mixed job bounds each direction apart.
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=write\nrate_iops_min=100,300\n").floors[0].value, 300.0);
  const FioJob mixed = job_of_text("[j]\nsize=1m\nrw=randrw\nrate_min=1m,2m\n");
  ASSERT_EQ(mixed.floors.size(), 2u);
  EXPECT_EQ(mixed.floors[0].key, "read_mbps_min");
  EXPECT_EQ(mixed.floors[0].value, 1.0);
  EXPECT_EQ(mixed.floors[1].key, "write_mbps_min");
  EXPECT_EQ(mixed.floors[1].value, 2.0);
  // fio checks rate_min alone where both are given for a direction.
  const FioJob both = job_of_text("[j]\nsize=1m\nrate_min=1m\nrate_iops_min=100\n");
  ASSERT_EQ(both.floors.size(), 1u);
  EXPECT_EQ(both.floors[0].key, "mbps_min");
  EXPECT_TRUE(has_note(both, "rate_iops_min=100: fio checks rate_min alone"));
  EXPECT_TRUE(job_of_text("[j]\nsize=1m\nrate_min=0\n").floors.empty());
}

// wait_for names a job fio must have seen before; checks run in file order, so that one ran.
TEST(JobMapping, WaitFor) {
  const std::vector<FioJob> jobs =
      jobs_of_text("[global]\nsize=1m\n[a]\n[b]\nname=bee\n[c]\nwait_for=bee\n[d]\nwait_for=a\n");
  EXPECT_TRUE(has_note(jobs[2], "wait_for=bee: fio starts this job once every worker"));
  EXPECT_FALSE(has_note(jobs[2], "at the same time"));  // it waits for the one before it
  EXPECT_TRUE(has_note(jobs[3], "[d]: fio runs this job at the same time"));
  EXPECT_THAT(error_of("[a]\nsize=1m\nwait_for=b\n[b]\nsize=1m\n"),
              HasSubstr("t.fio:3:1: wait_for: the job named \"b\" comes later in the file"));
  EXPECT_THAT(error_of("[a]\nsize=1m\nwait_for=zz\n"),
              HasSubstr("wait_for: no job is named \"zz\""));
  EXPECT_THAT(error_of("[a]\nsize=1m\nwait_for=a\n"),
              HasSubstr("wait_for: a job cannot wait for itself"));
  EXPECT_THAT(error_of("[a]\nsize=1m\n[a]\nsize=1m\n[c]\nsize=1m\nwait_for=a\n"),
              HasSubstr("wait_for: 2 jobs before this one are named \"a\""));
}

TEST(JobMapping, RandomGeneratorIsNoted) {
  EXPECT_TRUE(has_note(job_of_text("[j]\nsize=1m\nrw=randread\nrandom_generator=lfsr\n"),
                       "fio's lfsr visits each block once per pass"));
  const FioJob t = job_of_text("[j]\nsize=1m\nrandom_generator=tausworthe64\n");
  EXPECT_TRUE(has_note(t, "own generator (xoshiro256**)"));
  EXPECT_FALSE(has_note(t, "lfsr"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nrandom_generator=dice\n"),
              HasSubstr("random_generator: expected tausworthe"));
}

TEST(JobMapping, NamesAndDescriptions) {
  const FioJob j = job_of_text("[seq-read 1]\nsize=1m\ndescription=the first\n");
  EXPECT_EQ(j.section, "seq-read 1");
  EXPECT_EQ(j.check_name, "seq_read_1");
  EXPECT_EQ(j.description, "the first");
  EXPECT_TRUE(has_note(j, "the check is named seq_read_1"));
  EXPECT_EQ(job_of_text("[x]\nsize=1m\nname=renamed\n").check_name, "renamed");
}

TEST(JobMapping, FilesAreNeverUsedAsGiven) {
  const FioJob j = job_of_text("[j]\nsize=1m\nfilename=/dev/sdb\ndirectory=/mnt\n");
  EXPECT_TRUE(has_note(j, "filename=/dev/sdb: never used as given"));
  EXPECT_TRUE(has_note(j, "directory=/mnt: never used as given"));
  EXPECT_THAT(error_of("[j]\nsize=1m\nfilename=a:b\n"), HasSubstr("several files"));
}

TEST(JobMapping, LayoutFollowsWhatFioDoesToTheFile) {
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randwrite\n").workload.layout, FileLayout::preallocated);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randwrite\noverwrite=1\n").workload.layout,
            FileLayout::written);
  EXPECT_EQ(job_of_text("[j]\nsize=1m\nrw=randrw\n").workload.layout, FileLayout::written);
}

TEST(JobMapping, NotesAndConcurrency) {
  const std::vector<FioJob> jobs =
      jobs_of_text("[global]\nsize=1m\nthread\ngroup_reporting\n[a]\n[b]\n[c]\nstonewall\n");
  ASSERT_EQ(jobs.size(), 3u);
  EXPECT_TRUE(has_note(jobs[0], "t.fio:3: thread: iogate's workers are threads anyway"));
  EXPECT_TRUE(has_note(jobs[0], "group_reporting"));
  // threads= is fio's tiobench profile option, not `thread`; exit_what is exitall's.
  const FioJob t = job_of_text("[j]\nsize=1m\nthreads=1\nexitall\nexit_what=all\n");
  EXPECT_TRUE(has_note(t, "threads=1: fio takes this as its tiobench profile's thread count"));
  EXPECT_TRUE(has_note(t, "exit_what=all: iogate runs each check on its own"));
  EXPECT_FALSE(has_note(jobs[0], "at the same time"));
  EXPECT_TRUE(has_note(jobs[1], "[b]: fio runs this job at the same time"));
  EXPECT_FALSE(has_note(jobs[2], "at the same time"));
}

TEST(JobMapping, EngineTuningIsNotedWhereTheIoIsTheSameAndRefusedWhereItIsNot) {
  const FioJob j = job_of_text(
      "[j]\nsize=1m\nioengine=io_uring\nfixedbufs\nregisterfiles\nsqthread_poll=1\n"
      "sqthread_poll_cpu=1\nnonvectored=1\n");
  EXPECT_TRUE(has_note(j, "t.fio:4: fixedbufs: iogate registers its buffers"));
  EXPECT_TRUE(
      has_note(j, "t.fio:6: sqthread_poll=1: iogate submits from each worker's own thread"));
  EXPECT_TRUE(has_note(j, "t.fio:7: sqthread_poll_cpu=1: iogate has no kernel polling thread"));
  EXPECT_TRUE(has_note(j, "t.fio:8: nonvectored=1: iogate issues plain io_uring reads"));
  EXPECT_TRUE(has_note(job_of_text("[j]\nsize=1m\nioengine=libaio\nuserspace_reap\n"),
                       "userspace_reap: iogate reaps libaio completions with io_getevents"));
  // Polled completions change the latency measured; a low-water mark the number in flight.
  EXPECT_THAT(error_of("[j]\nsize=1m\nhipri\n"), HasSubstr("t.fio:3:1: hipri: "));
  EXPECT_THAT(error_of("[j]\nsize=1m\niodepth_low=4\n"), HasSubstr("t.fio:3:1: iodepth_low: "));
}

TEST(JobMapping, UnsupportedOptionsAreRefusedWithWhy) {
  EXPECT_EQ(error_of("[j]\nsize=1m\nnrfiles=4\n"),
            "t.fio:3:1: nrfiles: iogate runs one file per check");
  EXPECT_THAT(error_of("[j]\nsize=1m\noffset=4k\n"), HasSubstr("t.fio:3:1: offset: "));
  EXPECT_THAT(error_of("[j]\nsize=1m\nfrobnicate=1\n"),
              HasSubstr("t.fio:3:1: frobnicate: not an option iogate's fio import supports"));
  // A global section's refusal names the global line, whichever job meets it.
  EXPECT_THAT(error_of("[global]\nzonemode=zbd\n[j]\nsize=1m\n"),
              HasSubstr("t.fio:2:1: zonemode: "));
}

TEST(JobMapping, MapJobPicksOneSection) {
  const FioJobFile f = parse_job_text("[a]\nsize=1m\n[b]\nsize=2m\nnrfiles=9\n[c]\nsize=3m\n",
                                      "t.fio", test::env_of({}));
  // Only the job asked for is mapped: [b]'s refusal does not stop [c].
  EXPECT_EQ(map_job(f, "c", {}, "fio_section").workload.file_size, 3u << 20);
  try {
    map_job(f, "", SourceLocation{"s.toml", 4, 1}, "check \"x\": fio_job");
    FAIL();
  } catch (const ThresholdError& e) {
    EXPECT_THAT(e.what(), HasSubstr("s.toml:4:1: check \"x\": fio_job: t.fio holds 3 jobs (a, b, "
                                    "c): name one"));
  }
  try {
    map_job(f, "d", SourceLocation{"s.toml", 5, 1}, "fio_section");
    FAIL();
  } catch (const ThresholdError& e) {
    EXPECT_THAT(e.what(), HasSubstr("has no job section [d]; its jobs: a, b, c"));
  }
}

}  // namespace
}  // namespace iogate::fio_job
