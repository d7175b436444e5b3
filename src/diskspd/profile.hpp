// DiskSpd's XML profiles (`diskspd -X profile.xml`, the file DiskSpd writes with -Rxml's <Profile>
// or by hand) and DiskSpd command lines (src/diskspd/command_line.hpp: each line read into the
// profile DiskSpd makes of it, one time span per target) as iogate checks: one per <TimeSpan>,
// which DiskSpd runs one after another. What each element (its flag) becomes, and what is refused
// (at its line, and a flag's column, never approximated):
//
//   <Duration>, <Warmup>          duration, ramp (DiskSpd's defaults: 10 s, 5 s); a duration of 0
//                                 is refused
//   <Cooldown>, <RandSeed>        noted: iogate stops measuring and issuing together; threshold
//                                 files draw a fresh seed per run
//   <Target>                      one per time span: iogate runs one test file per check (a second
//                                 is refused); its <Path> is never used (iogate makes its own file)
//   <BlockSize>                   block_size (default 64 KiB)
//   <Random>, <RandomRatio>       random 100% (-r), or the ratio (-rs); the alignment must be the
//                                 block size (iogate's), else refused
//   <StrideSize>                  sequential: the block size only (DiskSpd's default)
//   <WriteRatio>                  read = 100 - the write share (-w; default 0)
//   <RequestCount>                queue_depth (-o, per thread; default 2); a time span's -O count
//                                 stands for it, noted
//   <ThreadsPerFile>, <ThreadCount>  workers (-t, or -F with its one target, noted). DiskSpd's
//                                 threads each address the whole file; iogate's each a region of it
//   <FileSize>, <MaxFileSize>     file_size (MaxFileSize first); neither: --file-size, else refused
//   <BaseFileOffset>              noted: iogate's file is the range DiskSpd addresses
//   <Throughput>                  rate_mbps (-g: bytes per millisecond per thread) or rate_iops
//                                 (unit="IOPS"), times the threads
//   caching                       default (cached): direct = false; <DisableOSCache> (-Su): direct;
//                                 <WriteThrough> (-Sw): write_through; <DisableAllCache> (-Sh):
//                                 both; <DisableLocalCache> (-Sr, a remote file's) is refused
//   write data (-Z, -Zr)          noted with a write share: DiskSpd writes one buffer again and
//                                 again (0..255 repeated by default, zeros with -Z, a random
//                                 -Z<size> buffer), fresh random data only with -Zr
//                                 (<RandomWriteData>); iogate writes fresh random data stamped
//                                 every 4 KiB
//   affinity                      cpu_affinity: "round-robin" (DiskSpd pins each thread, round-
//                                 robin, unless told not to), "none" for <DisableAffinity> (-n),
//                                 the list of <Affinity> (-a0,1); a processor group but 0 refused
//   hints and placement           noted: <SequentialScan>, <RandomAccess>, <TemporaryFile>,
//                                 <UseLargePages>, <ParallelAsyncIO>, <BypassIO>, completion
//                                 routines
//   reporting                     read past: <Verbose>, <Progress>, <ResultFormat>, <Etw>,
//                                 <MeasureLatency>, <CalculateIopsStdDev>, <IoBucketDuration>
//   refused                       <BurstSize>/<ThinkTime> (no pauses), <InterlockedSequential>,
//                                 a <ThreadStride>, <MemoryMappedIo>, <Distribution> (skewed
//                                 access), an <IOPriority> other than normal (3), any element
//                                 this list does not name
// What DiskSpd does around the I/O is written out. No flush at the end (flush = "none"). The
// engine follows DiskSpd's choice: with one I/O in flight per thread (and one target) it opens the
// file without FILE_FLAG_OVERLAPPED and calls ReadFile/WriteFile synchronously (engine = "psync"),
// else overlapped I/O to a completion port (engine = "auto"). The file: DiskSpd tests the one that
// exists, or creates it (-c, <FileSize>) with SetFileValidData when elevated (blocks allocated,
// never written) or by writing it in 1 MiB pieces; iogate writes every block of its own file before
// the test (layout = "written"), noted on -c's line.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "import/import_request.hpp"
#include "import/imported_check.hpp"

namespace iogate::diskspd {

struct ProfileImportOptions {
  // The test file's size where the profile gives neither <FileSize> nor <MaxFileSize>.
  std::optional<std::uint64_t> file_size;
};

// Every time span of the profile at `path`, mapped; a mistake or a setting that cannot be mapped
// is a ThresholdError at its line.
std::vector<import_core::ImportedCheck> import_profile(const std::filesystem::path& path,
                                                       const ProfileImportOptions& options = {});
// `text` as if read from `path`, a profile or command lines told apart by what it holds;
// `quotable` as read_file.hpp says: whether messages may show the file's text.
std::vector<import_core::ImportedCheck> import_profile_text(
    std::string_view text, const std::filesystem::path& path,
    const ProfileImportOptions& options = {}, bool quotable = true);

// The threshold file of the checks.
std::string profile_threshold_text(const std::filesystem::path& path,
                                   const std::vector<import_core::ImportedCheck>& checks,
                                   const import_core::ImportRequest& request);

}  // namespace iogate::diskspd
