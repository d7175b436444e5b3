// The preflight: what is known before the first I/O refused before it, every reason named, from
// filesystem facts made up here (the rule), and on a real directory (nothing written there).
#include "runner/preflight.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iogate/engine/io_backend.hpp"
#include "iogate/runner/check_runner.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/scoped_env.hpp"
#include "iogate_test/temp_dir.hpp"
#include "results/run_json.hpp"

namespace iogate {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr std::uint64_t kMiB = 1 << 20;
constexpr std::uint64_t kGiB = 1 << 30;

Check check_of(const std::string& name, std::uint64_t file_size,
               const std::string& engine = "auto") {
  Check c;
  c.name = name;
  c.workload.file_size = file_size;
  c.workload.engine = engine;
  return c;
}

VolumeFacts disk(std::uint64_t available) { return VolumeFacts{0xef53, "ext4", false, available}; }

std::vector<std::string> room_reasons(const std::vector<Check>& checks, const VolumeFacts& facts,
                                      std::uint64_t scratch = 0) {
  return preflight_reasons(checks, "/ds", facts, scratch, false);
}

TEST(Preflight, NamesEveryCheckWhoseFileCannotFitInTheScratchAreasWords) {
  const std::vector<Check> checks = {check_of("small", 512 * kMiB), check_of("big", kGiB),
                                     check_of("big_too", kGiB)};
  EXPECT_THAT(
      room_reasons(checks, disk(700 * kMiB)),
      ElementsAre("big: datastore /ds: needs 1.1 GiB free (1 GiB for the test files + 10%), has "
                  "700 MiB",
                  "big_too: datastore /ds: needs 1.1 GiB free (1 GiB for the test files + 10%), "
                  "has 700 MiB"));
}

TEST(Preflight, WeighsEachCheckAsTheRunnerSetsItUp) {
  // Two checks of 1 GiB each need 1.1 GiB, not 2.2: one runs after the other (or shares its file).
  const std::vector<Check> checks = {check_of("a", kGiB), check_of("b", kGiB)};
  const std::uint64_t exact = space_required(kGiB);
  EXPECT_THAT(room_reasons(checks, disk(exact)), IsEmpty());
  EXPECT_THAT(room_reasons(checks, disk(exact - 1)), ::testing::SizeIs(2));
}

TEST(Preflight, CountsWhatIogatesScratchDirectoriesHoldAsRoom) {
  // A run's kept file, a dead run's leftovers: they make way for a check that lacks room.
  EXPECT_THAT(room_reasons({check_of("a", kGiB)}, disk(200 * kMiB), kGiB), IsEmpty());
  EXPECT_THAT(room_reasons({check_of("a", 2 * kGiB)}, disk(100 * kMiB), kGiB),
              ElementsAre(HasSubstr("has 100 MiB (and 1 GiB in iogate's scratch directories "
                                    "there)")));
}

TEST(Preflight, APseudoOrReadOnlyFilesystemIsOneReasonWhateverTheChecks) {
  const std::vector<Check> checks = {check_of("a", kGiB), check_of("b", kGiB)};
  EXPECT_THAT(preflight_reasons(checks, "/proc", VolumeFacts{0x9fa0, "proc", false, 0}, 0, false),
              ElementsAre(HasSubstr("datastore /proc is on proc, a pseudo filesystem")));
  EXPECT_THAT(
      preflight_reasons(checks, "/ro", VolumeFacts{0xef53, "ext4", true, 10 * kGiB}, 0, false),
      ElementsAre(HasSubstr("datastore /ro is mounted read-only")));
  // Refused even with no check known (a suite's tests built in C++).
  EXPECT_THAT(preflight_reasons({}, "/proc", VolumeFacts{0x9fa0, "proc", false, 0}, 0, false),
              ::testing::SizeIs(1));
}

TEST(Preflight, NothingToExamineLeavesTheDatastoreToItsOwnChecks) {
  EXPECT_THAT(preflight_reasons({check_of("a", 100 * kGiB)}, "/missing", std::nullopt, 0, false),
              IsEmpty());
}

TEST(Preflight, NoUsableEngineNamesEachCheckAndEveryEnginesReason) {
  std::string all;
  for (const std::string_view name : engine_names())
    all += (all.empty() ? "" : ",") + std::string(name);
  const test::ScopedEnv disabled("IOGATE_DISABLE_ENGINES", all.c_str());
  const std::vector<Check> checks = {check_of("a", kMiB), check_of("b", kMiB, "psync")};
  const std::vector<std::string> reasons = preflight_reasons(checks, "/ds", disk(kGiB), 0, true);
  ASSERT_THAT(reasons, ::testing::SizeIs(2));
  EXPECT_THAT(reasons[0], HasSubstr("a cannot run here: engine auto: no engine is usable here ("));
  for (const std::string_view name : engine_names())
    EXPECT_THAT(reasons[0], HasSubstr(std::string(name) + ": disabled by IOGATE_DISABLE_ENGINES"));
  EXPECT_THAT(reasons[1], HasSubstr("b cannot run here: engine psync: disabled by"));
  // A runner given a backend of its own does not ask the host's engines.
  EXPECT_THAT(preflight_reasons(checks, "/ds", disk(kGiB), 0, false), IsEmpty());
}

TEST(Preflight, ARefusalOnARealDirectoryLeavesItAsItWas) {
  const test::TempDir store;
  DatastoreChoice datastore{store.path(), {}};
  const std::vector<Check> checks = {check_of("fits", kMiB), check_of("never", 1ULL << 62)};
  try {
    preflight(checks, datastore);
    FAIL() << "a 4 EiB test file was not refused";
  } catch (const PreflightRefusal& e) {
    EXPECT_THAT(e.reasons(), ElementsAre(HasSubstr("never: datastore " + store.path().string() +
                                                   ": needs 4.4 EiB free")));
    EXPECT_EQ(std::string(e.what()), e.reasons().front());
  }
  EXPECT_THAT(test::listing(store.path()), IsEmpty());
  EXPECT_NO_THROW(preflight({check_of("fits", kMiB)}, datastore));
}

TEST(Preflight, TheRunnersPreflightLeavesEnginesToAnInjectedBackend) {
  const test::TempDir store;
  RunnerSettings settings;
  settings.datastore.dir = store.path();
  const test::ScopedEnv disabled("IOGATE_DISABLE_ENGINES", "psync");
  const std::vector<Check> checks = {check_of("p", kMiB, "psync")};
  EXPECT_THROW(CheckRunner(settings).preflight(checks), PreflightRefusal);
  test::FakeStats stats;
  settings.make_backend = [&stats]() -> std::unique_ptr<IoBackend> {
    return std::make_unique<test::FakeBackend>(stats);
  };
  EXPECT_NO_THROW(CheckRunner(settings).preflight(checks));
}

// A baseline recorded on db01 for /mnt/array on xfs, of a check bounded relative to it.
Check relative_check_of(const std::string& name) {
  Check c = check_of(name, kMiB);
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, RelativeBound{0.9}}};
  return c;
}
Baseline baseline_of(const Check& check) {
  Baseline b;
  b.path = "b.json";
  b.host = "db01";
  b.datastore = "/mnt/array";
  b.fingerprint.filesystem = "xfs";
  b.checks.push_back({check.name, compared_workload(check.workload), true, {}});
  return b;
}

TEST(Preflight, AStrictBaselineFromElsewhereNamesItAndBothPlaces) {
  const Check check = relative_check_of("rel");
  const Baseline b = baseline_of(check);
  StorageStack xfs;
  xfs.filesystem = "xfs";
  EXPECT_EQ(strict_baseline_reason({check}, b, "db01", "/mnt/array", xfs), std::nullopt)
      << "recorded here";
  EXPECT_EQ(strict_baseline_reason({check}, b, "db02", "/mnt/other", xfs),
            "baseline b.json was recorded elsewhere (host db01 \u2192 db02; datastore /mnt/array "
            "\u2192 /mnt/other), and --strict-baseline (IOGATE_STRICT_BASELINE=1) refuses it: "
            "record one here with `iogate baseline record`");
  StorageStack ext4;
  ext4.filesystem = "ext4";
  EXPECT_THAT(strict_baseline_reason({check}, b, "db01", "/mnt/array", ext4),
              ::testing::Optional(HasSubstr("(filesystem xfs \u2192 ext4)")));
  // No check to run bounds a figure by it (an absolute bound, a check it lacks): nothing to refuse.
  EXPECT_EQ(strict_baseline_reason({check_of("abs", kMiB)}, b, "db02", "/mnt/other", xfs),
            std::nullopt);
  EXPECT_EQ(strict_baseline_reason({relative_check_of("other")}, b, "db02", "/mnt/other", xfs),
            std::nullopt);
}

TEST(Preflight, TheRunnersPreflightRefusesAStrictBaselineFromElsewhereLeavingTheDatastore) {
  const test::TempDir store;
  const Check check = relative_check_of("rel");
  RunnerSettings settings;
  settings.datastore.dir = store.path();
  settings.baseline = baseline_of(check);
  test::FakeStats stats;
  settings.make_backend = [&stats]() -> std::unique_ptr<IoBackend> {
    return std::make_unique<test::FakeBackend>(stats);
  };
  EXPECT_NO_THROW(CheckRunner(settings).preflight({check})) << "not strict: named on the check";
  settings.strict_baseline = true;
  try {
    CheckRunner(settings).preflight({check});
    FAIL() << "a baseline of db01 for /mnt/array was not refused";
  } catch (const PreflightRefusal& e) {
    EXPECT_THAT(e.reasons(), ElementsAre(HasSubstr("baseline b.json was recorded elsewhere (host "
                                                   "db01 \u2192 ")));
    EXPECT_THAT(e.reasons(),
                ElementsAre(HasSubstr("datastore /mnt/array \u2192 " +
                                      store.path().generic_string())));  // as baselines spell it
  }
  EXPECT_THAT(test::listing(store.path()), IsEmpty());
}

}  // namespace
}  // namespace iogate
