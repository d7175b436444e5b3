#include "layout_pool.hpp"

#include "datastore/marker.hpp"
#include "scratch_file_io.hpp"
#include "seconds_since.hpp"

#include <charconv>
#include <chrono>
#include <iostream>
#include <stdexcept>
#include <system_error>
#include <utility>

#include <fmt/format.h>

namespace iogate {
namespace {

namespace fs = std::filesystem;

using detail::read_small;
using detail::write_small;
using Found = detail::ScratchFileInfo::Found;

bool only_reads(const Check& check) { return check.workload.read_pct >= 100.0; }

// A note's blocks are reserved before the test file's, at this size: every note fits, whatever
// its check names (the file's, the check it was laid out for, the one that overwrote it).
constexpr std::size_t kNoteReserve = 4096;
static_assert(256 + 3 * kMaxCheckNameLength < kNoteReserve);

// The note's last line, "state <what the file has been through>": written and read by these.
constexpr std::string_view kStateLine = "state ";
constexpr std::string_view kPristine = "pristine";
constexpr std::string_view kOverwrittenBy = "overwritten by ";

// "layout <suite>", then the key: the label a run's kept area is found by.
std::string suite_label(const std::string& suite) { return "layout " + suite; }
std::string key_label(const std::string& suite, const LayoutKey& key) {
  return fmt::format("{} {} {}", suite_label(suite), key.file_size, key.write_size);
}

// The value of the note's line "<name> <value>"; empty when absent.
std::string note_value(std::string_view note, std::string_view name) {
  std::size_t at = 0;
  while (at < note.size()) {
    const std::size_t end = std::min(note.find('\n', at), note.size());
    const std::string_view line = note.substr(at, end - at);
    if (line.size() > name.size() && line.starts_with(name) && line[name.size()] == ' ')
      return std::string(line.substr(name.size() + 1));
    at = end + 1;
  }
  return {};
}

template <class T>
std::optional<T> number(std::string_view text) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

struct LayoutPool::Entry {
  std::unique_ptr<ScratchArea> area;
  std::string name;
  std::uint64_t size = 0;
  std::uint64_t device = 0;  // where it was laid out (scratch_file_io.hpp)
  std::uint64_t file_id = 0;
  std::string note;  // what <name>.layout holds
  std::string laid_out_for;
  bool overwritten = false;
  fs::path path() const { return area->dir() / name; }
};

std::optional<LayoutKey> shared_layout_key(const Check& check) {
  const WorkloadSpec& w = check.workload;
  if (w.layout != FileLayout::written || w.kind != WorkloadKind::mixed || w.file_size == 0)
    return std::nullopt;
  return LayoutKey{w.file_size, layout_write_size_of(w)};
}

LayoutPool::LayoutPool(fs::path datastore, std::optional<RunSharing> run)
    : datastore_(std::move(datastore)), run_(std::move(run)) {}

LayoutPool::~LayoutPool() {
  if (run_)
    entries_.clear();  // kept for the run's later processes
  else
    clear();
}

void LayoutPool::plan(const std::vector<Check>& checks) {
  users_left_.clear();
  for (const Check& check : checks)
    if (const auto key = shared_layout_key(check)) ++users_left_[*key];
  planned_ = true;
}

void LayoutPool::clear(const DatastorePolicy& policy) {
  while (!entries_.empty()) discard(entries_.begin());
  if (!run_) return;
  try {
    for (const auto& area : ScratchArea::adopt(datastore_, policy, run_->owner, "layout"))
      area->remove();
  } catch (const std::exception& e) {
    std::cerr << "iogate: removing the test files kept for the run on " << datastore_.string()
              << ": " << e.what() << '\n';
  }
}

void LayoutPool::discard(Entries::iterator it) {
  ScratchArea& area = *it->second->area;
  try {
    area.remove();
  } catch (const std::exception& e) {
    std::cerr << "iogate: removing shared test file area " << area.dir().string() << ": "
              << e.what() << '\n';
  }
  entries_.erase(it);
}

int LayoutPool::remove_kept(const fs::path& datastore, const DatastorePolicy& policy,
                            const RunSharing& run) {
  int removed = 0;
  for (const auto& area :
       ScratchArea::adopt(datastore, policy, run.owner, suite_label(run.suite))) {
    area->remove();
    ++removed;
  }
  return removed;
}

bool LayoutPool::shares(const Check& check) const {
  const std::optional<LayoutKey> key = shared_layout_key(check);
  if (!key) return false;
  if (!planned_ || entries_.count(*key) != 0) return true;
  const auto left = users_left_.find(*key);
  return left != users_left_.end() && left->second > 1;
}

LayoutLease LayoutPool::acquire(const Check& check, const DatastorePolicy& policy) {
  const std::optional<LayoutKey> key = shared_layout_key(check);
  if (!key) throw std::logic_error("check \"" + check.name + "\" lays out its own file");
  auto it = entries_.find(*key);
  if (it == entries_.end() && run_) it = take_over(*key, policy);
  if (it != entries_.end()) {
    Entry& entry = *it->second;
    if (!entry.overwritten || !only_reads(check)) {
      try {
        verify(entry);
        if (!only_reads(check) && !entry.overwritten) mark_overwritten(entry, check);
      } catch (...) {
        discard(it);  // not handed out again either
        throw;
      }
      return {FileRef(entry.area->dir_handle(), entry.name, entry.path()), 0, entry.laid_out_for};
    }
    discard(it);  // overwritten, and this check reads what a layout left: lay it out again
  }
  auto entry = std::make_unique<Entry>();
  const double took = lay_out(check, *key, policy, *entry);
  if (!only_reads(check)) mark_overwritten(*entry, check);
  ++layouts_made_;
  Entry& made = *entries_.emplace(*key, std::move(entry)).first->second;
  return {FileRef(made.area->dir_handle(), made.name, made.path()), took, check.name};
}

double LayoutPool::lay_out(const Check& check, const LayoutKey& key, const DatastorePolicy& policy,
                           Entry& entry) {
  if (entries_.size() >= kMaxFiles) discard(entries_.begin());
  const AreaOwner owner = run_ ? AreaOwner{run_->owner, key_label(run_->suite, key)} : AreaOwner{};
  try {
    entry.area = std::make_unique<ScratchArea>(datastore_, key.file_size, policy, owner);
  } catch (const InsufficientSpace&) {
    if (entries_.empty() && !run_) throw;
    clear(policy);  // the files kept for later checks are laid out again when those come
    entry.area = std::make_unique<ScratchArea>(datastore_, key.file_size, policy, owner);
  }
  // Named as a check's own file is: after the check it is laid out for (messages, a device error
  // at an offset of it, read the same as before sharing).
  entry.name = check.name + ".dat";
  entry.size = key.file_size;
  entry.laid_out_for = check.name;
  // The note's blocks are taken before the test file's: a datastore that fills up during the
  // layout then fails the layout itself, never the note written after it (whose final text,
  // with the file's inode, is shorter than this reservation and overwrites it in place).
  const std::string note_name = entry.name + ".layout";
  const fs::path note_path = entry.area->dir() / note_name;
  entry.area->preallocate(note_name, 0, FileLayout::grown);
  write_small(entry.area->dir_handle(), note_name, std::string(kNoteReserve, '\n'), note_path);
  // Timed as CheckSession times its own: the layout, not the wait for the datastore's lock.
  const auto started = std::chrono::steady_clock::now();
  entry.area->preallocate(entry.name, key.file_size, FileLayout::written, key.write_size);
  const detail::ScratchFileInfo laid =
      detail::look_at(entry.area->dir_handle(), entry.name, entry.path());
  if (laid.found != Found::file)
    throw std::runtime_error(entry.path().string() + ": not a regular file after its layout");
  entry.device = laid.device;
  entry.file_id = laid.file_id;
  entry.note = fmt::format(
      "iogate layout 1\nfile {}\nsize {}\nwrite_size {}\ndevice {}\ninode {}\npid {}\n"
      "laid out for {}\n{}{}\n",
      entry.name, key.file_size, key.write_size, detail::device_text(laid.device), laid.file_id,
      detail::this_process(), check.name, kStateLine, kPristine);
  write_small(entry.area->dir_handle(), note_name, entry.note, note_path);
  // Complete: from here it stays for the run's later processes (before, an interrupted layout
  // takes its partial file away with it).
  if (run_) entry.area->keep();
  return seconds_since(started);
}

void LayoutPool::verify(const Entry& entry) const {
  const fs::path path = entry.path();
  const auto refuse = [&](const std::string& what) {
    throw std::runtime_error(
        fmt::format("shared test file {} is not the one laid out for {} ({}): not used",
                    path.string(), entry.laid_out_for, what));
  };
  const detail::ScratchFileInfo now = detail::look_at(entry.area->dir_handle(), entry.name, path);
  if (now.found == Found::missing) refuse("it is gone");
  if (now.found == Found::link) refuse("a symlink");
  if (now.found != Found::file) refuse("not a regular file");
  if (now.device != entry.device || now.file_id != entry.file_id)
    refuse(fmt::format("device:inode {}/{} where {}/{} was laid out",
                       detail::device_text(now.device), now.file_id,
                       detail::device_text(entry.device), entry.file_id));
  if (now.size != entry.size)
    refuse(fmt::format("{} bytes where {} were laid out", now.size, entry.size));
  const std::string note_name = entry.name + ".layout";
  if (read_small(entry.area->dir_handle(), note_name, entry.area->dir() / note_name) != entry.note)
    refuse("its layout note " + note_name + " changed");
}

void LayoutPool::mark_overwritten(Entry& entry, const Check& by) {
  // Before the check writes: a later process must not take a file a writer has been on for
  // pristine, even when this one dies mid-run.
  const std::size_t state = entry.note.rfind(kStateLine);
  if (state == std::string::npos) throw std::logic_error("layout note without a state line");
  std::string note = entry.note.substr(0, state) + std::string(kStateLine) +
                     std::string(kOverwrittenBy) + by.name + "\n";
  const std::string note_name = entry.name + ".layout";
  write_small(entry.area->dir_handle(), note_name, note, entry.area->dir() / note_name);
  entry.note = std::move(note);
  entry.overwritten = true;
}

LayoutPool::Entries::iterator LayoutPool::take_over(const LayoutKey& key,
                                                    const DatastorePolicy& policy) {
  std::vector<std::unique_ptr<ScratchArea>> areas =
      ScratchArea::adopt(datastore_, policy, run_->owner, key_label(run_->suite, key));
  if (areas.empty()) return entries_.end();
  for (std::size_t i = 1; i < areas.size(); ++i) areas[i]->remove();  // one is all a key needs
  auto entry = std::make_unique<Entry>();
  entry->area = std::move(areas.front());
  entry->area->keep();
  entry->size = key.file_size;
  // Its note says which file it is and what it has been through; the checks verify() makes
  // before handing it out hold the file to what the note says.
  for (const std::string& file : entry->area->files()) {
    if (!file.ends_with(".dat.layout")) continue;
    entry->name = file.substr(0, file.size() - std::string_view(".layout").size());
    entry->note = read_small(entry->area->dir_handle(), file, entry->area->dir() / file);
  }
  const auto device = detail::parse_device_text(note_value(entry->note, "device"));
  const auto inode = number<std::uint64_t>(note_value(entry->note, "inode"));
  entry->laid_out_for = note_value(entry->note, "laid out for");
  const std::string state = note_value(entry->note, "state");
  const bool whole = !entry->name.empty() && device && inode &&
                     note_value(entry->note, "size") == std::to_string(key.file_size) &&
                     note_value(entry->note, "write_size") == std::to_string(key.write_size) &&
                     !entry->laid_out_for.empty() &&
                     (state == kPristine || state.starts_with(kOverwrittenBy));
  if (!whole) {
    // Half made (a layout that was cut short leaves no note) or not a layout at all.
    entry->area->remove();
    return entries_.end();
  }
  entry->device = *device;
  entry->file_id = *inode;
  entry->overwritten = state != kPristine;
  return entries_.emplace(key, std::move(entry)).first;
}

void LayoutPool::release(const Check& check) {
  const std::optional<LayoutKey> key = shared_layout_key(check);
  if (!key || !planned_) return;
  const auto left = users_left_.find(*key);
  if (left == users_left_.end() || --left->second > 0) return;
  users_left_.erase(left);
  if (const auto it = entries_.find(*key); it != entries_.end()) discard(it);
}

}  // namespace iogate
