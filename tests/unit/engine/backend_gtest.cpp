#include <fcntl.h>
#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "iogate/engine/io_backend.hpp"
#include "iogate_test/temp_dir.hpp"

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

// Sets IOGATE_DISABLE_ENGINES for one scope.
class DisabledEngines {
 public:
  explicit DisabledEngines(const char* list) { ::setenv("IOGATE_DISABLE_ENGINES", list, 1); }
  ~DisabledEngines() { ::unsetenv("IOGATE_DISABLE_ENGINES"); }
};

TEST(MakeBackend, AutoTakesTheFirstUsableInOrderOfPreference) {
  std::string expected = "psync";
  for (const char* name : {"libaio", "io_uring"}) {
    if (!backend_unavailable(name)) expected = name;
  }
  const BackendChoice choice = select_backend("auto");
  EXPECT_EQ(choice.backend->name(), expected);
  EXPECT_THAT(choice.note, HasSubstr(expected));
  EXPECT_EQ(make_backend("psync")->name(), "psync");
}

TEST(MakeBackend, AutoSaysWhyItPassedOverAnEngine) {
  const DisabledEngines disabled("io_uring");
  const BackendChoice choice = select_backend("auto");
  EXPECT_NE(choice.backend->name(), "io_uring");
  EXPECT_THAT(choice.note,
              HasSubstr("io_uring: unavailable (disabled by IOGATE_DISABLE_ENGINES); "));
  EXPECT_THAT(choice.note, HasSubstr("using "));
  EXPECT_THAT(choice.note, HasSubstr(std::string(choice.backend->name())));
}

TEST(MakeBackend, AutoFallsBackToPsyncWhenNothingElseIsUsable) {
  const DisabledEngines disabled("io_uring,libaio");
  const BackendChoice choice = select_backend("auto");
  EXPECT_EQ(choice.backend->name(), "psync");
  EXPECT_THAT(choice.note, HasSubstr("io_uring: unavailable"));
  EXPECT_THAT(choice.note, HasSubstr("libaio: unavailable"));
  EXPECT_THAT(choice.note, HasSubstr("using psync"));
}

TEST(MakeBackend, ANamedEngineThatIsUnusableIsAnErrorNotAFallback) {
  const DisabledEngines disabled("libaio");
  const std::string why = rejection("libaio");
  EXPECT_THAT(why, HasSubstr("engine \"libaio\" is not available"));
  EXPECT_THAT(why, HasSubstr("disabled by IOGATE_DISABLE_ENGINES"));
}

TEST(MakeBackend, UnknownEngineIsRejectedByNameWithTheKnownOnes) {
  const std::string unknown = rejection("posixaio");
  EXPECT_THAT(unknown, HasSubstr("unknown engine \"posixaio\""));
  for (const char* name : {"\"psync\"", "\"io_uring\"", "\"libaio\"", "\"auto\""}) {
    EXPECT_THAT(unknown, HasSubstr(name));
  }
}

// What `iogate --version` lists: every engine "auto" may take, each either built in or said not
// to be by the probe, and psync always usable.
TEST(EngineNames, AreAutosOrderAndAgreeWithTheBuildGate) {
  const auto names = engine_names();
  ASSERT_EQ(std::vector<std::string_view>(names.begin(), names.end()),
            (std::vector<std::string_view>{"io_uring", "libaio", "psync"}));
  for (const std::string_view name : names) {
    if (!engine_built_in(name)) {
      ASSERT_TRUE(backend_unavailable(name).has_value()) << name;
      EXPECT_THAT(*backend_unavailable(name), HasSubstr("not built in")) << name;
    }
  }
  EXPECT_TRUE(engine_built_in("psync"));
  EXPECT_EQ(backend_unavailable("psync"), std::nullopt);
  EXPECT_FALSE(engine_built_in("posixaio"));
}

TEST(IoUringBackend, SaysHowItsRingWasMadeAndWhatItRegistered) {
  if (const auto why = backend_unavailable("io_uring")) GTEST_SKIP() << *why;
  const test::TempDir dir;
  const auto path = dir.make_file("data", 8192);
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  std::vector<std::byte> reads(8192), writes(8192, std::byte{'w'});
  const auto backend = make_backend("io_uring");
  // direct = true asks for registered buffers (the file itself is buffered: the test is about
  // the registration, not the cache).
  backend->setup(
      {.fd = fd, .depth = 2, .direct = true, .read_buffers = reads, .write_buffers = writes});
  // Either the flags fio asks for, or the ones the kernel refused by name.
  EXPECT_THAT(backend->setup_note(),
              ::testing::MatchesRegex("ring(: single issuer, deferred task work|without IORING_.*)"
                                      "; .*registered.*"));

  // Through the registered buffers, from an offset inside them (a short transfer's remainder).
  IoRequest write{IoDirection::write, 0, 4096, writes.data() + 4096};
  ASSERT_EQ(backend->submit(write), SubmitStatus::queued);
  backend->commit();
  std::array<IoRequest*, 2> done{};
  ASSERT_EQ(backend->reap(done, 1), 1u);
  EXPECT_EQ(write.result, 4096);
  IoRequest read{IoDirection::read, 0, 4096, reads.data() + 4096};
  ASSERT_EQ(backend->submit(read), SubmitStatus::queued);
  ASSERT_EQ(backend->reap(done, 1), 1u);  // reap sends what was not committed yet
  EXPECT_EQ(read.result, 4096);
  EXPECT_EQ(std::memcmp(reads.data() + 4096, writes.data() + 4096, 4096), 0);
  backend->release();
  ::close(fd);
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
  backend->setup({.fd = fd, .depth = 1, .direct = false, .read_buffers = {}, .write_buffers = {}});

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
