// fio options -> WorkloadSpec: each supported option, fio's defaults, the notes and the refusals.
#include "iogate/fio_job/job_mapping.hpp"

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

TEST(JobMapping, SizeAndTimeRefusals) {
  EXPECT_THAT(error_of("[nosize]\nrw=read\n"),
              HasSubstr("t.fio:1:1: size: job [nosize] gives no size"));
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
  EXPECT_THAT(error_of("[j]\nsize=1m\nrw=randrw\nrate_iops=500\n"),
              HasSubstr("t.fio:4:1: rate_iops: fio caps reads and writes apart"));
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
  EXPECT_FALSE(has_note(jobs[0], "at the same time"));
  EXPECT_TRUE(has_note(jobs[1], "[b]: fio runs this job at the same time"));
  EXPECT_FALSE(has_note(jobs[2], "at the same time"));
}

TEST(JobMapping, UnsupportedOptionsAreRefusedWithWhy) {
  EXPECT_EQ(error_of("[j]\nsize=1m\nnrfiles=4\n"),
            "t.fio:3:1: nrfiles: iogate runs one file per check");
  EXPECT_THAT(error_of("[j]\nsize=1m\nthinktime=10\n"), HasSubstr("t.fio:3:1: thinktime: "));
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
