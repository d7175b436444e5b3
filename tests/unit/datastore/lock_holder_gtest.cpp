// Reading the holder of a datastore's flock from /proc/locks (lock_holder.hpp).
#include "lock_holder.hpp"

#include <gtest/gtest.h>
#include <sys/sysmacros.h>

namespace iogate {
namespace {

constexpr const char* kLocks =
    "1: POSIX  ADVISORY  WRITE 700 08:01:131074 0 EOF\n"
    "2: FLOCK  ADVISORY  WRITE 4242 fd:03:131074 0 EOF\n"
    "2: -> FLOCK  ADVISORY  WRITE 4343 fd:03:131074 0 EOF\n"
    "3: FLOCK  ADVISORY  WRITE 0 08:01:99 0 EOF\n"
    "4: OFDLCK ADVISORY  READ  -1 08:01:7 0 EOF\n";

TEST(LockHolder, FindsTheFlockOfThatDeviceAndInode) {
  // fd:03 is major 253, minor 3 in hex; the inode is decimal. A POSIX lock of the same inode on
  // another device, and the waiter ("->"), are not it.
  EXPECT_EQ(detail::flock_holder(kLocks, makedev(253, 3), 131074), 4242);
}

TEST(LockHolder, NothingWhenNoneMatchesOrThePidIsUnknown) {
  EXPECT_FALSE(detail::flock_holder(kLocks, makedev(8, 1), 131074));  // a POSIX lock only
  EXPECT_FALSE(detail::flock_holder(kLocks, makedev(8, 1), 99));      // pid 0: another namespace
  EXPECT_FALSE(detail::flock_holder(kLocks, makedev(8, 1), 12345));
  EXPECT_FALSE(detail::flock_holder("", makedev(8, 1), 99));
}

}  // namespace
}  // namespace iogate
