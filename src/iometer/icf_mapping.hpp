// IOMeter's tests as iogate workloads: what each setting of a configuration file becomes, which
// are taken with a note, and why the rest are refused (each at its line; never approximated).
//
// IOMeter runs one test per access specification assigned to its workers, in order: in test i
// every worker with a target runs its i-th assigned specification, all at once. So one check per
// test (and per queue depth when the test type cycles outstanding I/Os):
//
//   access specification   one line: block_size, read (% reads), random (% random). Several
//                          lines: block_mix by "% of size" (shares of the I/Os, as iogate's mix),
//                          block_size the smallest; every line must share % reads and % random
//                          (iogate draws sizes apart from direction and randomness). Lines at 0%
//                          are never issued and are left out (noted).
//     delay, burst         delay 0 only (burst then has no effect): iogate has no pause between
//                          bursts of I/Os; refused otherwise
//     align                the block size (the mix's smallest): iogate's alignment, mapped. 0
//                          (IOMeter's "sector boundaries"): mapped with a note where it matters,
//                          for random I/Os larger than a sector: iogate aligns random offsets to
//                          the block size, so its I/Os never straddle a block, IOMeter's may.
//                          Any other alignment is refused.
//     reply                0 only: a reply size belongs to network workers
//   outstanding I/Os       queue_depth (IOMeter's is per target; a worker has one target here)
//   workers                the workers running the test: workers. IOMeter's workers each address
//                          the whole test file; iogate's each its own region of it (noted when
//                          there are several)
//   disk maximum size      file_size, in 512-byte sectors. 0 (IOMeter fills the disk's free space
//                          with iobw.tst) takes the size the import is given (--file-size), else
//                          is refused. A starting sector is noted: iogate's file is the range
//                          IOMeter addresses, from its start.
//   run time, ramp up      duration (0, "run until stopped", is refused), ramp
//   test type              NORMAL; CYCLE_OUTSTANDING_IOS: one check per queue depth of the
//                          'Queue Depth Cycling (LINEAR: start, start+step ... up to end;
//                          EXPONENTIAL: start, start x step ...). Cycling targets or workers is
//                          refused: iogate runs one test file and a fixed set of workers per check.
//   what IOMeter always does, written out: unbuffered I/O (direct = true), no flush (flush =
//                          "none"), iobw.tst written through before the first test in 64 KiB
//                          writes (layout = "written", layout_write_size = "64k"), overlapped I/O
//                          (engine = "auto", iogate's best asynchronous engine).
//
// Refused: several managers running at once (iogate measures one host: `iogate fleet` compares
// hosts), network workers, a worker with several targets, workers running different
// specifications (or different target settings) in the same test. Noted: workers with no target
// (IOMeter leaves them idle), a fixed random seed (threshold files draw a fresh seed per run), a
// data pattern (iogate writes its own, incompressible).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "icf_file.hpp"
#include "import/imported_check.hpp"
#include "iogate/engine/workload.hpp"

namespace iogate::iometer {

// A test as a check; `origin` names its access specification.
using IcfCheck = import_core::ImportedCheck;

struct IcfImportOptions {
  // The test file's size where the file gives "Disk maximum size" 0 or none.
  std::optional<std::uint64_t> file_size;
};

// Every test of `file`, mapped; the first setting that cannot be is a ThresholdError at its line.
std::vector<IcfCheck> map_icf(const IcfFile& file, const IcfImportOptions& options = {});

}  // namespace iogate::iometer
