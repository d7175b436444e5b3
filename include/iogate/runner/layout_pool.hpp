// Test files laid out once and shared by the checks of one run (`iogate check`): a suite of N
// checks on the same file no longer writes the file N times.
//
// Which checks share. Only the `written` layout is worth sharing (fallocate and an empty file cost
// nothing) and only it survives a run unchanged (a preallocated or grown file is given its layout
// back before each run). Two checks share a file when their layout key is equal: the file's size
// and the size of the writes that laid it out (the check's block size: the size of those writes
// outlives the layout, iogate/datastore/scratch_area.hpp). kind = "integrity" checks never share.
// On top of the key, what the file has been through:
//   - pristine: laid out and only read since. A check that only reads (read = 100%) gets a
//     pristine file, so it reads what IOMeter or fio would read after their own layout.
//   - overwritten: a check that writes has run on it. Its blocks are all still written, but with
//     that check's writes; only a check that overwrites anyway gets it. A reading check that finds
//     only an overwritten file has it laid out again (the old one is removed first).
// Files are handed out in the order checks run, so the order of a threshold file decides how many
// layouts a run makes (vmware-community: one for the 32 KiB checks, one for the 8 KiB ones).
//
// Where. Each shared file lives in a scratch area of its own (iogate/datastore/scratch_area.hpp:
// its directory, marker, locking, cleanup on every exit path and the signal handler's removal all
// apply unchanged), kept alive by the pool between checks and removed when no check planned for
// the run needs it any more, when the pool is cleared or destroyed. It keeps at most kMaxFiles
// files (a process has a few scratch areas at once, cleanup_registry.hpp): one more removes the
// file of the smallest key first.
//
// Before a file is handed out again it is verified to be the one laid out: opened relative to its
// scratch directory's descriptor without following a symlink, a regular file with the device and
// inode recorded when it was laid out, its size, and its layout note (`<file>.layout`, written by
// the layout step and naming the key, the device, the inode and the process) unchanged. A file that
// fails is not used: the check is an error saying what differed, and the pool forgets the file
// (its scratch area is removed; a later check lays out a new one).
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

class LayoutPool {
 public:
  explicit LayoutPool(std::filesystem::path datastore);
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

  void clear();  // removes every file now (also done on destruction)
  std::size_t files() const { return entries_.size(); }
  int layouts_made() const { return layouts_made_; }

 private:
  struct Entry;
  // Lays the file out into `entry`; returns the seconds the layout took.
  double lay_out(const Check& check, const LayoutKey& key, const DatastorePolicy& policy,
                 Entry& entry);
  void verify(const Entry& entry) const;

  std::filesystem::path datastore_;
  std::map<LayoutKey, std::unique_ptr<Entry>> entries_;
  std::map<LayoutKey, int> users_left_;  // from plan(); absent: keep
  bool planned_ = false;
  int layouts_made_ = 0;
};

}  // namespace iogate
