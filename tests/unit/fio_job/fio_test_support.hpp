// What the fio job tests share: an environment of their own, a job text's error, and job files
// written to a temporary directory.
#pragma once

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "fio_job/job_mapping.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate::fio_job::test {

inline EnvLookup env_of(std::map<std::string, std::string> vars) {
  return [vars = std::move(vars)](const std::string& name) -> std::optional<std::string> {
    const auto it = vars.find(name);
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

// The jobs of `text` read as t.fio with no environment.
inline std::vector<FioJob> jobs_of_text(const std::string& text) {
  return map_jobs(parse_job_text(text, "t.fio", env_of({})));
}

inline FioJob job_of_text(const std::string& text) {
  std::vector<FioJob> jobs = jobs_of_text(text);
  if (jobs.size() != 1) throw std::logic_error("expected one job");
  return jobs.front();
}

// The ThresholdError's message reading and mapping `text`, or "no error".
inline std::string error_of(const std::string& text) {
  try {
    jobs_of_text(text);
  } catch (const ThresholdError& e) {
    return e.what();
  }
  return "no error";
}

// The test support's scratch directory, with job files written into it.
class TempDir : public iogate::test::TempDir {
 public:
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    const std::filesystem::path p = path() / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p;
  }
};

}  // namespace iogate::fio_job::test
