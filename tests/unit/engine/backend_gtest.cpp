#include <fcntl.h>
#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "iogate/engine/io_backend.hpp"
#include "temp_dir.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

std::string rejection(std::string_view name) {
  try {
    (void)make_backend(name);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  ADD_FAILURE() << name << " was accepted";
  return {};
}

TEST(MakeBackend, PsyncAndAutoGivePsync) {
  EXPECT_EQ(make_backend("psync")->name(), "psync");
  EXPECT_EQ(make_backend("auto")->name(), "psync");
}

TEST(MakeBackend, UnbuiltAndUnknownEnginesAreRejectedByName) {
  EXPECT_THAT(rejection("io_uring"), HasSubstr("engine \"io_uring\" is not available"));
  EXPECT_THAT(rejection("libaio"), HasSubstr("\"libaio\""));
  const std::string unknown = rejection("posixaio");
  EXPECT_THAT(unknown, HasSubstr("unknown engine \"posixaio\""));
  EXPECT_THAT(unknown, HasSubstr("\"psync\""));
  EXPECT_THAT(unknown, HasSubstr("not built yet"));
}

TEST(PsyncBackend, KeepsOneIoInFlightWhateverTheRequest) {
  const auto backend = make_backend("psync");
  EXPECT_EQ(backend->max_in_flight(1), 1u);
  EXPECT_EQ(backend->max_in_flight(64), 1u);
}

TEST(PsyncBackend, WritesAndReadsAtTheOffsetAndReportsErrno) {
  const test::TempDir dir;
  const auto path = dir.make_file("data", 8192);
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  const auto backend = make_backend("psync");
  backend->setup(fd, 1);

  std::array<char, 512> out{};
  std::memset(out.data(), 'x', out.size());
  IoRequest write{IoDirection::write, 4096, 512, out.data()};
  EXPECT_EQ(backend->submit(write), SubmitStatus::completed);
  EXPECT_EQ(write.result, 512);
  backend->flush();

  std::array<char, 512> in{};
  IoRequest read{IoDirection::read, 4096, 512, in.data()};
  EXPECT_EQ(backend->submit(read), SubmitStatus::completed);
  EXPECT_EQ(read.result, 512);
  EXPECT_EQ(in, out);

  IoRequest past_end{IoDirection::read, 8192, 512, in.data()};
  EXPECT_EQ(backend->submit(past_end), SubmitStatus::completed);
  EXPECT_EQ(past_end.result, 0);  // end of file: the loop, not the backend, judges it
  ::close(fd);

  IoRequest closed{IoDirection::read, 0, 512, in.data()};
  EXPECT_EQ(backend->submit(closed), SubmitStatus::completed);
  EXPECT_EQ(closed.result, -EBADF);
  EXPECT_THROW(backend->flush(), std::system_error);
}

}  // namespace
}  // namespace iogate
