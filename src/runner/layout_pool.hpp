// Test files laid out once and shared by the checks of one run: a suite of N checks on the same
// file no longer writes the file N times. `iogate check` and a suite executable running several
// checks share within their process; under ctest, where each check is a process of its own, the
// checks of one ctest run share across processes (RunSharing below).
//
// Which checks share. Only the `written` layout is worth sharing (fallocate and an empty file cost
// nothing) and only it survives a run unchanged (a preallocated or grown file is given its layout
// back before each run). Two checks share a file when their layout key is equal: the file's size
// and the size of the writes that laid it out (layout_write_size_of(): the workload's
// layout_write_size, else its largest I/O; the size of those writes outlives the layout,
// iogate/engine/workload.hpp). kind = "integrity" checks never share. On top of the key, what the
// file has been through, recorded in its layout note so that a later process knows it too:
//   - pristine: laid out and only read since. A check that only reads (read = 100%) gets a
//     pristine file, so it reads what IOMeter or fio would read after their own layout (on a
//     copy-on-write filesystem or an SSD, random overwrites also rearrange where the blocks are).
//   - overwritten: a check that writes has run on it. Its blocks are all still written, but with
//     that check's writes; only a check that overwrites anyway gets it. A reading check that finds
//     only an overwritten file has it laid out again (the old one is removed first).
// Files are handed out in the order checks run, so the order of a threshold file decides how many
// layouts a run makes (vmware-community, whose checks name IOMeter's 64 KiB layout writes and read
// first: one; ctest runs a suite's checks in that order too, cmake/IogateAddSuite.cmake).
//
// Where. Each shared file lives in a scratch area of its own (iogate/datastore/scratch_area.hpp:
// its directory, marker, locking, cleanup on every exit path and the signal handler's removal all
// apply unchanged). Within a process the pool keeps it alive between checks and removes it when
// no check planned for the run needs it any more, when the pool is cleared or destroyed. Shared
// with a ctest run, the area is kept for the ctest process (AreaOwner): a later check's process
// takes it over by its label (`layout <suite> <file_size> <write_size>`), and the suite's
// `<suite>.layouts_cleanup` step (remove_kept()) removes it after the last check; should ctest be
// stopped first, a signal to the check removes it at once, and once ctest is gone the next run on
// the datastore removes it as a dead run's leftover. The pool keeps at most kMaxFiles files (a
// process has a few scratch areas at once, cleanup_registry.hpp): one more removes the file of the
// smallest key first.
//
// Before a file is handed out again it is verified to be the one laid out: opened relative to its
// scratch directory's descriptor without following a symlink, a regular file with the device and
// inode recorded when it was laid out, its size, and its layout note (`<file>.layout`, written by
// the layout step and naming the key, the device, the inode, the process and the state above)
// unchanged. A file that fails is not used: the check is an error saying what differed, and the
// pool removes the file (a later check lays out a new one).
#pragma once

#include <compare>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "iogate/datastore/scratch_area.hpp"
#include "iogate/engine/file_ref.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {

struct LayoutKey {
  std::uint64_t file_size = 0;
  std::uint64_t write_size = 0;  // the block size the layout wrote with
  auto operator<=>(const LayoutKey&) const = default;
};

// The key a check shares by; none for a check that lays out its own file.
std::optional<LayoutKey> shared_layout_key(const Check& check);

// A file the pool handed to one check.
struct LayoutLease {
  FileRef file;
  double layout_s = 0;       // the time this check spent laying it out; 0 when reused
  std::string laid_out_for;  // the check it was laid out for; this check's own name when new
};

// Sharing with the later processes of a run (see the top of this file).
struct RunSharing {
  ProcessId owner = 0;  // the process that started the run's processes: ctest
  std::string suite;  // a suite's files are its own: its checks find them, its cleanup removes them
};

class LayoutPool {
 public:
  explicit LayoutPool(std::filesystem::path datastore, std::optional<RunSharing> run = {});
  ~LayoutPool();
  LayoutPool(const LayoutPool&) = delete;
  LayoutPool& operator=(const LayoutPool&) = delete;

  // The checks the run will make, in order: a file is removed after the last of them that shares
  // it. Without a plan, files stay until clear().
  void plan(const std::vector<Check>& checks);

  // Whether `check` takes its file from the pool: a file for it is held, or the plan has another
  // check still to come that can share it (or there is no plan). A file no other check will use
  // is the check's own, made as before sharing existed: its layout note would be one more write
  // after the test file's blocks were reserved, which a full datastore can refuse mid-check.
  bool shares(const Check& check) const;

  // A file for `check` (shared_layout_key(check) must be set): reused when one fits, verified as
  // above, else laid out now in a scratch area made with `policy` (the check's demands on the
  // datastore). A new file's scratch area refuses like any (InsufficientSpace,
  // DatastoreError); when space is short while the pool holds other files, they are removed
  // first and the layout tried once more.
  LayoutLease acquire(const Check& check, const DatastorePolicy& policy);
  // `check` is done with its file: when no planned check still needs the file, it is removed.
  void release(const Check& check);

  static constexpr std::size_t kMaxFiles = 4;

  // Removes every file now, and with RunSharing every file kept for the run on the datastore
  // (any suite's: the room is what a check that calls this lacks; `policy` is what that check
  // demands of the datastore). Done on destruction too, but for files kept for a run, which stay
  // for its later processes.
  void clear(const DatastorePolicy& policy = {});

  // The files kept on `datastore` for the run started by `owner` for `suite`, removed (the
  // suite's cleanup step); returns how many. Refuses a datastore as a scratch area would
  // (`policy`).
  static int remove_kept(const std::filesystem::path& datastore, const DatastorePolicy& policy,
                         const RunSharing& run);
  std::size_t files() const { return entries_.size(); }
  int layouts_made() const { return layouts_made_; }

 private:
  struct Entry;
  // Lays the file out into `entry`; returns the seconds the layout took.
  double lay_out(const Check& check, const LayoutKey& key, const DatastorePolicy& policy,
                 Entry& entry);
  void verify(const Entry& entry) const;
  // With RunSharing: the file an earlier process of the run laid out for `key`, taken over into
  // entries_; end() when there is none (or what is there cannot be used, and was removed).
  using Entries = std::map<LayoutKey, std::unique_ptr<Entry>>;
  Entries::iterator take_over(const LayoutKey& key, const DatastorePolicy& policy);
  void discard(Entries::iterator it);  // removes the entry's file and area
  void mark_overwritten(Entry& entry, const Check& by);

  std::filesystem::path datastore_;
  std::optional<RunSharing> run_;
  Entries entries_;
  std::map<LayoutKey, int> users_left_;  // from plan(); absent: keep
  bool planned_ = false;
  int layouts_made_ = 0;
};

}  // namespace iogate
