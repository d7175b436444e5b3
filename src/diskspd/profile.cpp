// DiskSpd's XML profiles as checks (profile.hpp).
#include "iogate/diskspd/profile.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <set>

#include <fmt/format.h>

#include "iogate/engine/workload_rules.hpp"
#include "iogate/engine/workload_toml.hpp"
#include "iogate/fio_job/job_mapping.hpp"
#include "xml_reader.hpp"

namespace iogate::diskspd {
namespace {

using fio_job::ImportedCheck;

// DiskSpd's own defaults (its command line's and its profile parser's).
constexpr std::uint64_t kDefaultBlockSize = 64 * 1024;
constexpr std::uint64_t kDefaultRequests = 2;
constexpr std::uint64_t kDefaultDuration = 10;
constexpr std::uint64_t kDefaultWarmup = 5;
constexpr std::uint64_t kNormalPriority = 3;

std::string trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())) != 0) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())) != 0) s.remove_suffix(1);
  return std::string(s);
}

class Mapper {
 public:
  Mapper(const std::filesystem::path& path, const ProfileImportOptions& options)
      : path_(path), options_(options) {}

  // A profile, or DiskSpd's -Rxml results, which carry the profile that ran.
  std::vector<ImportedCheck> map(const XmlInput& input) {
    input_ = &input;
    const XmlElement& document = *input.root;
    const XmlElement* profile = &document;
    if (document.name == "Results") {
      profile = nullptr;
      for (const auto& c : document.children)
        if (c->name == "Profile") profile = c.get();
      if (profile == nullptr) refuse(document, "<Results>", "no <Profile>: nothing to import");
    }
    const XmlElement& root = *profile;
    if (root.name != "Profile")
      refuse(root, "",
             fmt::format("the root element is {}, expected <Profile> (or DiskSpd's <Results>): "
                         "not a DiskSpd profile",
                         input.shown(root)));
    const XmlElement* spans = nullptr;
    for (const auto& c : root.children) {
      if (c->name == "TimeSpans") {
        spans = c.get();
      } else if (c->name == "PrecreateFiles") {
        profile_notes_.push_back(note(*c, "iogate lays out its own test file before each check"));
      } else if (!one_of(c->name, {"Verbose", "Progress", "ResultFormat", "Etw"})) {
        unknown(*c, "<Profile>");
      }
    }
    if (spans == nullptr) refuse(root, "<Profile>", "no <TimeSpans>: nothing to run");
    std::vector<ImportedCheck> checks;
    for (const auto& span : spans->children) {
      if (span->name != "TimeSpan") unknown(*span, "<TimeSpans>");
      checks.push_back(time_span(*span, checks.size() + 1));
    }
    if (checks.empty()) refuse(*spans, "<TimeSpans>", "no <TimeSpan>: nothing to run");
    return checks;
  }

 private:
  [[noreturn]] void refuse(const XmlElement& e, const std::string& key,
                           const std::string& problem) const {
    throw ThresholdError(SourceLocation{path_, e.line, 1}, key, problem);
  }
  [[noreturn]] void unknown(const XmlElement& e, const char* parent) const {
    refuse(e, input_->shown(e),
           fmt::format("not an element of {} iogate reads: a setting not read could change what "
                       "the test does",
                       parent));
  }
  static bool one_of(const std::string& name, std::initializer_list<const char*> names) {
    return std::any_of(names.begin(), names.end(), [&](const char* n) { return name == n; });
  }
  std::string at(const XmlElement& e) const { return fmt::format("{}:{}", path_.string(), e.line); }
  std::string note(const XmlElement& e, const std::string& why) const {
    return fmt::format("{}: <{}>: {}", at(e), e.name, why);
  }

  std::uint64_t number(const XmlElement& e) const {
    const std::string text = trimmed(e.text);
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
        !e.children.empty())
      refuse(e, "<" + e.name + ">", "expected a whole number");
    return value;
  }
  bool boolean(const XmlElement& e) const {
    const std::string text = trimmed(e.text);
    if (text == "true") return true;
    if (text == "false") return false;
    refuse(e, "<" + e.name + ">", "expected true or false");
  }

  ImportedCheck time_span(const XmlElement& span, std::size_t index) {
    out_ = ImportedCheck{};
    out_.origin = fmt::format("DiskSpd <TimeSpan> {}", index);
    out_.check_name = fmt::format("timespan_{}", index);
    out_.where = SourceLocation{path_, span.line, 1};
    out_.notes = profile_notes_;
    const XmlElement* targets = nullptr;
    std::uint64_t duration = kDefaultDuration;
    std::uint64_t warmup = kDefaultWarmup;
    std::string duration_from = "DiskSpd's default: 10 s";
    std::string warmup_from = "DiskSpd's default: 5 s of warm-up";
    span_threads_ = 0;
    span_requests_ = 0;
    for (const auto& c : span.children) {
      const std::string& n = c->name;
      if (n == "Duration") {
        duration = number(*c);
        duration_from = fmt::format("{}: <Duration>{}</Duration>", at(*c), duration);
        if (duration == 0) refuse(*c, "<Duration>", "0 s: a check needs a measured window");
      } else if (n == "Warmup") {
        warmup = number(*c);
        warmup_from = fmt::format("{}: <Warmup>{}</Warmup>", at(*c), warmup);
      } else if (n == "Cooldown") {
        if (number(*c) > 0)
          out_.notes.push_back(note(*c,
                                    "DiskSpd keeps issuing, unmeasured, after the window; "
                                    "iogate stops with it"));
      } else if (n == "RandSeed") {
        number(*c);
        out_.notes.push_back(note(*c, "a threshold file's checks draw a fresh seed per run"));
      } else if (n == "ThreadCount") {
        span_threads_ = number(*c);
        span_threads_at_ = c.get();
      } else if (n == "RequestCount") {
        span_requests_ = number(*c);
        span_requests_at_ = c.get();
      } else if (n == "DisableAffinity" || n == "CompletionRoutines") {
        if (boolean(*c))
          out_.notes.push_back(note(*c,
                                    "how DiskSpd places threads or reaps "
                                    "completions; iogate does its own"));
      } else if (n == "Affinity") {
        out_.notes.push_back(note(*c, "iogate does not pin its threads"));
      } else if (one_of(n, {"MeasureLatency", "CalculateIopsStdDev", "IoBucketDuration"})) {
        // what DiskSpd reports: iogate always measures latency and per-second intervals
      } else if (n == "Targets") {
        targets = c.get();
      } else {
        unknown(*c, "<TimeSpan>");
      }
    }
    if (targets == nullptr || targets->children.empty())
      refuse(span, "<TimeSpan>", "no <Targets><Target>: nothing to run");
    for (const auto& t : targets->children)
      if (t->name != "Target") unknown(*t, "<Targets>");
    if (targets->children.size() > 1)
      refuse(*targets->children[1], "<Target>",
             "a second target in one time span: iogate runs one test file per check");
    WorkloadSpec& w = out_.workload;
    w.duration = std::chrono::seconds(duration);
    out_.sources["duration"].push_back(duration_from);
    w.ramp = std::chrono::seconds(warmup);
    out_.sources["ramp"].push_back(warmup_from);
    target(*targets->children[0]);
    out_.description = fmt::format(
        "DiskSpd time span {}: {} KiB, {:g}% read, {:g}% random, {} outstanding I/Os x {} "
        "thread{}",
        index, static_cast<double>(w.block_size) / 1024.0, w.read_pct, w.random_pct, w.queue_depth,
        w.workers, w.workers == 1 ? "" : "s");
    if (const auto problem = find_workload_problem(w))
      refuse(span, std::string(workload_key(problem->field)),
             "the time span maps to a workload iogate cannot run: " + problem->expected);
    return std::move(out_);
  }

  void source(const std::string& key, std::string text) {
    out_.sources[key].push_back(std::move(text));
  }
  std::string element_text(const XmlElement& e) const {
    return fmt::format("{}: <{}>{}</{}>", at(e), e.name, trimmed(e.text).substr(0, 64), e.name);
  }

  void target(const XmlElement& t) {
    WorkloadSpec& w = out_.workload;
    std::map<std::string, const XmlElement*> seen;
    for (const auto& c : t.children) {
      if (!seen.emplace(c->name, c.get()).second)
        refuse(*c, "<" + c->name + ">", "given twice in one <Target>");
    }
    const auto get = [&](const char* name) -> const XmlElement* {
      const auto it = seen.find(name);
      return it == seen.end() ? nullptr : it->second;
    };
    static const std::set<std::string> kKnown = {"Path",
                                                 "BlockSize",
                                                 "BaseFileOffset",
                                                 "SequentialScan",
                                                 "RandomAccess",
                                                 "TemporaryFile",
                                                 "UseLargePages",
                                                 "DisableOSCache",
                                                 "DisableAllCache",
                                                 "DisableLocalCache",
                                                 "WriteThrough",
                                                 "BypassIO",
                                                 "WriteBufferContent",
                                                 "ParallelAsyncIO",
                                                 "StrideSize",
                                                 "InterlockedSequential",
                                                 "ThreadStride",
                                                 "MaxFileSize",
                                                 "FileSize",
                                                 "RequestCount",
                                                 "WriteRatio",
                                                 "Throughput",
                                                 "ThreadsPerFile",
                                                 "IOPriority",
                                                 "Weight",
                                                 "Random",
                                                 "RandomRatio",
                                                 "BurstSize",
                                                 "ThinkTime",
                                                 "MemoryMappedIo",
                                                 "FlushType",
                                                 "Distribution"};
    for (const auto& c : t.children)
      if (kKnown.count(c->name) == 0) unknown(*c, "<Target>");
    for (const char* refused : {"BurstSize", "ThinkTime"})
      if (const XmlElement* e = get(refused); e != nullptr && number(*e) > 0)
        refuse(*e, std::string("<") + refused + ">",
               "pauses between bursts of I/Os: iogate has none (rate_iops paces evenly instead)");
    if (const XmlElement* e = get("InterlockedSequential"); e != nullptr && boolean(*e))
      refuse(*e, "<InterlockedSequential>",
             "threads sharing one sequential offset: iogate's workers each keep their own");
    if (const XmlElement* e = get("ThreadStride"); e != nullptr && number(*e) > 0)
      refuse(*e, "<ThreadStride>",
             "threads starting apart in one file: iogate gives each worker its own region");
    if (const XmlElement* e = get("MemoryMappedIo"); e != nullptr && boolean(*e))
      refuse(*e, "<MemoryMappedIo>", "memory-mapped I/O: iogate reads and writes its file");
    if (const XmlElement* e = get("Distribution"))
      refuse(*e, "<Distribution>", "a skewed access distribution: iogate's random I/O is uniform");
    if (const XmlElement* e = get("IOPriority"); e != nullptr && number(*e) != kNormalPriority)
      refuse(*e, "<IOPriority>", "a priority other than normal (3): iogate issues at normal");
    if (const XmlElement* e = get("DisableLocalCache"); e != nullptr && boolean(*e))
      refuse(*e, "<DisableLocalCache>",
             "a remote file's client cache (-Sr): iogate runs local files");
    if (const XmlElement* e = get("FlushType"))
      refuse(*e, "<FlushType>", "a flush of memory-mapped views: iogate maps no file");
    if (const XmlElement* e = get("Path"))
      out_.notes.push_back(note(*e,
                                "never used: iogate makes its own file in the datastore's "
                                "scratch area"));
    for (const char* hint :
         {"SequentialScan", "RandomAccess", "TemporaryFile", "UseLargePages", "ParallelAsyncIO"})
      if (const XmlElement* e = get(hint); e != nullptr && boolean(*e))
        out_.notes.push_back(note(*e,
                                  "a hint to Windows on how to cache or buffer the file, "
                                  "not the I/O issued: not carried over"));
    if (const XmlElement* e = get("BypassIO"))
      out_.notes.push_back(note(*e, "Windows' BypassIO path: not carried over"));
    if (const XmlElement* e = get("WriteBufferContent"))
      out_.notes.push_back(note(*e, "iogate writes its own incompressible data"));
    if (const XmlElement* e = get("Weight"); e != nullptr) number(*e);  // one target: no share

    w.block_size = kDefaultBlockSize;
    source("block_size", "DiskSpd's default: 64 KiB");
    if (const XmlElement* e = get("BlockSize")) {
      w.block_size = number(*e);
      out_.sources["block_size"] = {element_text(*e)};
    }
    access_pattern(get("Random"), get("RandomRatio"), get("StrideSize"));
    std::uint64_t writes = 0;
    if (const XmlElement* e = get("WriteRatio")) {
      writes = number(*e);
      if (writes > 100) refuse(*e, "<WriteRatio>", "expected a share of 0 to 100");
      source("read", element_text(*e));
    } else {
      source("read", "DiskSpd's default: no writes");
    }
    w.read_pct = static_cast<double>(100 - writes);
    threads_and_requests(get("ThreadsPerFile"), get("RequestCount"));
    file_size(get("FileSize"), get("MaxFileSize"), get("BaseFileOffset"), t);
    caching(get("DisableOSCache"), get("WriteThrough"), get("DisableAllCache"));
    if (const XmlElement* e = get("Throughput")) throughput(*e);
    w.flush = FlushPolicy::none;
    source("flush", "DiskSpd does not flush at the end: its clock stops with the last I/O");
    w.engine = "auto";
    source("engine", "DiskSpd issues overlapped (asynchronous) I/O: iogate's best engine");
    w.layout = FileLayout::written;
    source("layout", "DiskSpd's test file holds written data before the test");
  }

  void access_pattern(const XmlElement* random, const XmlElement* ratio, const XmlElement* stride) {
    WorkloadSpec& w = out_.workload;
    if (random != nullptr) {
      if (stride != nullptr)
        refuse(*stride, "<StrideSize>", "a sequential stride with <Random>: DiskSpd refuses both");
      const std::uint64_t align = number(*random);
      if (align != w.block_size)
        refuse(*random, "<Random>",
               fmt::format("random offsets aligned to {} bytes with blocks of {}: iogate aligns "
                           "them to the block size",
                           align, w.block_size));
      w.random_pct = 100;
      source("random", element_text(*random));
      if (ratio != nullptr) {
        const std::uint64_t pct = number(*ratio);
        if (pct == 0 || pct > 100) refuse(*ratio, "<RandomRatio>", "expected a share of 1 to 100");
        w.random_pct = static_cast<double>(pct);
        source("random", element_text(*ratio));
      }
      return;
    }
    if (ratio != nullptr) refuse(*ratio, "<RandomRatio>", "a random ratio without <Random>");
    w.random_pct = 0;
    source("random", "DiskSpd's default: sequential");
    if (stride != nullptr && number(*stride) != w.block_size)
      refuse(*stride, "<StrideSize>",
             fmt::format("a sequential stride of {} bytes with blocks of {}: iogate's sequential "
                         "I/O continues where the last ended",
                         number(*stride), w.block_size));
  }

  void threads_and_requests(const XmlElement* per_file, const XmlElement* requests) {
    WorkloadSpec& w = out_.workload;
    std::uint64_t threads = 1;
    source("workers", "DiskSpd's default: 1 thread");
    if (per_file != nullptr) {
      threads = number(*per_file);
      out_.sources["workers"] = {element_text(*per_file)};
    }
    if (span_threads_ > 0) {
      threads = span_threads_;
      out_.sources["workers"] = {element_text(*span_threads_at_)};
      out_.notes.push_back(note(*span_threads_at_, "DiskSpd's -F threads, all on the one target"));
    }
    if (threads == 0)
      refuse(per_file != nullptr ? *per_file : *span_threads_at_, "workers", "0 threads");
    w.workers = static_cast<unsigned>(std::min<std::uint64_t>(threads, kMaxWorkers + 1));
    if (threads > 1)
      out_.notes.push_back(fmt::format(
          "{} threads: DiskSpd's each address the whole file, iogate's each their own region of "
          "it (the same queue per thread)",
          threads));
    std::uint64_t depth = kDefaultRequests;
    source("queue_depth", "DiskSpd's default: 2 outstanding I/Os per thread");
    if (requests != nullptr) {
      depth = number(*requests);
      out_.sources["queue_depth"] = {element_text(*requests)};
    }
    if (span_requests_ > 0) {
      depth = span_requests_;
      out_.sources["queue_depth"] = {element_text(*span_requests_at_)};
      out_.notes.push_back(
          note(*span_requests_at_, "DiskSpd's -O count per thread, on one target"));
    }
    if (depth == 0)
      refuse(requests != nullptr ? *requests : *span_requests_at_, "queue_depth", "0 I/Os");
    w.queue_depth = static_cast<unsigned>(std::min<std::uint64_t>(depth, kMaxQueueDepth + 1));
  }

  void file_size(const XmlElement* size, const XmlElement* max, const XmlElement* base,
                 const XmlElement& target) {
    WorkloadSpec& w = out_.workload;
    if (max != nullptr && number(*max) > 0) {
      w.file_size = number(*max);
      source("file_size", element_text(*max));
    } else if (size != nullptr && number(*size) > 0) {
      w.file_size = number(*size);
      source("file_size", element_text(*size));
    } else if (options_.file_size) {
      w.file_size = *options_.file_size;
      source("file_size", "--file-size: the profile gives no <FileSize> or <MaxFileSize>");
      out_.notes.push_back(note(target,
                                "no <FileSize>: DiskSpd would use the existing file's "
                                "size; the test file is --file-size"));
    } else {
      refuse(target, "<FileSize>",
             "neither <FileSize> nor <MaxFileSize>: DiskSpd would use an existing file's size; "
             "give one with --file-size SIZE");
    }
    if (base != nullptr && number(*base) > 0)
      out_.notes.push_back(note(*base,
                                "iogate's test file is the range DiskSpd addresses, from "
                                "its start"));
  }

  void caching(const XmlElement* os_cache, const XmlElement* write_through, const XmlElement* all) {
    WorkloadSpec& w = out_.workload;
    w.direct = false;
    w.write_through = false;
    std::vector<std::string> from;
    if (os_cache != nullptr && boolean(*os_cache)) {
      w.direct = true;
      from.push_back(element_text(*os_cache));
    }
    if (write_through != nullptr && boolean(*write_through)) {
      w.write_through = true;
      from.push_back(element_text(*write_through));
    }
    if (all != nullptr && boolean(*all)) {
      w.direct = true;
      w.write_through = true;
      from.push_back(element_text(*all));
    }
    if (from.empty()) from.push_back("DiskSpd's default: cached I/O");
    out_.sources["direct"] = from;
    out_.sources["write_through"] = from;
  }

  void throughput(const XmlElement& e) {
    WorkloadSpec& w = out_.workload;
    const std::uint64_t value = number(e);
    if (value == 0) return;
    const std::string* unit = e.attribute("unit");
    const double threads = w.workers;
    if (unit != nullptr && *unit == "IOPS") {
      w.rate_iops = static_cast<double>(value) * threads;
      source("rate_iops", element_text(e) + " IOPS per thread");
    } else if (unit == nullptr || *unit == "BytesPerMs") {
      w.rate_mbps = static_cast<double>(value) * 1000.0 / (1024.0 * 1024.0) * threads;
      source("rate_mbps", element_text(e) + " bytes per millisecond per thread");
    } else {
      refuse(e, "<Throughput>", "expected unit=\"IOPS\" or bytes per millisecond");
    }
  }

  const std::filesystem::path& path_;
  const ProfileImportOptions& options_;
  const XmlInput* input_ = nullptr;
  std::vector<std::string> profile_notes_;
  ImportedCheck out_;
  std::uint64_t span_threads_ = 0;
  const XmlElement* span_threads_at_ = nullptr;
  std::uint64_t span_requests_ = 0;
  const XmlElement* span_requests_at_ = nullptr;
};

}  // namespace

constexpr const char* kProfile = "a DiskSpd profile (XML)";

std::vector<ImportedCheck> import_profile_text(std::string_view text,
                                               const std::filesystem::path& path,
                                               const ProfileImportOptions& options) {
  return Mapper(path, options).map(parse_xml_input(text, path, kProfile));
}

std::vector<ImportedCheck> import_profile(const std::filesystem::path& path,
                                          const ProfileImportOptions& options) {
  return Mapper(path, options).map(read_xml_input(path, kProfile));
}

std::string profile_threshold_text(const std::filesystem::path& path,
                                   const std::vector<ImportedCheck>& checks,
                                   const fio_job::ImportRequest& request) {
  fio_job::ImportedFile out;
  out.header = fmt::format(
      "Imported from the DiskSpd profile {} by `iogate import diskspd`.\n"
      "One check per <TimeSpan>; each workload key follows the element it came from, or\n"
      "DiskSpd's default. iogate makes its own test file in the datastore's scratch area,\n"
      "never the profile's <Path>. The expectations are the ones given to the import.",
      path.string());
  out.description = fmt::format("DiskSpd profile {}", path.filename().string());
  return fio_job::imported_threshold_text(out, checks, request);
}

}  // namespace iogate::diskspd
