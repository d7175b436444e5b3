// A DiskSpd profile's tree as checks (profile_mapping.hpp, the rules in profile.hpp).
#include "profile.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

#include <fmt/format.h>

#include "common/text_trim.hpp"
#include "engine/workload_toml.hpp"
#include "import/notes.hpp"
#include "iogate/engine/workload_rules.hpp"
#include "profile_mapping.hpp"

namespace iogate::diskspd {
namespace {

using import_core::ImportedCheck;

// DiskSpd's own defaults (its command line's and its profile parser's).
constexpr std::uint64_t kDefaultBlockSize = 64 * 1024;
constexpr std::uint64_t kDefaultRequests = 2;
constexpr std::uint64_t kDefaultDuration = 10;
constexpr std::uint64_t kDefaultWarmup = 5;
constexpr std::uint64_t kNormalPriority = 3;

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
      if (profile == nullptr) refuse(document, "no <Profile>: nothing to import");
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
    if (spans == nullptr) refuse(root, "no <TimeSpans>: nothing to run");
    std::vector<ImportedCheck> checks;
    for (const auto& span : spans->children) {
      if (span->name != "TimeSpan") unknown(*span, "<TimeSpans>");
      checks.push_back(time_span(*span, checks.size() + 1));
    }
    if (checks.empty()) refuse(*spans, "no <TimeSpan>: nothing to run");
    return checks;
  }

 private:
  [[noreturn]] void refuse(const XmlElement& e, const std::string& key,
                           const std::string& problem) const {
    import_core::refuse(SourceLocation{path_, e.line, e.column}, key, problem);
  }
  // `e` refused under its own name: its element, or the flag it came from.
  [[noreturn]] void refuse(const XmlElement& e, const std::string& problem) const {
    refuse(e, key_of(e), problem);
  }
  static std::string key_of(const XmlElement& e) {
    return e.flag_name.empty() ? "<" + e.name + ">" : e.flag_name;
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
  std::string at(const XmlElement& e) const {
    return import_core::place_text(SourceLocation{path_, e.line, e.column}, input_->command_lines);
  }
  std::string note(const XmlElement& e, const std::string& why) const {
    return import_core::note_text(at(e), e.flag.empty() ? "<" + e.name + ">" : e.flag, why);
  }

  std::uint64_t number(const XmlElement& e) const {
    const std::string_view text = trim_blanks(e.text);
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
        !e.children.empty())
      refuse(e, "expected a whole number");
    return value;
  }
  bool boolean(const XmlElement& e) const {
    const std::string_view text = trim_blanks(e.text);
    if (text == "true") return true;
    if (text == "false") return false;
    refuse(e, "expected true or false");
  }

  ImportedCheck time_span(const XmlElement& span, std::size_t index) {
    out_ = ImportedCheck{};
    const bool line = input_->command_lines;  // one span per target of a command line
    out_.origin = line ? fmt::format("DiskSpd command line {}", span.line)
                       : fmt::format("DiskSpd <TimeSpan> {}", index);
    out_.check_name = line ? fmt::format("line_{}", span.line) : fmt::format("timespan_{}", index);
    out_.where = SourceLocation{path_, span.line, 1};
    out_.notes = profile_notes_;
    span_targets_ = 1;
    if (const std::string* n = span.attribute("targets"); line && n != nullptr) {
      span_targets_ = 2;
      out_.notes.push_back(fmt::format(
          "{}:{}: DiskSpd runs the line's {} targets at once, each thread on every one; iogate "
          "makes a check of each, run one after another",
          path_.string(), span.line, *n));
    }
    const XmlElement* disable_affinity = nullptr;
    const XmlElement* affinity = nullptr;
    random_writes_ = nullptr;
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
        duration_from = element_text(*c);
        if (duration == 0) refuse(*c, "0 s: a check needs a measured window");
      } else if (n == "Warmup") {
        warmup = number(*c);
        warmup_from = element_text(*c);
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
      } else if (n == "CompletionRoutines") {
        if (boolean(*c))
          out_.notes.push_back(note(*c, "how DiskSpd reaps completions; iogate its engine's way"));
      } else if (n == "DisableAffinity") {
        disable_affinity = c.get();
      } else if (n == "Affinity") {
        affinity = c.get();
      } else if (n == "GroupAffinity") {
        boolean(*c);  // group-aware round-robin: DiskSpd's default either way
      } else if (n == "RandomWriteData") {
        if (boolean(*c)) random_writes_ = c.get();
      } else if (one_of(n, {"MeasureLatency", "CalculateIopsStdDev", "IoBucketDuration"})) {
        // what DiskSpd reports: iogate always measures latency and per-second intervals
      } else if (n == "Targets") {
        targets = c.get();
      } else {
        unknown(*c, "<TimeSpan>");
      }
    }
    if (targets == nullptr || targets->children.empty())
      refuse(span, "no <Targets><Target>: nothing to run");
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
    cpu_affinity(disable_affinity, affinity);
    target(*targets->children[0]);
    out_.description = fmt::format(
        "DiskSpd {} {}: {} KiB, {:g}% read, {:g}% random, {} outstanding I/Os x {} "
        "thread{}",
        line ? "line" : "time span", line ? static_cast<std::size_t>(span.line) : index,
        static_cast<double>(w.block_size) / 1024.0, w.read_pct, w.random_pct, w.queue_depth,
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
    if (!e.flag.empty()) return fmt::format("{}: {}", at(e), e.flag);
    return fmt::format("{}: <{}>{}</{}>", at(e), e.name, trim_blanks(e.text).substr(0, 64), e.name);
  }

  void target(const XmlElement& t) {
    WorkloadSpec& w = out_.workload;
    std::map<std::string, const XmlElement*> seen;
    for (const auto& c : t.children) {
      if (!seen.emplace(c->name, c.get()).second) refuse(*c, "given twice for one target");
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
        refuse(*e,
               "pauses between bursts of I/Os: iogate has none (rate_iops paces evenly instead)");
    if (const XmlElement* e = get("InterlockedSequential"); e != nullptr && boolean(*e))
      refuse(*e, "threads sharing one sequential offset: iogate's workers each keep their own");
    if (const XmlElement* e = get("ThreadStride"); e != nullptr && number(*e) > 0)
      refuse(*e, "threads starting apart in one file: iogate gives each worker its own region");
    if (const XmlElement* e = get("MemoryMappedIo"); e != nullptr && boolean(*e))
      refuse(*e, "memory-mapped I/O: iogate reads and writes its file");
    if (const XmlElement* e = get("Distribution"))
      refuse(*e, "a skewed access distribution: iogate's random I/O is uniform");
    if (const XmlElement* e = get("IOPriority"); e != nullptr && number(*e) != kNormalPriority)
      refuse(*e, "a priority other than normal (3): iogate issues at normal");
    if (const XmlElement* e = get("DisableLocalCache"); e != nullptr && boolean(*e))
      refuse(*e, "a remote file's client cache (-Sr): iogate runs local files");
    if (const XmlElement* e = get("FlushType"))
      refuse(*e, "a flush of memory-mapped views: iogate maps no file");
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
      if (writes > 100) refuse(*e, "expected a share of 0 to 100");
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
    engine_and_layout(get("FileSize"));
    write_pattern(t, get("WriteBufferContent"));
  }

  // DiskSpd opens its file for overlapped I/O only when a thread keeps more than one I/O in
  // flight (IORequestGenerator.cpp: GetCreateFlags(cIORequests > 1)); with one, it calls
  // ReadFile/WriteFile and waits, as iogate's psync engine does.
  void engine_and_layout(const XmlElement* created) {
    WorkloadSpec& w = out_.workload;
    const std::string engine(workload_key(WorkloadField::engine));
    const std::string layout(workload_key(WorkloadField::layout));
    if (w.queue_depth == 1 && span_targets_ == 1) {
      w.engine = "psync";
      source(engine,
             "one I/O in flight per thread: DiskSpd opens the file without FILE_FLAG_OVERLAPPED "
             "and calls ReadFile/WriteFile synchronously, as iogate's psync engine does");
    } else {
      w.engine = "auto";
      source(engine,
             "several I/Os in flight per thread: DiskSpd issues overlapped I/O to a completion "
             "port, iogate's best engine (iocp on Windows)");
    }
    w.layout = FileLayout::written;
    if (created == nullptr) {
      source(layout, "DiskSpd tests the file that exists; iogate writes its own before the test");
      return;
    }
    source(layout, element_text(*created) + " creates the file; iogate writes its own");
    out_.notes.push_back(note(*created,
                              "DiskSpd creates the file with SetFileValidData when elevated (its "
                              "blocks allocated, never written: reads return what the disk held), "
                              "else writing it in 1 MiB pieces; iogate writes every block of its "
                              "file before the test (layout = \"written\")"));
  }

  // What a write carries. DiskSpd writes one buffer again and again: by default the bytes 0, 1 ...
  // 255 repeated, zeros with -Z, random bytes of a -Z<size> buffer; fresh random bytes per write
  // only with -Zr (<RandomWriteData>). iogate writes fresh random data, stamped every 4 KiB.
  void write_pattern(const XmlElement& target, const XmlElement* content) {
    if (out_.workload.read_pct >= 100) return;
    if (random_writes_ != nullptr) {
      out_.notes.push_back(note(*random_writes_,
                                "fresh random data for each write, as iogate writes (iogate's "
                                "stamped every 4 KiB)"));
      return;
    }
    std::string pattern = "sequential";
    if (content != nullptr)
      for (const auto& c : content->children)
        if (c->name == "Pattern") pattern = trim_blanks(c->text);
    const char* differs =
        "; iogate writes fresh random data, stamped every 4 KiB: a store that compresses or "
        "deduplicates sees other data";
    if (pattern == "sequential" && content == nullptr) {
      out_.notes.push_back(fmt::format(
          "{}: no -Z (<WriteBufferContent>): DiskSpd writes the bytes 0 to 255 repeated, the same "
          "every write{}",
          at(target), differs));
    } else if (pattern == "sequential" || pattern == "zero" || pattern == "random") {
      out_.notes.push_back(note(
          *content, "DiskSpd writes the same buffer every time (" + pattern + " bytes)" + differs));
    } else {
      refuse(*content, "expected a <Pattern> of sequential, zero or random");
    }
  }

  // DiskSpd pins each thread to a CPU, round-robin from the first, unless told not to (-n,
  // <DisableAffinity>) or given the CPUs (-a0,1, <Affinity>); cpu_affinity says the same.
  void cpu_affinity(const XmlElement* disable, const XmlElement* list) {
    const std::string key(workload_key(WorkloadField::cpu_affinity));
    CpuAffinity& affinity = out_.workload.cpu_affinity;
    if (disable != nullptr && boolean(*disable)) {
      if (list != nullptr)
        refuse(*list, "CPUs to pin to with affinity disabled: DiskSpd refuses the two together");
      affinity = CpuAffinity{};
      out_.notes.push_back(note(*disable, "DiskSpd's threads unpinned: cpu_affinity = \"none\""));
      return;
    }
    if (list == nullptr) {
      affinity.mode = CpuAffinity::Mode::round_robin;
      source(key, "DiskSpd's default: each thread pinned to a CPU, round-robin (-n turns it off)");
      return;
    }
    std::string cpus;
    for (const auto& c : list->children) {
      const std::string* group = c->attribute("Group");
      const std::string* processor = c->attribute("Processor");
      if (c->name == "AffinityAssignment") {
        cpus += (cpus.empty() ? "" : ",") + std::to_string(number(*c));
      } else if (c->name != "AffinityGroupAssignment") {
        unknown(*c, "<Affinity>");
      } else if (processor == nullptr || (group != nullptr && *group != "0")) {
        refuse(*c, "a CPU of a processor group other than 0: iogate numbers the CPUs of one");
      } else {
        cpus += (cpus.empty() ? "" : ",") + processor->substr(0, 8);
      }
    }
    const ParsedAffinity parsed = parse_cpu_affinity(cpus);
    if (!parsed.affinity) refuse(*list, key, "the CPUs listed: " + parsed.problem);
    affinity = *parsed.affinity;
    source(key, fmt::format("{}: {} (CPUs {})", at(*list),
                            list->flag.empty() ? "<Affinity>" : list->flag,
                            cpu_affinity_text(affinity)));
  }

  void access_pattern(const XmlElement* random, const XmlElement* ratio, const XmlElement* stride) {
    WorkloadSpec& w = out_.workload;
    if (random != nullptr) {
      if (stride != nullptr)
        refuse(*stride, "a sequential stride with <Random>: DiskSpd refuses both");
      const std::uint64_t align = number(*random);
      if (align != w.block_size)
        refuse(*random,
               fmt::format("random offsets aligned to {} bytes with blocks of {}: iogate aligns "
                           "them to the block size",
                           align, w.block_size));
      w.random_pct = 100;
      source("random", element_text(*random));
      if (ratio != nullptr) {
        const std::uint64_t pct = number(*ratio);
        if (pct == 0 || pct > 100) refuse(*ratio, "expected a share of 1 to 100");
        w.random_pct = static_cast<double>(pct);
        source("random", element_text(*ratio));
      }
      return;
    }
    if (ratio != nullptr) refuse(*ratio, "a random ratio without <Random>");
    w.random_pct = 0;
    source("random", "DiskSpd's default: sequential");
    if (stride != nullptr && number(*stride) != w.block_size)
      refuse(*stride,
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
      source("file_size", fmt::format("--file-size: the file gives no {}", size_names()));
      out_.notes.push_back(note(target, fmt::format("no {}: DiskSpd would use the existing "
                                                    "file's size; the test file is --file-size",
                                                    size_names())));
    } else {
      refuse(target, input_->command_lines ? "-c" : "<FileSize>",
             fmt::format("no {}: DiskSpd would use an existing file's size; give one with "
                         "--file-size SIZE",
                         size_names()));
    }
    if (base != nullptr && number(*base) > 0)
      out_.notes.push_back(note(*base,
                                "iogate's test file is the range DiskSpd addresses, from "
                                "its start"));
  }

  std::string size_names() const {
    return input_->command_lines ? "-c, -f or -B base:length" : "<FileSize> or <MaxFileSize>";
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
    from.erase(std::unique(from.begin(), from.end()), from.end());  // -Sh sets both
    if (from.empty())
      from.push_back("DiskSpd's default: cached I/O, written out (iogate's own is direct)");
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
      refuse(e, "expected unit=\"IOPS\" or bytes per millisecond");
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
  int span_targets_ = 1;                       // more than one: a line's several targets
  const XmlElement* random_writes_ = nullptr;  // -Zr
  const XmlElement* span_requests_at_ = nullptr;
};

}  // namespace

std::vector<ImportedCheck> map_profile(const XmlInput& input, const std::filesystem::path& path,
                                       const ProfileImportOptions& options) {
  return Mapper(path, options).map(input);
}

}  // namespace iogate::diskspd
