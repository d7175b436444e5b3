// The fio job file reader: lines, comments, sections, include and ${VAR} (job_file.hpp).
#include "job_file.hpp"

#include <cctype>
#include <cstdlib>
#include <utility>

#include <fmt/format.h>

#include "common/display_text.hpp"
#include "common/read_file.hpp"

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

// The job file itself (`from` has no line), or a file an include line names. A file named inside
// another (an include; a job file a threshold file names, `named_by`) is read only if that other
// file's owner could read it (read_file.hpp).
InputText read_text(const std::filesystem::path& path, const SourceLocation& from,
                    const std::filesystem::path& named_by = {}) {
  try {
    if (from.line > 0) return read_named_file(path, from.file, kMaxJobFileBytes, "a fio job file");
    if (!named_by.empty())
      return read_named_file(path, named_by, kMaxJobFileBytes, "a fio job file");
    return read_input_file(path, kMaxJobFileBytes, "a fio job file");
  } catch (const FileReadError& e) {
    if (from.line > 0) throw ThresholdError(from, "include", e.what());  // names the path
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

  // `quotable`: the file's text may appear in messages (read_file.hpp).
  void read(std::string_view text, bool quotable, const std::filesystem::path& path,
            FioJobFile& out, int depth) {
    const bool outer_quotable = std::exchange(quotable_, quotable);
    text_bytes_ += text.size();
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
        throw ThresholdError(where, shown(line.substr(0, line.find('='))),
                             "option outside of a [job] section (fio refuses it too)");
      }
      if (line.starts_with("include")) {
        include(line, where, path, out, depth);
        continue;
      }
      option(line, where, out.sections.back());
    }
    quotable_ = outer_quotable;
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
    // Counted before the read, so that neither limit is passed by more than the file in hand.
    if (++included_files_ > kMaxIncludedFiles) {
      throw ThresholdError(where, "include",
                           fmt::format("a job file and its includes read at most {} files "
                                       "(files that include each other many times?)",
                                       kMaxIncludedFiles));
    }
    const InputText included = read_text(file, where);
    if (text_bytes_ + included.text.size() > kMaxJobTextBytes) {
      throw ThresholdError(where, "include",
                           fmt::format("a job file and its includes come to more than {} bytes "
                                       "of text (files that include each other many times?)",
                                       kMaxJobTextBytes));
    }
    read(included.text, included.quotable, file, out, depth + 1);
  }

  void option(std::string_view line, const SourceLocation& where, FioSection& into) {
    FioOption o;
    o.text = std::string(line);
    o.where = where;
    o.shown = quotable_;
    const std::size_t eq = line.find('=');
    std::string_view name = line.substr(0, eq);
    while (!name.empty() && blank(name.back())) name.remove_suffix(1);
    o.name = std::string(name);
    if (o.name.empty()) throw ThresholdError(where, "", "expected an option name before '='");
    if (eq != std::string_view::npos) {
      std::string_view value = line.substr(eq + 1);
      while (!value.empty() && blank(value.front())) value.remove_prefix(1);
      o.value = expand(value, where, shown(o.name), env_);
      if (*o.value != value) o.written = std::string(value);
    }
    into.options.push_back(std::move(o));
  }

  // Text of the file being read, as a message may show it.
  std::string shown(std::string_view text) const {
    return quotable_ ? std::string(text) : std::string(kNotShown);
  }

  const EnvLookup& env_;
  bool quotable_ = true;        // the file being read may be quoted in messages
  int included_files_ = 0;      // every include read so far, however deep
  std::size_t text_bytes_ = 0;  // the text of the job file and of every include read so far
};

}  // namespace

EnvLookup process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    if (const char* v = std::getenv(name.c_str())) return std::string(v);
    return std::nullopt;
  };
}

FioJobFile read_job_file(const std::filesystem::path& path, const EnvLookup& env,
                         const std::filesystem::path& named_by) {
  const InputText text = read_text(path, SourceLocation{}, named_by);
  return parse_job_text(text.text, path, env, text.quotable);
}

FioJobFile parse_job_text(std::string_view text, const std::filesystem::path& path,
                          const EnvLookup& env, bool quotable) {
  FioJobFile out;
  out.path = path;
  Reader(env).read(text, quotable, path, out, 0);
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

namespace iogate::fio_job {
namespace {

void replace_all(std::string& text, std::string_view what, std::string_view with) {
  if (what.empty()) return;
  for (std::size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + with.size()))
    text.replace(at, what.size(), with);
}

}  // namespace

std::string shown_name(const FioOption& o) { return o.shown ? o.name : std::string(kNotShown); }

std::string shown_text(const FioOption& o) {
  if (!o.shown) return std::string(kNotShown);
  if (!o.written || !o.value) return o.text;
  std::string text = o.text;
  replace_all(text, *o.value, *o.written);
  return text;
}

std::string shown_message(const FioOption& o, std::string message) {
  if (!o.value || o.value->empty()) return message;
  const std::string& value = *o.value;
  const std::string instead = !o.shown    ? std::string(kValueNotShown)
                              : o.written ? *o.written
                                          : value;
  if (instead == value) return message;
  // A value is quoted whole ("got \"...\""); a part of it (one of a list) may stand alone. A
  // short value standing alone is left: replacing "1" would mangle every number in the message,
  // and three characters reveal little.
  replace_all(message, "\"" + value + "\"", "\"" + instead + "\"");
  if (value.size() > 3) replace_all(message, value, instead);
  return message;
}

}  // namespace iogate::fio_job
