// The fio job file reader: lines, comments, sections, include and ${VAR} (job_file.hpp).
#include "iogate/fio_job/job_file.hpp"

#include <cctype>
#include <cstdlib>

#include <fmt/format.h>

#include "iogate/read_file.hpp"

namespace iogate::fio_job {
namespace {

// A job file is a few kilobytes; the limit stops a mistyped path (an image, a log) early.
constexpr std::uint64_t kMaxJobFileBytes = 4ULL << 20;

bool blank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0 || c == '\0'; }

// The line without leading blanks, without its comment (from the first ';' or '#', as fio's
// strip_blank_end) and without trailing blanks or control characters; `column` is the 1-based
// column of its first character.
std::string_view strip(std::string_view line, int& column) {
  std::size_t start = 0;
  while (start < line.size() && blank(line[start])) ++start;
  column = static_cast<int>(start) + 1;
  line.remove_prefix(start);
  if (const std::size_t cut = line.find_first_of(";#"); cut != std::string_view::npos)
    line = line.substr(0, cut);
  while (!line.empty() &&
         (blank(line.back()) || std::iscntrl(static_cast<unsigned char>(line.back())) != 0))
    line.remove_suffix(1);
  return line;
}

std::string read_text(const std::filesystem::path& path, const SourceLocation& from) {
  try {
    return read_regular_file(path, kMaxJobFileBytes, "a fio job file");
  } catch (const FileReadError& e) {
    if (from.line > 0) throw ThresholdError(from, "include", path.string() + ": " + e.problem());
    throw ThresholdError(SourceLocation{path, 0, 0}, "", e.problem());
  }
}

// ${VAR} replaced from the environment; fio's keywords and unset variables refused.
std::string expand(std::string_view text, const SourceLocation& where, std::string_view option,
                   const EnvLookup& env) {
  for (const char* keyword : {"$pagesize", "$mb_memory", "$ncpus"}) {
    if (text.find(keyword) != std::string_view::npos) {
      throw ThresholdError(where, std::string(option),
                           fmt::format("{} is fio's figure of the host it runs on; a check must "
                                       "say its workload in numbers",
                                       keyword));
    }
  }
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '$' && i + 1 < text.size() && text[i + 1] == '{') {
      const std::size_t end = text.find('}', i + 2);
      if (end != std::string_view::npos && end > i + 2) {
        const std::string name(text.substr(i + 2, end - i - 2));
        const std::optional<std::string> value = env(name);
        if (!value) {
          throw ThresholdError(where, std::string(option),
                               fmt::format("${{{}}} is not set in the environment (fio would "
                                           "put an empty string there)",
                                           name));
        }
        out += *value;
        i = end + 1;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

class Reader {
 public:
  explicit Reader(const EnvLookup& env) : env_(env) {}

  void read(std::string_view text, const std::filesystem::path& path, FioJobFile& out, int depth) {
    int number = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
      std::size_t end = text.find('\n', pos);
      if (end == std::string_view::npos) end = text.size();
      const std::string_view raw = text.substr(pos, end - pos);
      pos = end + 1;
      ++number;
      int column = 1;
      const std::string_view line = strip(raw, column);
      if (line.empty()) continue;
      const SourceLocation where{path, number, column};
      if (line.front() == '[') {
        section(line, where, out, depth);
        continue;
      }
      if (out.sections.empty()) {
        throw ThresholdError(where, std::string(line.substr(0, line.find('='))),
                             "option outside of a [job] section (fio refuses it too)");
      }
      if (line.starts_with("include")) {
        include(line, where, path, out, depth);
        continue;
      }
      option(line, where, out.sections.back());
    }
  }

 private:
  void section(std::string_view line, const SourceLocation& where, FioJobFile& out, int depth) {
    if (depth > 0) {
      throw ThresholdError(where, "include",
                           "an included file holds options only; a [section] there is an error "
                           "in fio too");
    }
    const std::size_t close = line.find(']');
    std::string_view name =
        line.substr(1, close == std::string_view::npos ? std::string_view::npos : close - 1);
    if (close == std::string_view::npos || name.empty()) {
      throw ThresholdError(where, "", "expected a section header like [seq-read]");
    }
    FioSection s;
    s.name = std::string(name);
    s.global = name.starts_with("global");  // fio: strncmp(name, "global", 6)
    s.where = where;
    out.sections.push_back(std::move(s));
  }

  void include(std::string_view line, const SourceLocation& where,
               const std::filesystem::path& path, FioJobFile& out, int depth) {
    std::string_view name = line.substr(std::string_view("include").size());
    while (!name.empty() && blank(name.front())) name.remove_prefix(1);
    if (name.empty()) throw ThresholdError(where, "include", "expected a file name after include");
    const std::filesystem::path wanted(expand(name, where, "include", env_));
    const std::filesystem::path file = wanted.is_absolute() ? wanted : path.parent_path() / wanted;
    if (depth + 1 > kMaxIncludeDepth) {
      throw ThresholdError(where, "include",
                           fmt::format("includes nest deeper than {} files (a file that includes "
                                       "itself?)",
                                       kMaxIncludeDepth));
    }
    read(read_text(file, where), file, out, depth + 1);
  }

  void option(std::string_view line, const SourceLocation& where, FioSection& into) {
    FioOption o;
    o.text = std::string(line);
    o.where = where;
    const std::size_t eq = line.find('=');
    std::string_view name = line.substr(0, eq);
    while (!name.empty() && blank(name.back())) name.remove_suffix(1);
    o.name = std::string(name);
    if (o.name.empty()) throw ThresholdError(where, "", "expected an option name before '='");
    if (eq != std::string_view::npos) {
      std::string_view value = line.substr(eq + 1);
      while (!value.empty() && blank(value.front())) value.remove_prefix(1);
      o.value = expand(value, where, o.name, env_);
    }
    into.options.push_back(std::move(o));
  }

  const EnvLookup& env_;
};

}  // namespace

EnvLookup process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    if (const char* v = std::getenv(name.c_str())) return std::string(v);
    return std::nullopt;
  };
}

FioJobFile read_job_file(const std::filesystem::path& path, const EnvLookup& env) {
  return parse_job_text(read_text(path, SourceLocation{}), path, env);
}

FioJobFile parse_job_text(std::string_view text, const std::filesystem::path& path,
                          const EnvLookup& env) {
  FioJobFile out;
  out.path = path;
  Reader(env).read(text, path, out, 0);
  return out;
}

std::vector<FioJobOptions> jobs_of(const FioJobFile& file) {
  std::vector<FioJobOptions> jobs;
  std::vector<const FioOption*> global;
  for (const FioSection& s : file.sections) {
    if (s.global) {
      for (const FioOption& o : s.options) global.push_back(&o);
      continue;
    }
    FioJobOptions job;
    job.section = &s;
    job.options = global;
    for (const FioOption& o : s.options) job.options.push_back(&o);
    job.index = jobs.size();
    jobs.push_back(std::move(job));
  }
  return jobs;
}

}  // namespace iogate::fio_job
