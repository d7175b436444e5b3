// The workload key `block_mix`: several block sizes with their shares of the I/Os (fio's
// bssplit), block_size derived from it, its entries' and the whole mix's mistakes at file:line:col
// and key, and how [defaults] lends it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

const std::string kHead = "[suite]\nname = \"s\"\n";
const std::string kCheck = "[[check]]\nname = \"c\"\n[check.workload]\nsize = \"1MiB\"\n";
const std::string kExpect = "[check.expect]\niops_min = 1\n";
const std::string kMix =
    "block_mix = [ { size = \"4KiB\", pct = 60 }, { size = \"64k\", pct = "
    "\"40%\" } ]\n";

WorkloadSpec workload(const std::string& keys, const std::string& defaults = "") {
  const ThresholdFile f =
      parse_threshold_text(kHead + defaults + kCheck + keys + kExpect, "m.toml");
  return f.checks.at(0).workload;
}

ThresholdError error(const std::string& keys, const std::string& defaults = "") {
  try {
    (void)workload(keys, defaults);
  } catch (const ThresholdError& e) {
    return e;
  }
  ADD_FAILURE() << "accepted: " << keys;
  return ThresholdError({}, "", "");
}

MATCHER_P2(Share, size, pct, "") { return arg.block_size == size && arg.pct == pct; }

TEST(BlockMixKey, ReadsTheSharesAndDerivesBlockSizeAsTheSmallest) {
  const WorkloadSpec w = workload(kMix);
  EXPECT_THAT(w.block_mix, ElementsAre(Share(4096u, 60.0), Share(65536u, 40.0)));
  EXPECT_EQ(w.block_size, 4096u);
}

TEST(BlockMixKey, AnArrayOfTablesReadsTheSame) {
  const ThresholdFile f =
      parse_threshold_text(kHead + kCheck + kExpect +
                               "[[check.workload.block_mix]]\nsize = \"64k\"\npct = 40\n"
                               "[[check.workload.block_mix]]\nsize = \"4k\"\npct = 60\n",
                           "m.toml");
  EXPECT_THAT(f.checks.at(0).workload.block_mix,
              ElementsAre(Share(65536u, 40.0), Share(4096u, 60.0)));
  EXPECT_EQ(f.checks.at(0).workload.block_size, 4096u);
}

TEST(BlockMixKey, ABlockSizeGivenMustBeTheSmallestSize) {
  EXPECT_EQ(workload("block_size = \"4k\"\n" + kMix).block_size, 4096u);
  const ThresholdError e = error("block_size = \"8k\"\n" + kMix);
  EXPECT_EQ(e.key(), R"(check "c": workload.block_size)");
  EXPECT_EQ(e.where().line, 7);
  EXPECT_THAT(e.problem(), HasSubstr("expected the block-size mix's smallest size, 4 KiB"));
}

TEST(BlockMixKey, AnEntrysMistakeNamesTheEntryAndItsKey) {
  const ThresholdError pct =
      error("block_mix = [ { size = \"4k\", pct = 60 }, { size = \"64k\", pct = 0 } ]\n");
  EXPECT_EQ(pct.key(), R"(check "c": workload.block_mix[2].pct)");
  EXPECT_EQ(pct.where().file, "m.toml");
  EXPECT_EQ(pct.where().line, 7);
  EXPECT_EQ(pct.where().column, 64);
  EXPECT_EQ(pct.problem(), "expected a share above 0%");

  const ThresholdError size =
      error("block_mix = [ { size = \"4q\", pct = 60 }, { size = \"64k\", pct = 40 } ]\n");
  EXPECT_EQ(size.key(), R"(check "c": workload.block_mix[1].size)");

  const ThresholdError odd =
      error("block_mix = [ { size = 1000, pct = 60 }, { size = \"64k\", pct = 40 } ]\n");
  EXPECT_EQ(odd.key(), R"(check "c": workload.block_mix[1].size)");
  EXPECT_THAT(odd.problem(), HasSubstr("multiple of 512"));

  const ThresholdError twice =
      error("block_mix = [ { size = \"4k\", pct = 60 }, { size = 4096, pct = 40 } ]\n");
  EXPECT_EQ(twice.key(), R"(check "c": workload.block_mix[2].size)");
  EXPECT_THAT(twice.problem(), HasSubstr("4 KiB is in the mix already (block_mix[1])"));

  const ThresholdError unknown =
      error("block_mix = [ { size = \"4k\", pct = 60, align = 1 }, { size = 4096, pct = 40 } ]\n");
  EXPECT_EQ(unknown.key(), R"(check "c": workload.block_mix[1].align)");

  const ThresholdError missing = error("block_mix = [ { size = \"4k\" } ]\n");
  EXPECT_EQ(missing.key(), R"(check "c": workload.block_mix[1])");
  EXPECT_THAT(missing.problem(), HasSubstr("missing required key pct"));

  EXPECT_EQ(error("block_mix = [ 4096 ]\n").key(), R"(check "c": workload.block_mix[1])");
}

TEST(BlockMixKey, TheWholeMixsMistakesPointAtTheArray) {
  const ThresholdError sum =
      error("block_mix = [ { size = \"4k\", pct = 60 }, { size = \"64k\", pct = 30 } ]\n");
  EXPECT_EQ(sum.key(), R"(check "c": workload.block_mix)");
  EXPECT_EQ(sum.where().line, 7);
  EXPECT_EQ(sum.where().column, 13);
  EXPECT_EQ(sum.problem(), "expected the shares of the mix to sum to 100%, got 90%");

  const ThresholdError grain =
      error("block_mix = [ { size = \"4k\", pct = 60 }, { size = \"6k\", pct = 40 } ]\n");
  EXPECT_EQ(grain.key(), R"(check "c": workload.block_mix)");
  EXPECT_THAT(grain.problem(), HasSubstr("expected a multiple of the smallest size, 4 KiB"));

  EXPECT_THAT(error("block_mix = []\n").problem(), HasSubstr("expected an array of"));
  EXPECT_THAT(error("block_mix = \"4k/60:64k/40\"\n").problem(), HasSubstr("expected an array of"));
  // Three thirds written to one decimal are within the tolerance.
  EXPECT_EQ(workload("block_mix = [ { size = 512, pct = 33.3 }, { size = 1024, pct = 33.3 }, "
                     "{ size = 2048, pct = 33.3 } ]\n")
                .block_size,
            512u);
}

TEST(BlockMixKey, VerificationRefusesAMixAtTheMix) {
  const ThresholdError e = error(kMix + "verify = true\n");
  EXPECT_EQ(e.key(), R"(check "c": workload.block_mix)");
  EXPECT_THAT(e.problem(), HasSubstr("expected one block size with verify"));
}

TEST(BlockMixKey, SizeMustBeAWholeNumberOfTheSmallestSize) {
  const std::string text =
      kHead + "[[check]]\nname = \"c\"\n[check.workload]\nsize = 6144\nfile_size = \"1MiB\"\n" +
      kMix + kExpect;
  try {
    (void)parse_threshold_text(text, "m.toml");
    ADD_FAILURE() << "accepted a size of 6 KiB with a 4 KiB grain";
  } catch (const ThresholdError& e) {
    EXPECT_EQ(e.key(), R"(check "c": workload.size)");
    EXPECT_THAT(e.problem(), HasSubstr("must be a multiple of block_size (4 KiB)"));
  }
}

TEST(BlockMixKey, DefaultsLendBlockSizeAndMixOnlyTogether) {
  const std::string defaults_mix = "[defaults]\n" + kMix;
  // The check sets neither: the mix (and its smallest size) come from [defaults].
  const WorkloadSpec lent = workload("", defaults_mix);
  EXPECT_EQ(lent.block_mix.size(), 2u);
  EXPECT_EQ(lent.block_size, 4096u);
  // The check sets block_size: one size, [defaults]' mix does not apply.
  const WorkloadSpec own = workload("block_size = \"16k\"\n", defaults_mix);
  EXPECT_TRUE(own.block_mix.empty());
  EXPECT_EQ(own.block_size, 16384u);
  // The check sets a mix: [defaults]' block_size does not apply.
  const WorkloadSpec mixed = workload(kMix, "[defaults]\nblock_size = \"16k\"\n");
  EXPECT_EQ(mixed.block_size, 4096u);
}

}  // namespace
}  // namespace iogate
