// verify: fio's verification as iogate's own (job_mapper.hpp).
#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "job_mapper.hpp"

namespace iogate::fio_job::detail {

void map_verify(JobMapper& job) {
  const FioOption* o = job.last("verify");
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
  WorkloadSpec& w = job.out.workload;
  if (!job.rw.writes) {
    refuse(*o,
           "a job that only reads would verify what an earlier job wrote; iogate verifies "
           "what the check itself writes");
  }
  w.verify = true;
  if (!job.rw.reads) {
    w.kind = WorkloadKind::integrity;  // fio's write, then verify pass
    job.source("kind", o);
  }
  job.source("verify", o);
  job.note(*o, job.rw.reads ? "iogate checks every read of a block it wrote, with "
                              "its own header and crc32c"
                            : "kind = \"integrity\": iogate writes the whole "
                              "file, flushes, and reads it all back verified "
                              "(its own header and crc32c)");
}

}  // namespace iogate::fio_job::detail
