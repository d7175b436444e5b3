// The scratch area's platform primitives that its shared body (scratch_area.cpp) decides on, on
// every platform: making the directory says when a name is taken, and takes nothing of what that
// name holds.
#include "scratch_area_platform.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <optional>

#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

// The datastore held open and registered, as the scratch area holds it while it makes its
// directory.
class HeldStore {
 public:
  explicit HeldStore(const fs::path& path)
      : path_(path), handle_(detail::open_scratch_store(path, {}, 0)) {
    slot_ = detail::register_for_cleanup(handle_, path_);
  }
  ~HeldStore() {
    detail::release_cleanup(slot_);
    detail::close_handle(handle_);
  }
  HeldStore(const HeldStore&) = delete;
  HeldStore& operator=(const HeldStore&) = delete;

  NativeHandle handle() const { return handle_; }
  int slot() const { return slot_; }

 private:
  fs::path path_;
  NativeHandle handle_;
  int slot_ = -1;
};

TEST(ScratchAreaPlatform, MakingADirectorySaysWhenTheNameIsTakenAndLeavesItAsItWas) {
  const TempDir tmp;
  const std::string taken = std::string(ScratchArea::kDirPrefix) + "taken";
  fs::create_directory(tmp.path() / taken);
  std::ofstream(tmp.path() / taken / "theirs") << "not iogate's";
  const HeldStore store(tmp.path());

  EXPECT_EQ(detail::make_scratch_dir(store.handle(), taken, store.slot(), tmp.path() / taken),
            std::nullopt);
  EXPECT_TRUE(fs::exists(tmp.path() / taken / "theirs"));

  const std::string fresh = std::string(ScratchArea::kDirPrefix) + "fresh";
  const fs::path made_path = tmp.path() / fresh;
  std::optional<NativeHandle> made =
      detail::make_scratch_dir(store.handle(), fresh, store.slot(), made_path);
  ASSERT_TRUE(made.has_value());
  EXPECT_TRUE(fs::is_directory(made_path));
  EXPECT_TRUE(fs::is_empty(made_path));

  detail::remove_made_dir(store.handle(), *made, made_path);
  detail::forget_removed(store.slot(), detail::AreaEntry::dir);
  detail::close_handle(*made);
  EXPECT_FALSE(fs::exists(made_path));
  EXPECT_TRUE(fs::exists(tmp.path() / taken / "theirs"));
}

}  // namespace
}  // namespace iogate
