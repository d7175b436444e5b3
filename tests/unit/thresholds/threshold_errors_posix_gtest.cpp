// Threshold files that are not regular files on POSIX: a device that never ends, a FIFO that would
// block the read forever.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

ThresholdError error_of(const std::string& path) {
  try {
    load_threshold_file(path);
  } catch (const ThresholdError& e) {
    return e;
  }
  ADD_FAILURE() << "no ThresholdError was thrown";
  return ThresholdError({}, "", "");
}

// /dev/zero never ends: reading it whole died of std::bad_alloc.
TEST(ThresholdErrors, CharacterDeviceIsRefusedBeforeReading) {
  const ThresholdError e = error_of("/dev/zero");
  EXPECT_EQ(e.where().line, 0);
  EXPECT_EQ(std::string(e.what()),
            "/dev/zero: is a character device, expected a threshold file (TOML)");
}

// A FIFO without a writer would block the open, or the read, forever.
TEST(ThresholdErrors, FifoIsRefusedWithoutWaiting) {
  const std::string fifo = ::testing::TempDir() + "iogate_threshold_fifo";
  ::unlink(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const ThresholdError e = error_of(fifo);
  ::unlink(fifo.c_str());
  EXPECT_EQ(std::string(e.what()), fifo + ": is a FIFO, expected a threshold file (TOML)");
}

}  // namespace
}  // namespace iogate
