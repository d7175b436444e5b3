#include "common/platform_fallbacks.hpp"

#include <string>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace iogate::detail {
namespace {

using ::testing::ElementsAre;

TEST(PlatformFallbacks, AWindowHoldsWhatWasNotedSinceItOpenedEachOnceInOrder) {
  note_fallback("before the window");
  const FallbackWindow window;
  EXPECT_TRUE(window.noted().empty());
  note_fallback("flock: Function not implemented; a lock file");
  note_fallback("statx: Function not implemented; 512 bytes");
  note_fallback("flock: Function not implemented; a lock file");
  EXPECT_THAT(window.noted(), ElementsAre("flock: Function not implemented; a lock file",
                                          "statx: Function not implemented; 512 bytes"));
  const FallbackWindow next;
  note_fallback("statx: Function not implemented; 512 bytes");
  EXPECT_THAT(next.noted(), ElementsAre("statx: Function not implemented; 512 bytes"));
}

TEST(PlatformFallbacks, WorkersNoteFromTheirOwnThreads) {
  const FallbackWindow window;
  std::vector<std::thread> workers;
  for (int i = 0; i < 8; ++i)
    workers.emplace_back([i] {
      for (int n = 0; n < 100; ++n) note_fallback("worker " + std::to_string(i % 2));
    });
  for (std::thread& t : workers) t.join();
  EXPECT_THAT(window.noted(), ::testing::UnorderedElementsAre("worker 0", "worker 1"));
}

}  // namespace
}  // namespace iogate::detail
