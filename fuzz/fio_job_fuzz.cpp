// A fio job file as `iogate import fio` reads it: parse_job_text on arbitrary bytes, then
// map_jobs, threshold_text and the lint of the TOML it would write. Includes are read from a
// scratch directory made once, holding a few files for the input to name: an option file, one
// including it twice, one including itself, one with a section (refused), one that fans out. ${VAR}
// reads a fixed environment (BS=4k, FILE=opts.fio). The contract: ThresholdError, whose location
// names a file; any other exception escapes and libFuzzer reports it.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fio_job/imported_jobs.hpp"
#include "fio_job/job_file.hpp"
#include "fio_job/job_mapping.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace {

std::filesystem::path g_dir;

void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fio_job_fuzz: broken promise: %s\n", what);
  std::abort();
}

void write(const char* name, const std::string& text) { std::ofstream(g_dir / name) << text; }

std::optional<std::string> env(const std::string& name) {
  static const std::map<std::string, std::string> vars{{"BS", "4k"}, {"FILE", "opts.fio"}};
  const auto it = vars.find(name);
  if (it == vars.end()) return std::nullopt;
  return it->second;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  std::string pattern = (std::filesystem::temp_directory_path() / "fio-job-fuzz-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) std::abort();
  g_dir = pattern;
  write("opts.fio", "bs=4k\nsize=64m\n; a comment\nrw=randread\n");
  write("twice.fio", "include opts.fio\ninclude opts.fio\niodepth=4\n");
  write("self.fio", "include self.fio\n");
  write("section.fio", "[inner]\nrw=read\n");
  std::string fan;
  for (int i = 0; i < 10; ++i) fan += "include twice.fio\n";
  write("fan.fio", fan);
  write("fanfan.fio", fan + "include fan.fio\ninclude fan.fio\ninclude fan.fio\n");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::filesystem::path path = g_dir / "fuzz.fio";
  try {
    const iogate::fio_job::FioJobFile file = iogate::fio_job::parse_job_text(text, path, env);
    const std::vector<iogate::fio_job::FioJob> jobs = iogate::fio_job::map_jobs(file);
    iogate::import_core::ImportRequest request{"fuzz", {{"iops_min", "1"}}};
    // Import lints what it would write, and refuses what does not lint: a ThresholdError too.
    iogate::parse_threshold_text(iogate::fio_job::threshold_text(file, jobs, request), "out.toml");
  } catch (const iogate::ThresholdError& e) {
    require(!e.where().file.empty(), "error location names a file");
  }
  return 0;
}
