// The scratch area: the only place iogate writes.
//
// Inside a datastore directory it makes `iogate-scratch-<random>` (mode 0700) holding a marker file
// `.iogate-scratch` (naming iogate, the pid and the host) and the test files it preallocates. It
// removes only what it created, in reverse order, on destruction and — through an
// async-signal-safe registry of their names and directory descriptors — on SIGINT and SIGTERM,
// after which the signal's previous disposition runs (by default: the process dies of that
// signal). A scratch directory left by a crashed run (marker present, owning pid no longer alive on
// this host) is removed by the next ScratchArea on that datastore; a directory without the marker,
// whose owner is still running or on another host, or holding a subdirectory iogate never makes, is
// never touched. Symlinks are never followed: entries are removed with unlinkat on the names iogate
// made (a symlink inside a stale scratch directory is unlinked itself, its target left alone), and
// test files are created with O_EXCL|O_NOFOLLOW so a planted name is refused. Nothing is ever
// deleted recursively: a scratch directory that somebody else put files into is left in place, with
// a note on stderr.
//
// Everything inside the datastore goes through descriptors, never through a path string: the
// datastore is opened once (O_DIRECTORY) and checked (DatastorePolicy), the scratch directory is
// made with mkdirat, opened with openat(O_DIRECTORY|O_NOFOLLOW) and proven to be the one just made
// (src/datastore/scratch_identity.hpp) before anything is written; the marker and the test files
// are created with openat, fchmod/fallocate work on their descriptors, removal uses unlinkat (the
// signal handler too), and the engine opens the test file relative to dir_handle(). A user who can
// rename entries in the datastore can make a run fail, never send a byte elsewhere. So a datastore
// unmounted (umount -l) or moved mid-run is also cleaned on its own filesystem and nothing now
// under the old path is touched (a note on stderr says so). The marker is fsync'ed before any
// test file exists: after a crash of the filesystem itself, a leftover directory still names its
// dead owner and the next run removes it.
//
// A scratch area is this process's by default: its marker names this pid and it goes with this
// object. One kept for a run of several processes (the checks of one ctest run, each a process of
// its own, sharing a laid-out test file: runner/layout_pool.hpp) names the process that
// started them all instead (AreaOwner): it outlives the process that made it (keep()), a later
// process of the run takes it over (adopt()) and removes it, and once that owner has died the
// next run on the datastore removes it like any leftover of a dead run. A signal still removes it
// at once: the run it was kept for is being stopped.
//
// While it exists, a ScratchArea holds an exclusive flock(2) on the datastore directory (see
// src/datastore/datastore_lock_posix.hpp): a scratch area of another process on the same datastore
// waits until this one is gone, so the checks of two ctest runs, or of ctest and `iogate check`,
// never overlap. Scratch areas of one process share the lock.
//
// On Windows (src/datastore/scratch_area_windows.cpp, docs/windows.md) the same promises are kept
// with handles: the directory is created relative to the datastore's handle with a DACL for its
// owner alone and held so that nobody can rename it, reparse points are never followed, the lock
// is a named mutex, and Ctrl-C, Ctrl-Break and the console closing stop gracefully. adopt() is
// not available there (std::runtime_error): each check lays out its own file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "iogate/engine/native_handle.hpp"
#include "iogate/engine/workload.hpp"

namespace iogate {

namespace detail {
class DatastoreLock;
// Ends a DatastoreLock where its platform's type is known, so the scratch area's life is written
// once over the name alone (src/datastore/scratch_area_platform.hpp).
struct DatastoreLockRelease {
  void operator()(DatastoreLock* lock) const noexcept;
};
}  // namespace detail

// A datastore iogate will not use (it is missing, not a directory, not safe for root, not a mount
// point when one is required); what() names it and says what to do.
class DatastoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a ScratchArea demands of its datastore (README, "Pointing it at a real datastore").
struct DatastorePolicy {
  // Create the datastore (with its parents) when it is missing. Only for a build tree's own
  // default `<build dir>/datastore`: a datastore somebody named must exist, so an array that is not
  // mounted is an error rather than a silent measurement of the root disk.
  bool create_if_missing = false;
  // Run as root on a datastore another user owns or may rename entries in (or whose parents are
  // so), the ssh StrictModes rule of src/datastore/datastore_trust.hpp. Off: DatastoreError.
  bool allow_shared = false;
  // The datastore must be the root of a mount of its own (a different device from its parent, or
  // a mount point in /proc/self/mountinfo), so "not mounted" is an error.
  bool require_mount = false;
  // The datastore's filesystem must be of this type ("xfs", as /proc/self/mountinfo names it),
  // and it must sit on this block device (a path: /dev/sdb1, /dev/disk/by-id/..., /dev/mapper/...,
  // compared by device number, so any name of the device will do). Empty: anything. The host
  // that was upgraded has the array at the same path; when it comes up unmounted, or another
  // disk is mounted there, the gate says so instead of measuring it.
  std::string require_filesystem{};
  std::string require_device{};
};

// Checks `datastore` as a ScratchArea would before writing, without writing or creating anything
// (a missing one passes when policy.create_if_missing): for a front end that wants to refuse before
// its first check. Throws DatastoreError, or std::system_error naming the path for an I/O error.
void check_datastore(const std::filesystem::path& datastore, const DatastorePolicy& policy);

// The free space a ScratchArea demands for `bytes_needed` of test files: 10% more, so a run never
// fills the filesystem to the brim (saturates instead of overflowing).
std::uint64_t space_required(std::uint64_t bytes_needed);

// what(): "datastore /x: needs 1.1 GiB free (1.0 GiB for the test files + 10%), has 300.0 MiB".
class InsufficientSpace : public std::runtime_error {
 public:
  InsufficientSpace(const std::filesystem::path& datastore, std::uint64_t needed,
                    std::uint64_t available);
  std::uint64_t needed() const { return needed_; }  // the test files' bytes, without the margin
  std::uint64_t required() const { return space_required(needed_); }
  std::uint64_t available() const { return available_; }

 private:
  std::uint64_t needed_;
  std::uint64_t available_;
};

struct FreeSpace {
  std::uint64_t available = 0;  // bytes an unprivileged writer may use
  std::uint64_t capacity = 0;
};
FreeSpace free_space(const std::filesystem::path& dir);  // std::system_error naming dir
FreeSpace free_space(NativeHandle dir, const std::filesystem::path& shown);  // of the open dir

// Whom a scratch area is kept for (see the top of this file).
struct AreaOwner {
  ProcessId pid = 0;  // the process that started the run; 0: this process
  std::string label;  // one line of the marker (no '\n'), by which the run's processes find it
};

class ScratchArea {
 public:
  // Waits (no timeout; noted once on stderr) while another process has a scratch area on the
  // datastore; a stop request (SIGINT/SIGTERM in graceful mode) ends the wait with
  // iogate::Interrupted. Refuses (InsufficientSpace, nothing written) unless the datastore has
  // bytes_needed plus 10% free, counted with the lock held and after stale scratch directories
  // are gone. A missing datastore is a DatastoreError unless policy.create_if_missing (then it is
  // created only once the space check passed); see DatastorePolicy for the other refusals.
  // With an `owner` other than this process, the marker names that owner and the label.
  ScratchArea(const std::filesystem::path& datastore, std::uint64_t bytes_needed,
              const DatastorePolicy& policy = {}, const AreaOwner& owner = {});
  ~ScratchArea();
  ScratchArea(const ScratchArea&) = delete;
  ScratchArea& operator=(const ScratchArea&) = delete;

  const std::filesystem::path& datastore() const { return datastore_; }
  const std::filesystem::path& dir() const { return dir_; }  // for messages and reading only
  // The scratch directory, held open (a descriptor on POSIX, a HANDLE on Windows): create and
  // open anything in it relative to this.
  NativeHandle dir_handle() const { return dir_handle_; }

  // How a test file gets its blocks is the workload's FileLayout (iogate/engine/workload.hpp).
  // `preallocated` reserves them (fallocate) without writing, enough for a workload that only
  // writes. A workload that reads needs `written`: extents that were only reserved read back as
  // zeros without the filesystem touching the device, so a read test would time the kernel, not
  // the disk. `grown` gives it none: the file is created at size 0 and the run's writes grow it.

  // Creates `name` in the scratch dir at `size` bytes, allocated on disk (fallocate where the
  // filesystem has it, else written through; with FileLayout::written always written; with
  // FileLayout::grown at 0 bytes, nothing allocated: the free space was counted for `size` all the
  // same), fsyncs it and returns its path. `name` must be a plain file name (std::invalid_argument
  // otherwise); an existing entry of that name, symlink or not, is refused (std::system_error,
  // EEXIST) and left as it was. On failure (ENOSPC included) the partial file is removed. At most
  // 64 files per scratch area. The path is for messages: open the file as FileRef(dir_handle(),
  // name, path). FileLayout::written writes it through the page cache in writes of `write_size`
  // bytes (the workload's block size: how fio lays out a file, and the file performs after it the
  // way it was written).
  std::filesystem::path preallocate(const std::string& name, std::uint64_t size,
                                    FileLayout layout = FileLayout::preallocated,
                                    std::uint64_t write_size = 1024 * 1024);

  // Gives `name`, a file preallocate() made, its layout back after a run wrote into it, so that
  // every run of a repeated check starts from the same file: FileLayout::grown truncates it to 0,
  // FileLayout::preallocated truncates it and reserves `size` again (unwritten extents once more),
  // FileLayout::written leaves it as it is (its blocks are still written). Then fsync. Opened
  // relative to dir_handle() never following a link; a name preallocate() did not make is a
  // std::logic_error.
  void restore(const std::string& name, std::uint64_t size, FileLayout layout) const;

  // Removes everything created so far; idempotent, and a retry after a failure resumes. Throws
  // std::system_error on an unexpected failure; the destructor calls it and reports to stderr.
  void remove();

  // For an area kept for another process (AreaOwner): from now on this object's end leaves the
  // area in place for the owner's later processes; a signal still removes it. remove() still
  // removes it. std::logic_error for an area of this process's own.
  void keep();

  // The areas on `datastore` kept for `owner` (on this host) whose label is `label_prefix` or
  // starts with it and a space (whole words: "layout q" is not a prefix of "layout quick"), taken
  // over by this process: each is verified to be a directory of this
  // process's user, mode 0700, on the datastore's filesystem, with a marker naming that owner and
  // holding regular files only; anything else is left alone. Their files count as created by
  // preallocate() (files()), and they are removed with the object unless keep() is called again.
  // Opens and checks the datastore as the constructor does (no space is demanded) and takes its
  // lock, so no other process is mid-check on it.
  static std::vector<std::unique_ptr<ScratchArea>> adopt(const std::filesystem::path& datastore,
                                                         const DatastorePolicy& policy,
                                                         ProcessId owner,
                                                         const std::string& label_prefix);
  // The names of the files in the area (made by preallocate() or found by adopt()), in order.
  std::vector<std::string> files() const;

  // Scratch directories of dead runs removed from `datastore` (called by the constructor). Throws
  // if the datastore cannot be read; a stale directory that cannot be removed is reported on
  // stderr and skipped, so one unremovable leftover does not stop every later run.
  static std::vector<std::filesystem::path> remove_stale(const std::filesystem::path& datastore);
  static std::vector<std::filesystem::path> remove_stale(NativeHandle store,
                                                         const std::filesystem::path& datastore);

  static constexpr const char* kMarkerName = ".iogate-scratch";
  static constexpr const char* kDirPrefix = "iogate-scratch-";

 private:
  struct Adopting {};
  // Takes over the verified directory `name`, open as `dir`, holding `files` (adopt()).
  ScratchArea(Adopting, const std::filesystem::path& datastore, NativeHandle store,
              const std::string& name, NativeHandle dir, const std::vector<std::string>& files);

  void make_dir();
  void write_marker(const AreaOwner& owner);
  void remove_or_report() noexcept;
  void close_dirs() noexcept;

  std::filesystem::path datastore_;
  // Released after everything below is gone.
  std::unique_ptr<detail::DatastoreLock, detail::DatastoreLockRelease> lock_;
  std::filesystem::path dir_;
  std::vector<std::filesystem::path> created_;  // files, in creation order; dir_ last to go
  bool dir_made_ = false;                       // dir_ exists and is ours to rmdir
  bool marker_made_ = false;
  bool owned_elsewhere_ = false;  // the marker names another process (AreaOwner)
  bool kept_ = false;             // keep(): the object's end leaves the area in place
  int registry_slot_ = -1;
  // The datastore and dir_, held open: remove() works relative to them, so a datastore unmounted
  // (umount -l) or moved during the run is cleaned where iogate made things, never at whatever
  // the old path names now (e.g. the mount point's directory underneath).
  NativeHandle store_handle_ = kNoHandle;
  NativeHandle dir_handle_ = kNoHandle;
};

}  // namespace iogate
