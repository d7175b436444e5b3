// DiskSpd command lines as the profile DiskSpd makes of them (command_line.hpp). Each flag becomes
// the element DiskSpd's own -Rpxml writes for it; what those elements mean, and which are refused,
// is profile.cpp's, one rule for both kinds of input.
#include "command_line.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "iogate/common/threshold_error.hpp"

namespace iogate::diskspd {
namespace {

// DiskSpd's own default block (Common.h), the unit of a size given in blocks before any -b.
constexpr std::uint64_t kDefaultBlock = 64 * 1024;
// Bounds on what one file may make: each DiskSpd line is a check per target.
constexpr std::size_t kMaxDiskspdLines = 1000;
constexpr std::size_t kMaxTargetsPerLine = 64;
constexpr std::size_t kShownToken = 64;  // the longest token written out as a key's source

struct Token {
  std::string text;
  int column = 1;
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool digits_only(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// DiskSpd's _GetSizeInBytes: digits, then nothing or one of K, M, G, T (powers of 1024) or b
// (blocks of -b), case-insensitive.
std::optional<std::uint64_t> size_in_bytes(std::string_view s, std::uint64_t block) {
  const std::size_t digits = std::min(s.find_first_not_of("0123456789"), s.size());
  std::uint64_t value = 0;
  if (digits == 0 || std::from_chars(s.data(), s.data() + digits, value).ec != std::errc())
    return std::nullopt;
  if (digits == s.size()) return value;
  if (digits + 1 != s.size()) return std::nullopt;
  std::uint64_t unit = 0;
  switch (std::toupper(static_cast<unsigned char>(s[digits]))) {
    case 'K':
      unit = std::uint64_t{1} << 10;
      break;
    case 'M':
      unit = std::uint64_t{1} << 20;
      break;
    case 'G':
      unit = std::uint64_t{1} << 30;
      break;
    case 'T':
      unit = std::uint64_t{1} << 40;
      break;
    case 'B':
      unit = block;
      break;
    default:
      return std::nullopt;
  }
  if (unit != 0 && value > std::numeric_limits<std::uint64_t>::max() / unit) return std::nullopt;
  return value * unit;
}

std::unique_ptr<XmlElement> clone(const XmlElement& e) {
  auto out = std::make_unique<XmlElement>();
  out->name = e.name;
  out->attributes = e.attributes;
  out->text = e.text;
  out->line = e.line;
  out->flag = e.flag;
  out->flag_name = e.flag_name;
  out->column = e.column;
  for (const auto& c : e.children) out->children.push_back(clone(*c));
  return out;
}

// One line of the file, read into the time spans it makes.
class LineReader {
 public:
  LineReader(const std::filesystem::path& path, int line, bool quotable)
      : path_(path), line_(line), quotable_(quotable) {
    span_.name = "TimeSpan";
    span_.line = line;
    target_.name = "Target";
    target_.line = line;
  }

  // Whether the line is a DiskSpd command; false for what is read past.
  bool is_command(std::string_view text) {
    std::size_t start = text.find_first_not_of(" \t");
    if (start == std::string_view::npos) return false;
    if (text[start] == '@') ++start;
    const std::string_view rest = text.substr(start);
    if (rest.empty() || rest.front() == '#' || rest.substr(0, 2) == "::") return false;
    const std::string first = lower(rest.substr(0, rest.find_first_of(" \t")));
    for (const char* harmless : {"rem", "echo", "set", "setlocal", "endlocal", "cd", "chdir",
                                 "pause", "cls", "title", "timeout"})
      if (first == harmless) return false;
    if (first.rfind("echo.", 0) == 0) return false;
    tokens_ = tokenize(text);
    std::string program = tokens_.empty() ? first : lower(tokens_.front().text);
    program = program.substr(program.find_last_of("\\/") + 1);
    if (program != "diskspd" && program != "diskspd.exe")
      refuse(static_cast<int>(start) + 1, "",
             "not a diskspd command, a comment or a set line: a command iogate does not read "
             "could change what the test does");
    return true;
  }

  // The line's time spans, one per target, added to `spans`.
  void read(XmlElement& spans) {
    std::size_t first_target = 1;
    while (first_target < tokens_.size() && is_switch(tokens_[first_target])) ++first_target;
    for (std::size_t i = first_target; i < tokens_.size(); ++i)
      if (is_switch(tokens_[i]))
        refuse(tokens_[i], "a flag after a target: DiskSpd takes its flags before the targets");
    for (std::size_t i = 1; i < first_target; ++i)
      if (tokens_[i].text.size() > 1 && tokens_[i].text[1] == 'b') block_flag(tokens_[i]);
    for (std::size_t i = 1; i < first_target; ++i) flag(tokens_[i]);
    if (first_target == tokens_.size())
      refuse(static_cast<int>(line_text_end_), "", "no target: DiskSpd needs a file to test");
    if (tokens_.size() - first_target > kMaxTargetsPerLine)
      refuse(tokens_[first_target + kMaxTargetsPerLine].column, "target",
             fmt::format("more than {} targets on one line", kMaxTargetsPerLine));
    const auto is_random = [](const auto& c) { return c->name == "Random"; };
    if (random_ratio_ != nullptr &&
        std::none_of(target_.children.begin(), target_.children.end(), is_random))
      add(target_, "Random", std::to_string(block_), *random_ratio_, "-rs");
    if (affinity_ != nullptr) span_.children.push_back(std::move(affinity_));
    const std::size_t targets = tokens_.size() - first_target;
    for (std::size_t i = first_target; i < tokens_.size(); ++i) {
      refuse_device(tokens_[i]);
      auto span = clone(span_);
      auto list = element("Targets", "", Token{"", 1}, "");
      auto target = clone(target_);
      target->column = tokens_[i].column;
      target->flag_name = "target";
      target->flag = quotable_ ? tokens_[i].text.substr(0, kShownToken) : "target";
      add(*target, "Path", tokens_[i].text, tokens_[i], "target");
      if (targets > 1) span->attributes.emplace_back("targets", std::to_string(targets));
      list->children.push_back(std::move(target));
      span->children.push_back(std::move(list));
      spans.children.push_back(std::move(span));
    }
  }

 private:
  [[noreturn]] void refuse(int column, const std::string& key, const std::string& problem) const {
    throw ThresholdError(SourceLocation{path_, line_, column}, key, problem);
  }
  [[noreturn]] void refuse(const Token& t, const std::string& problem) const {
    refuse(t.column, name_of(t), problem);
  }
  static bool is_switch(const Token& t) {
    return !t.text.empty() && (t.text[0] == '-' || t.text[0] == '/');
  }
  // The flag without its value: "-b" for -b8K, "-Sh" whole (its letters are the flag).
  static std::string name_of(const Token& t) {
    if (t.text.size() < 2) return t.text;
    const char c = t.text[1];
    if (c == 'S') return "-" + t.text.substr(1, std::min<std::size_t>(t.text.size() - 1, 5));
    if ((c == 'r' || c == 'Z') && t.text.size() > 2 &&
        (t.text[2] == 's' || t.text[2] == 'd' || (c == 'Z' && t.text[2] == 'r')))
      return std::string("-") + c + t.text[2];
    if (c == 's' && t.text.size() > 2 && t.text[2] == 'i') return "-si";
    return std::string("-") + c;
  }

  std::vector<Token> tokenize(std::string_view text) {
    std::vector<Token> out;
    std::size_t i = 0;
    bool redirect_file = false;  // the next word is a redirection's file, not DiskSpd's
    while (true) {
      while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
      if (i >= text.size()) break;
      line_text_end_ = i + 1;
      if (out.empty() && text[i] == '@') ++i;
      std::size_t j = i;
      if (std::isdigit(static_cast<unsigned char>(text[j])) != 0 && j + 1 < text.size() &&
          text[j + 1] == '>')
        ++j;
      if (text[j] == '>' || text[j] == '<') {
        if (redirect_file) refuse(static_cast<int>(j) + 1, "", "a redirection without its file");
        j += (j + 1 < text.size() && text[j + 1] == '>') ? 2 : 1;
        if (j + 1 < text.size() && text[j] == '&' &&
            std::isdigit(static_cast<unsigned char>(text[j + 1])) != 0) {
          i = j + 2;
        } else {
          i = j;
          redirect_file = true;
        }
        continue;
      }
      Token t{"", static_cast<int>(i) + 1};
      bool quoted = false;
      for (; i < text.size(); ++i) {
        const char c = text[i];
        const int column = static_cast<int>(i) + 1;
        if (c == '"') {
          quoted = !quoted;
          continue;
        }
        if (c == '%')
          refuse(column, "",
                 "a variable (%): its value is the script's when it runs; write the value into "
                 "the line");
        if (!quoted && (c == ' ' || c == '\t' || c == '>' || c == '<')) break;
        if (!quoted && (c == '^' || c == '&' || c == '|'))
          refuse(column, "",
                 "^, & or |: a continued line or a second command; write one diskspd command a "
                 "line");
        t.text += c;
      }
      if (quoted) refuse(t.column, "", "a quote that is not closed");
      if (!redirect_file) out.push_back(std::move(t));
      redirect_file = false;
    }
    if (redirect_file)
      refuse(static_cast<int>(line_text_end_), "", "a redirection without its file");
    // A dash pasted from formatted text (en or em dash) is not DiskSpd's switch character: it
    // would take the token for a target.
    for (const Token& t : out)
      if (t.text.rfind("\xE2\x80\x93", 0) == 0 || t.text.rfind("\xE2\x80\x94", 0) == 0)
        refuse(t.column, "",
               "a typographic dash where DiskSpd's flags start with - or /: DiskSpd would read it "
               "as a target");
    return out;
  }

  std::unique_ptr<XmlElement> element(const char* name, std::string text, const Token& t,
                                      const std::string& flag_name) const {
    auto e = std::make_unique<XmlElement>();
    e->name = name;
    e->text = std::move(text);
    e->line = line_;
    e->column = t.column;
    e->flag_name = flag_name;
    e->flag = quotable_ ? t.text.substr(0, kShownToken) : flag_name;
    return e;
  }
  XmlElement& add(XmlElement& parent, const char* name, std::string text, const Token& t,
                  const std::string& flag_name) {
    parent.children.push_back(element(name, std::move(text), t, flag_name));
    return *parent.children.back();
  }
  XmlElement& add(XmlElement& parent, const char* name, std::string text, const Token& t) {
    return add(parent, name, std::move(text), t, name_of(t));
  }

  std::uint64_t size(const Token& t, std::string_view value) const {
    const auto bytes = size_in_bytes(value, block_);
    if (!bytes)
      refuse(t, "expected a size: bytes, or a number with K, M, G, T (KiB ...) or b (blocks)");
    return *bytes;
  }
  void block_flag(const Token& t) {
    const auto bytes = size_in_bytes(std::string_view(t.text).substr(2), kDefaultBlock);
    if (!bytes || *bytes == 0 || *bytes >= std::numeric_limits<std::uint32_t>::max())
      refuse(t, "expected a block size: bytes, or a number with K, M, G or T");
    block_ = *bytes;
  }

  void flag(const Token& t) {
    const std::string_view arg =
        std::string_view(t.text).substr(std::min<std::size_t>(2, t.text.size()));
    const char c = t.text.size() > 1 ? t.text[1] : '\0';
    switch (c) {
      case 'b':
        add(target_, "BlockSize", std::to_string(block_), t);
        break;
      case 'c':
        add(target_, "FileSize", std::to_string(size(t, arg)), t);
        break;
      case 'd':
        add(span_, "Duration", std::string(arg), t);
        break;
      case 'W':
        add(span_, "Warmup", std::string(arg), t);
        break;
      case 'C':
        add(span_, "Cooldown", std::string(arg), t);
        break;
      case 'z':
        add(span_, "RandSeed", arg.empty() ? "0" : std::string(arg), t);
        break;
      case 'o':
        add(target_, "RequestCount", std::string(arg), t);
        break;
      case 'O':
        add(span_, "RequestCount", std::string(arg), t);
        break;
      case 't':
        add(target_, "ThreadsPerFile", std::string(arg), t);
        break;
      case 'F':
        add(span_, "ThreadCount", std::string(arg), t);
        break;
      case 'w':
        if (arg.empty()) refuse(t, "no write share: DiskSpd refuses a bare -w");
        add(target_, "WriteRatio", std::string(arg), t);
        break;
      case 'T':
        add(target_, "ThreadStride", std::to_string(size(t, arg)), t);
        break;
      case 'i':
        add(target_, "BurstSize", std::string(arg), t);
        break;
      case 'j':
        add(target_, "ThinkTime", std::string(arg), t);
        break;
      case 'I':
        add(target_, "IOPriority", std::string(arg), t);
        break;
      case 'N':
        add(target_, "FlushType", std::string(arg), t);
        break;
      case 'l':
        add(target_, "UseLargePages", "true", t);
        break;
      case 'p':
        add(target_, "ParallelAsyncIO", "true", t);
        break;
      case 'n':
        add(span_, "DisableAffinity", "true", t);
        break;
      case 'x':
        add(span_, "CompletionRoutines", "true", t);
        break;
      case 'h':
        caching(t, "h");
        break;
      case 'S':
        caching(t, arg.empty() ? "u" : arg);
        break;
      case 'r':
        random(t, arg);
        break;
      case 's':
        stride(t, arg);
        break;
      case 'B':
        bounds(t, arg);
        break;
      case 'f':
        max_offset_or_hints(t, arg);
        break;
      case 'g':
        throughput(t, arg);
        break;
      case 'a':
        affinity(t, arg);
        break;
      case 'Z':
        write_buffers(t, arg);
        break;
      case 'L':
      case 'D':
      case 'R':
      case 'v':
      case 'P':
      case 'e':
        break;  // what DiskSpd measures or prints, not what it runs: iogate reports its own
      case 'X':
        refuse(t,
               "runs an XML profile: import the profile itself (iogate import diskspd FILE.xml)");
      case 'y':
        refuse(t, "waits on or signals a named event: iogate's checks start when run");
      default:
        refuse(t, "not a DiskSpd flag iogate reads: a setting not read could change the test");
    }
  }

  void caching(const Token& t, std::string_view letters) {
    for (const char l : letters) {
      switch (l) {
        case 'b':
          break;  // cached: DiskSpd's default, stated
        case 'h':
          add(target_, "DisableOSCache", "true", t);
          add(target_, "WriteThrough", "true", t);
          break;
        case 'u':
          add(target_, "DisableOSCache", "true", t);
          break;
        case 'w':
          add(target_, "WriteThrough", "true", t);
          break;
        case 'r':
          add(target_, "DisableLocalCache", "true", t);
          break;
        case 'm':
          add(target_, "MemoryMappedIo", "true", t);
          break;
        default:
          refuse(t, "expected -S with b, h, m, r, u or w");
      }
    }
  }
  void random(const Token& t, std::string_view arg) {
    if (!arg.empty() && arg[0] == 's') {
      random_ratio_ = &t;
      add(target_, "RandomRatio", std::string(arg.substr(1)), t);
    } else if (!arg.empty() && arg[0] == 'd') {
      add(target_, "Distribution", "", t);
    } else {
      add(target_, "Random", std::to_string(arg.empty() ? block_ : size(t, arg)), t);
    }
  }
  void stride(const Token& t, std::string_view arg) {
    if (!arg.empty() && arg[0] == 'i') {
      add(target_, "InterlockedSequential", "true", t);
      arg.remove_prefix(1);
    }
    add(target_, "StrideSize", std::to_string(arg.empty() ? block_ : size(t, arg)), t);
  }
  void bounds(const Token& t, std::string_view arg) {
    const std::size_t colon = arg.find(':');
    const std::uint64_t base = size(t, arg.substr(0, colon));
    add(target_, "BaseFileOffset", std::to_string(base), t);
    if (colon != std::string_view::npos) {
      const std::uint64_t length = size(t, arg.substr(colon + 1));
      if (base + length < base) refuse(t, "base and length past the largest offset");
      add(target_, "MaxFileSize", std::to_string(base + length), t);
    }
  }
  void max_offset_or_hints(const Token& t, std::string_view arg) {
    if (!arg.empty() && std::isdigit(static_cast<unsigned char>(arg[0])) != 0) {
      add(target_, "MaxFileSize", std::to_string(size(t, arg)), t);
      return;
    }
    if (arg.empty()) refuse(t, "expected -f with a size, or with r, s or t");
    for (const char h : arg) {
      if (h == 'r')
        add(target_, "RandomAccess", "true", t);
      else if (h == 's')
        add(target_, "SequentialScan", "true", t);
      else if (h == 't')
        add(target_, "TemporaryFile", "true", t);
      else
        refuse(t, "expected -f with a size, or with r, s or t");
    }
  }
  void throughput(const Token& t, std::string_view arg) {
    const bool iops = !arg.empty() && arg.back() == 'i';
    if (iops) arg.remove_suffix(1);
    if (!digits_only(arg) || arg.find_first_not_of('0') == std::string_view::npos)
      refuse(t, "expected a rate above 0: bytes per millisecond, or IOPS with i");
    XmlElement& e = add(target_, "Throughput", std::string(arg), t);
    if (iops) e.attributes.emplace_back("unit", "IOPS");
  }
  // -a and -ag: round-robin over every CPU, DiskSpd's default; -a0,1 and -ag0,0,1,g1,0: the CPUs
  // listed, each in the group named before it (group 0 unless one is).
  void affinity(const Token& t, std::string_view arg) {
    if (arg.empty() || arg == "g") return;
    if (affinity_ == nullptr) affinity_ = element("Affinity", "", t, "-a");
    std::string group = "0";
    std::size_t from = 0;
    while (from <= arg.size()) {
      const std::size_t comma = std::min(arg.find(',', from), arg.size());
      std::string_view item = arg.substr(from, comma - from);
      const bool is_group = !item.empty() && item[0] == 'g';
      if (is_group) item.remove_prefix(1);
      if (!digits_only(item) || item.size() > 5)
        refuse(t,
               "expected CPU numbers, each group named as gN before its CPUs: -a0,1 or -ag0,0,1");
      if (is_group) {
        group = std::string(item);
      } else {
        XmlElement& e = add(*affinity_, "AffinityGroupAssignment", "", t, "-a");
        e.attributes = {{"Group", group}, {"Processor", std::string(item)}};
      }
      from = comma + 1;
    }
  }
  void write_buffers(const Token& t, std::string_view arg) {
    if (arg == "r") {
      add(span_, "RandomWriteData", "true", t);
      return;
    }
    XmlElement& content = add(target_, "WriteBufferContent", "", t);
    if (arg.empty()) {
      add(content, "Pattern", "zero", t);
      return;
    }
    const std::size_t comma = arg.find(',');
    const std::uint64_t bytes = size(t, arg.substr(0, comma));
    if (bytes == 0) refuse(t, "a write buffer of 0 bytes");
    add(content, "Pattern", "random", t);
    XmlElement& source = add(content, "RandomDataSource", "", t);
    add(source, "SizeInBytes", std::to_string(bytes), t);
    if (comma != std::string_view::npos)
      add(source, "FilePath", std::string(arg.substr(comma + 1)), t);
  }

  void refuse_device(const Token& t) const {
    const std::string& p = t.text;
    if (!p.empty() && p[0] == '#')
      refuse(t.column, "target",
             "a physical disk (#N): iogate tests a file in its datastore's scratch area, never a "
             "device");
    if (p.size() == 2 && p[1] == ':')
      refuse(t.column, "target",
             "a volume (a drive letter): iogate tests a file in its datastore's scratch area, "
             "never a device");
    if (p.rfind("\\\\.\\", 0) == 0 || p.rfind("//./", 0) == 0)
      refuse(t.column, "target", "a device path: iogate tests a file, never a device");
  }

  const std::filesystem::path& path_;
  int line_;
  bool quotable_;
  std::vector<Token> tokens_;
  std::size_t line_text_end_ = 1;
  std::uint64_t block_ = kDefaultBlock;
  XmlElement span_;    // the elements of the line's time spans, but their <Targets>
  XmlElement target_;  // the elements of each <Target>, but its <Path>
  std::unique_ptr<XmlElement> affinity_;
  const Token* random_ratio_ = nullptr;
};

}  // namespace

bool looks_like_xml(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '<';
}

CommandLines parse_command_lines(std::string_view text, const std::filesystem::path& path,
                                 bool quotable) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  CommandLines out;
  XmlInput& input = out.input;
  input.quotable = quotable;
  input.command_lines = true;
  input.root = std::make_unique<XmlElement>();
  input.root->name = "Profile";
  input.root->line = 1;
  auto spans = std::make_unique<XmlElement>();
  spans->name = "TimeSpans";
  spans->line = 1;
  std::size_t commands = 0;
  int line = 0;
  for (std::size_t from = 0; from < text.size();) {
    const std::size_t end = std::min(text.find('\n', from), text.size());
    std::string_view one = text.substr(from, end - from);
    if (!one.empty() && one.back() == '\r') one.remove_suffix(1);
    from = end + 1;
    ++line;
    try {
      LineReader reader(path, line, quotable);
      if (!reader.is_command(one)) continue;
      if (++commands > kMaxDiskspdLines)
        throw ThresholdError(SourceLocation{path, line, 1}, "",
                             fmt::format("more than {} diskspd lines", kMaxDiskspdLines));
      reader.read(*spans);
    } catch (const ThresholdError& e) {
      out.refused = e;
      break;
    }
  }
  if (spans->children.empty() && !out.refused)
    throw ThresholdError(SourceLocation{path, 0, 0}, "",
                         "no diskspd command line (and not XML): nothing to import");
  input.root->children.push_back(std::move(spans));
  return out;
}

}  // namespace iogate::diskspd
