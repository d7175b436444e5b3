#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "iogate/engine/io_backend.hpp"
#include "iogate_test/native_file.hpp"
#include "iogate_test/scoped_env.hpp"
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
  explicit DisabledEngines(const std::string& list)
      : list_(list), env_("IOGATE_DISABLE_ENGINES", list_.c_str()) {}

 private:
  std::string list_;
  test::ScopedEnv env_;
};

// The platform's engines before psync, the last resort: io_uring, libaio on Linux; iocp on
// Windows.
std::vector<std::string_view> engines_before_psync() {
  const auto names = engine_names();
  return {names.begin(), names.end() - 1};
}

std::string joined(const std::vector<std::string_view>& names) {
  std::string list;
  for (const std::string_view name : names) list += (list.empty() ? "" : ",") + std::string(name);
  return list;
}

TEST(MakeBackend, AutoTakesTheFirstUsableInOrderOfPreference) {
  std::string expected = "psync";
  for (const std::string_view name : engines_before_psync()) {
    if (!backend_unavailable(name)) {
      expected = name;
      break;
    }
  }
  const BackendChoice choice = select_backend("auto");
  EXPECT_EQ(choice.backend->name(), expected);
  EXPECT_THAT(choice.note, HasSubstr(expected));
  EXPECT_EQ(make_backend("psync")->name(), "psync");
}

TEST(MakeBackend, AutoSaysWhyItPassedOverAnEngine) {
  const std::string first(engine_names().front());
  const DisabledEngines disabled(first);
  const BackendChoice choice = select_backend("auto");
  EXPECT_NE(choice.backend->name(), first);
  EXPECT_THAT(choice.note,
              HasSubstr(first + ": unavailable (disabled by IOGATE_DISABLE_ENGINES); "));
  EXPECT_THAT(choice.note, HasSubstr("using "));
  EXPECT_THAT(choice.note, HasSubstr(std::string(choice.backend->name())));
}

TEST(MakeBackend, AutoFallsBackToPsyncWhenNothingElseIsUsable) {
  const DisabledEngines disabled(joined(engines_before_psync()));
  const BackendChoice choice = select_backend("auto");
  EXPECT_EQ(choice.backend->name(), "psync");
  for (const std::string_view name : engines_before_psync())
    EXPECT_THAT(choice.note, HasSubstr(std::string(name) + ": unavailable"));
  EXPECT_THAT(choice.note, HasSubstr("using psync"));
}

TEST(MakeBackend, ANamedEngineThatIsUnusableIsAnErrorNotAFallback) {
  const std::string engine(engines_before_psync().back());
  const DisabledEngines disabled(engine);
  const std::string why = rejection(engine);
  EXPECT_THAT(why, HasSubstr("engine \"" + engine + "\" is not available"));
  EXPECT_THAT(why, HasSubstr("disabled by IOGATE_DISABLE_ENGINES"));
}

TEST(MakeBackend, UnknownEngineIsRejectedByNameWithTheKnownOnes) {
  const std::string unknown = rejection("posixaio");
  EXPECT_THAT(unknown, HasSubstr("unknown engine \"posixaio\""));
  EXPECT_THAT(unknown, HasSubstr("\"auto\""));
  for (const std::string_view name : engine_names())
    EXPECT_THAT(unknown, HasSubstr("\"" + std::string(name) + "\""));
}

// A typo in the list must not disable nothing in silence: it is named, and the registry refuses
// it where it meets it. Set empty, the list disables nothing.
TEST(MakeBackend, AnUnknownNameInTheDisabledListIsRefused) {
  {
    const DisabledEngines typo(std::string(engines_before_psync().front()) + ",io-uring");
    const std::optional<std::string> problem = disabled_engines_problem();
    ASSERT_TRUE(problem.has_value());
    EXPECT_THAT(*problem, HasSubstr("IOGATE_DISABLE_ENGINES: unknown engine \"io-uring\""));
    EXPECT_THAT(*problem, HasSubstr("known engines:"));
    EXPECT_THAT(rejection("auto"), HasSubstr("IOGATE_DISABLE_ENGINES: unknown engine"));
  }
  {
    const DisabledEngines spaced(joined(engines_before_psync()) + ", psync");
    ASSERT_TRUE(disabled_engines_problem().has_value());
  }
  {
    const DisabledEngines empty("");
    EXPECT_FALSE(disabled_engines_problem().has_value());
    EXPECT_NO_THROW(make_backend("psync"));
  }
  const DisabledEngines known(joined(engines_before_psync()));
  EXPECT_FALSE(disabled_engines_problem().has_value());
}

TEST(PsyncBackend, KeepsOneIoInFlightWhateverTheRequest) {
  const auto backend = make_backend("psync");
  EXPECT_EQ(backend->max_in_flight(1), 1u);
  EXPECT_EQ(backend->max_in_flight(64), 1u);
}

TEST(PsyncBackend, WritesAndReadsAtTheOffsetAndReportsErrno) {
  const test::TempDir dir;
  const auto path = dir.make_file("data", 8192);
  test::NativeFile file(path, test::Access::read_write);
  const auto backend = make_backend("psync");
  backend->setup(
      {.file = file.get(), .depth = 1, .direct = false, .read_buffers = {}, .write_buffers = {}});

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
  file.close();

  IoRequest closed{IoDirection::read, 0, 512, in.data()};
  EXPECT_EQ(backend->submit(closed), SubmitStatus::completed);
  EXPECT_EQ(closed.result, -EBADF);
  EXPECT_THROW(backend->flush(), std::system_error);
}

}  // namespace
}  // namespace iogate
