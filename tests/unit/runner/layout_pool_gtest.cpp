// LayoutPool: which checks share a laid-out test file, and that every file goes when no planned
// check needs it any more (layout_pool_posix_gtest.cpp: the file handed out again is the one laid
// out, by inode, and one tampered with is refused).
#include "runner/layout_pool.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "iogate_test/temp_dir.hpp"
#include "layout_pool_checks.hpp"

namespace iogate {
namespace {

using test::check;
using test::kMiB;

TEST(LayoutPool, OnlyWrittenMixedWorkloadsShareAndTheirKeyIsSizeAndLayoutWrites) {
  Check c = check("c", 100);
  EXPECT_EQ(shared_layout_key(c), (LayoutKey{2 * kMiB, 4096}));
  c.workload.layout = FileLayout::preallocated;
  EXPECT_FALSE(shared_layout_key(c));
  c.workload.layout = FileLayout::grown;
  EXPECT_FALSE(shared_layout_key(c));
  c.workload.layout = FileLayout::written;
  c.workload.kind = WorkloadKind::integrity;
  EXPECT_FALSE(shared_layout_key(c));
}

// IOMeter lays iobw.tst out in 64 KiB writes for every access specification: checks of other
// block sizes that name that layout share one file.
TEST(LayoutPool, ANamedLayoutWriteSizeIsTheKeyWhateverTheBlockSize) {
  Check a = check("a", 100, 32768);
  Check b = check("b", 65, 8192);
  a.workload.layout_write_size = b.workload.layout_write_size = 65536;
  EXPECT_EQ(shared_layout_key(a), (LayoutKey{2 * kMiB, 65536}));
  EXPECT_EQ(shared_layout_key(a), shared_layout_key(b));
  const test::TempDir store;
  LayoutPool pool(store.path());
  pool.acquire(a, {});
  EXPECT_EQ(pool.acquire(b, {}).laid_out_for, "a");
  EXPECT_EQ(pool.layouts_made(), 1);
}

TEST(LayoutPool, AnotherBlockSizeIsAnotherLayout) {
  const test::TempDir store;
  LayoutPool pool(store.path());
  pool.acquire(check("a", 100, 4096), {});
  const LayoutLease other = pool.acquire(check("b", 100, 32768), {});
  EXPECT_EQ(other.laid_out_for, "b");
  EXPECT_EQ(pool.layouts_made(), 2);
  EXPECT_EQ(pool.files(), 2u);
}

TEST(LayoutPool, WritingChecksShareAFileTheyOverwriteAnyway) {
  const test::TempDir store;
  LayoutPool pool(store.path());
  pool.acquire(check("read", 100), {});
  EXPECT_EQ(pool.acquire(check("w1", 50), {}).laid_out_for, "read");  // pristine, now overwritten
  EXPECT_EQ(pool.acquire(check("w2", 70), {}).laid_out_for, "read");
  EXPECT_EQ(pool.layouts_made(), 1);
}

TEST(LayoutPool, AReadingCheckAfterAWritingOneGetsAFreshLayout) {
  const test::TempDir store;
  LayoutPool pool(store.path());
  pool.acquire(check("w", 50), {});
  const LayoutLease fresh = pool.acquire(check("r", 100), {});
  EXPECT_EQ(fresh.laid_out_for, "r");
  EXPECT_EQ(pool.layouts_made(), 2);
  EXPECT_EQ(pool.files(), 1u);  // the overwritten one went first
}

TEST(LayoutPool, AFileGoesAfterTheLastPlannedCheckThatSharesIt) {
  const test::TempDir store;
  LayoutPool pool(store.path());
  const Check a = check("a", 100);
  const Check b = check("b", 70);
  const Check own = check("c", 100, 8192);
  pool.plan({a, own, b});
  pool.acquire(a, {});
  pool.release(a);
  EXPECT_EQ(pool.files(), 1u);  // b still needs it
  pool.acquire(own, {});
  pool.release(own);
  EXPECT_EQ(pool.files(), 1u);
  EXPECT_EQ(pool.acquire(b, {}).laid_out_for, "a");
  pool.release(b);
  EXPECT_EQ(pool.files(), 0u);
  EXPECT_TRUE(std::filesystem::is_empty(store.path()));
}

// A file only one planned check uses is that check's own (no layout note written after its
// blocks were reserved): the pool takes a check only while another is to come or the file is held.
TEST(LayoutPool, SharesOnlyWhereAnotherPlannedCheckCanUseTheFile) {
  const test::TempDir store;
  LayoutPool pool(store.path());
  const Check a = check("a", 100);
  const Check b = check("b", 70);
  const Check own = check("c", 100, 8192);
  EXPECT_TRUE(pool.shares(own));  // no plan: every check that can share does
  pool.plan({a, own, b});
  EXPECT_TRUE(pool.shares(a));
  EXPECT_FALSE(pool.shares(own));
  pool.acquire(a, {});
  pool.release(a);
  EXPECT_TRUE(pool.shares(b));  // the file a left is held for it
  Check integrity = check("i", 100);
  integrity.workload.kind = WorkloadKind::integrity;
  EXPECT_FALSE(pool.shares(integrity));
}

// A process has a few scratch areas at once: the pool keeps no more than kMaxFiles of them.
TEST(LayoutPool, KeepsAtMostItsMostFiles) {
  const test::TempDir store;
  LayoutPool pool(store.path());
  for (std::uint64_t bs = 4096; bs <= std::uint64_t{4096} << LayoutPool::kMaxFiles; bs *= 2)
    pool.acquire(check("c" + std::to_string(bs), 100, bs), {});
  EXPECT_EQ(pool.layouts_made(), static_cast<int>(LayoutPool::kMaxFiles) + 1);
  EXPECT_EQ(pool.files(), LayoutPool::kMaxFiles);
}

TEST(LayoutPool, ClearingOrDestroyingItLeavesTheDatastoreAsItWas) {
  const test::TempDir store;
  {
    LayoutPool pool(store.path());
    pool.acquire(check("a", 100), {});
    pool.acquire(check("b", 100, 8192), {});
    EXPECT_FALSE(std::filesystem::is_empty(store.path()));
    pool.clear();
    EXPECT_TRUE(std::filesystem::is_empty(store.path()));
    pool.acquire(check("a", 100), {});
  }
  EXPECT_TRUE(std::filesystem::is_empty(store.path()));
}

}  // namespace
}  // namespace iogate
