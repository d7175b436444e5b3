// The engine registry and io_uring on Linux: the engines "auto" tries and io_uring's ring.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <string_view>
#include <vector>

#include "iogate/engine/io_backend.hpp"
#include "iogate_test/native_file.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

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
  test::NativeFile file(path, test::Access::read_write);
  std::vector<std::byte> reads(8192), writes(8192, std::byte{'w'});
  const auto backend = make_backend("io_uring");
  // direct = true asks for registered buffers (the file itself is buffered: the test is about
  // the registration, not the cache).
  backend->setup({.file = file.get(),
                  .depth = 2,
                  .direct = true,
                  .read_buffers = reads,
                  .write_buffers = writes});
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
}

}  // namespace
}  // namespace iogate
