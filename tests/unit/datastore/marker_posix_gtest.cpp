// The marker's questions about this machine, POSIX side.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "marker.hpp"

namespace iogate::detail {
namespace {

TEST(Marker, ProcessAliveTellsLiveFromReaped) {
  EXPECT_TRUE(process_alive(getpid()));
  EXPECT_TRUE(process_alive(1));  // init: alive, even where we may not signal it
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) _exit(0);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_FALSE(process_alive(child));
}

TEST(Marker, ThisHostIsTheHostName) {
  char name[256] = {};
  ASSERT_EQ(gethostname(name, sizeof name - 1), 0);
  EXPECT_EQ(this_host(), name);
}

}  // namespace
}  // namespace iogate::detail
