// The figure table: every figure's two names lead back to it, and a percentile outside the table
// is named by the same rule the files use.
#include "iogate/engine/figure_names.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace iogate {
namespace {

TEST(FigureNames, EveryRowsNamesLeadBackToIt) {
  std::set<std::string> sample_keys, run_keys;
  for (const FigureName& f : kFigureNames) {
    SCOPED_TRACE(f.sample_key);
    EXPECT_EQ(figure_of_sample_key(f.sample_key), f.id);
    EXPECT_EQ(figure_of_run_key(f.run_key), f.id);
    EXPECT_EQ(sample_key_of(f.id), f.sample_key);
    EXPECT_EQ(run_key_of(f.id), f.run_key);
    EXPECT_EQ(&figure_name(f.id), &f);
    EXPECT_TRUE(sample_keys.insert(f.sample_key).second) << "two rows share a sample key";
    EXPECT_TRUE(run_keys.insert(f.run_key).second) << "two rows share a run key";
  }
}

TEST(FigureNames, TheTwoNamesOfTheMeanLatency) {
  const FigureId mean{Metric::latency_avg};
  EXPECT_EQ(sample_key_of(mean), "latency_avg_ms");  // baselines, compare, the verdict
  EXPECT_EQ(run_key_of(mean), "lat_avg_ms");         // the results JSON, the fleet
  EXPECT_FALSE(figure_name(mean).higher_is_better);
  EXPECT_STREQ(figure_name(mean).unit, "ms");
}

TEST(FigureNames, APercentileOutsideTheTableIsNamedByTheSameRule) {
  const FigureId p9999{Metric::latency_percentile, 99.99};
  EXPECT_EQ(find_figure_name(p9999), nullptr);
  EXPECT_THROW(figure_name(p9999), std::out_of_range);
  EXPECT_EQ(sample_key_of(p9999), "latency_p99.99_ms");
  EXPECT_EQ(run_key_of(p9999), "lat_p99_99_ms");
  EXPECT_EQ(figure_of_sample_key("latency_p99.99_ms"), p9999);
  EXPECT_EQ(figure_of_run_key("lat_p99_99_ms"), p9999);
  EXPECT_EQ(figure_of_sample_key("latency_p90_ms"), (FigureId{Metric::latency_percentile, 90}));
}

TEST(FigureNames, APercentileIsSpeltWithAnUnderscoreForItsPoint) {
  EXPECT_EQ(percentile_of_spelling("99_9"), 99.9);
  EXPECT_EQ(percentile_of_spelling("50"), 50);
  EXPECT_EQ(percentile_of_spelling("9"), 9);
  EXPECT_EQ(percentile_of_spelling("05"), 5);
  EXPECT_EQ(percentile_of_spelling("0_1"), 0.1);
  EXPECT_EQ(percentile_of_spelling("99_90"), 99.9);
  EXPECT_EQ(percentile_spelling(99.9), "99_9");
  EXPECT_EQ(percentile_spelling(50), "50");
  EXPECT_EQ(percentile_spelling(0.1), "0_1");
  for (const double p : {50.0, 90.0, 99.0, 99.9, 99.99, 0.5, 12.345})
    EXPECT_EQ(percentile_of_spelling(percentile_spelling(p)), p) << p;
}

// Six significant digits named p99.99999 "latency_p100_ms", which reads back as the maximum: the
// runs of a bound latency_p99_99999_max were read back as the largest latency, and DiskSpd's
// 99.99999th, 99.999999th and 99.9999999th percentiles were imported as one figure.
TEST(FigureNames, EveryPercentileIsNamedSoThatItReadsBackAsItself) {
  for (const double p : {99.99999, 99.999999, 99.9999999, 12.3456789, 0.00001, 0.1, 99.0}) {
    SCOPED_TRACE(p);
    const FigureId id{Metric::latency_percentile, p};
    EXPECT_EQ(figure_of_sample_key(sample_key_of(id)), id);
    EXPECT_EQ(figure_of_run_key(run_key_of(id)), id);
    EXPECT_EQ(percentile_of_spelling(percentile_spelling(p)), p);
  }
  EXPECT_EQ(sample_key_of({Metric::latency_percentile, 99.99999}), "latency_p99.99999_ms");
  EXPECT_EQ(run_key_of({Metric::latency_percentile, 99.99999}), "lat_p99_99999_ms");
  EXPECT_EQ(sample_key_of({Metric::latency_percentile, 0.00001}), "latency_p0.00001_ms");
  EXPECT_EQ(percentile_spelling(0.00001), "0_00001");
}

TEST(FigureNames, APercentileIsAboveZeroAndBelowAHundredInOneOrTwoWholeDigits) {
  for (const char* text :
       {"", "0", "00", "0_0", "0_000", "100", "999", "99_", "99__9", "99_9_9", "_9", "99.9", "9a",
        "-1", "+1", "1e1", " 9", "99_99999999999999999999"}) {
    SCOPED_TRACE(text);
    EXPECT_FALSE(percentile_of_spelling(text));
  }
  // A run key's percentile is read by the same rule; its minimum and maximum have rows of their
  // own.
  EXPECT_FALSE(figure_of_run_key("lat_p100_ms"));
  EXPECT_FALSE(figure_of_run_key("lat_p0_ms"));
  EXPECT_FALSE(figure_of_run_key("lat_p_ms"));
  EXPECT_EQ(figure_of_run_key("lat_p0_5_ms"), (FigureId{Metric::latency_percentile, 0.5}));
}

// The decimal form a sample key and a result's lat_percentiles_ms hold: any number from 0 to 100,
// so baselines written with "latency_p100_ms" still read.
TEST(FigureNames, APercentileAsANumberIsAnyDecimalFromZeroToAHundred) {
  EXPECT_EQ(percentile_of_number("99.9"), 99.9);
  EXPECT_EQ(percentile_of_number("0"), 0);
  EXPECT_EQ(percentile_of_number("100"), 100);
  EXPECT_EQ(percentile_of_number("99.99999"), 99.99999);
  for (const char* text : {"", "100.5", "-0.5", "99_9", "99.9 ", "nan", "inf", "1e1x", ".", "a"}) {
    SCOPED_TRACE(text);
    EXPECT_FALSE(percentile_of_number(text));
  }
}

TEST(FigureNames, OtherNamesAreNoFigure) {
  for (const char* name :
       {"", "iops_min", "latency_p_ms", "latency_p101_ms", "latency_p-1_ms", "latency_pnan_ms",
        "lat_p99.9_ms", "latency_p99_9_ms", "read_iops", "lat_avg", "latency_avg_ms "}) {
    SCOPED_TRACE(name);
    EXPECT_FALSE(figure_of_sample_key(name));
  }
  EXPECT_FALSE(figure_of_run_key("latency_avg_ms"));
  EXPECT_FALSE(figure_of_sample_key("lat_avg_ms"));
  EXPECT_FALSE(figure_of_run_key("read_lat_avg_ms"));  // a direction's key carries a prefix
}

TEST(FigureNames, EachMetricHasItsUnit) {
  EXPECT_STREQ(unit_of(Metric::iops), "IOPS");
  EXPECT_STREQ(unit_of(Metric::mbps), "MB/s");
  EXPECT_STREQ(unit_of(Metric::duration), "s");
  EXPECT_STREQ(unit_of(Metric::latency_percentile), "ms");
}

}  // namespace
}  // namespace iogate
