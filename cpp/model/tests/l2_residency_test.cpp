// The cycle model's L2 residency (src/l2_residency.h) keeps granules as runs;
// its answers must be those of the plain per-granule LRU it replaced: the
// hits of every read, the resident granules a write finds, the dirty
// granules every eviction writes back, and the size. Checked here against a
// reference LRU on random streams shaped like the Model's copies (long
// rows, short strided rows, re-reads, writes, no-allocate reads and writes).
#include <gtest/gtest.h>

#include <cstdint>
#include <list>
#include <map>
#include <random>
#include <utility>

#include "../src/l2_residency.h"

namespace {

// One list node per granule, least recent first: the model's L2 before the runs.
class ReferenceLru {
 public:
  uint64_t read(int32_t region, uint64_t first, uint64_t last, bool allocate) {
    uint64_t hits = 0;
    for (uint64_t g = first; g <= last; ++g) {
      auto it = where_.find({region, g});
      if (it != where_.end()) {
        ++hits;
        lru_.splice(lru_.end(), lru_, it->second);
      } else if (allocate) {
        add(region, g, false);
      }
    }
    return hits;
  }
  uint64_t write(int32_t region, uint64_t first, uint64_t last, bool allocate) {
    uint64_t hits = 0;
    for (uint64_t g = first; g <= last; ++g) {
      auto it = where_.find({region, g});
      if (it != where_.end()) {
        ++hits;
        if (allocate) {
          it->second->dirty = true;
          lru_.splice(lru_.end(), lru_, it->second);
        } else {
          lru_.erase(it->second);
          where_.erase(it);
        }
      } else if (allocate) {
        add(region, g, true);
      }
    }
    return hits;
  }
  uint64_t evict_to(uint64_t capacity) {
    uint64_t dirty = 0;
    while (lru_.size() > capacity) {
      dirty += lru_.front().dirty;
      where_.erase({lru_.front().region, lru_.front().granule});
      lru_.pop_front();
    }
    return dirty;
  }
  uint64_t size() const { return lru_.size(); }

 private:
  struct Line {
    int32_t region;
    uint64_t granule;
    bool dirty;
  };
  // A granule not held, as the most recent.
  void add(int32_t region, uint64_t g, bool dirty) {
    lru_.push_back(Line{region, g, dirty});
    where_[{region, g}] = std::prev(lru_.end());
  }
  std::list<Line> lru_;
  std::map<std::pair<int32_t, uint64_t>, std::list<Line>::iterator> where_;
};

// Drives both with the same random stream and compares every answer.
void Compare(uint32_t seed, uint64_t capacity, uint64_t span, uint64_t max_row, int steps) {
  std::mt19937_64 rng(seed);
  asc_model::L2Residency runs;
  ReferenceLru ref;
  for (int i = 0; i < steps; ++i) {
    const int32_t region = int32_t(rng() % 3);
    const uint64_t first = rng() % span;
    const uint64_t last = first + rng() % max_row;
    const bool allocate = rng() % 8 != 0;  // CACHE_MODE_DISABLE now and then
    const bool write = rng() % 3 == 0;
    const uint64_t got = write ? runs.write(region, first, last, allocate) : runs.read(region, first, last, allocate);
    const uint64_t want = write ? ref.write(region, first, last, allocate) : ref.read(region, first, last, allocate);
    ASSERT_EQ(got, want) << "step " << i << (write ? " write " : " read ") << region << " [" << first << ", " << last
                         << "]";
    ASSERT_EQ(runs.evict_to(capacity), ref.evict_to(capacity)) << "step " << i;
    ASSERT_EQ(runs.size(), ref.size()) << "step " << i;
  }
}

TEST(L2Residency, LongRowsMatchThePerGranuleLru) { Compare(1, 300, 2000, 200, 4000); }

TEST(L2Residency, ShortRowsMatchThePerGranuleLru) { Compare(2, 64, 500, 3, 20000); }

TEST(L2Residency, RowsLongerThanTheL2MatchThePerGranuleLru) { Compare(3, 40, 400, 120, 3000); }

TEST(L2Residency, ManySeedsMatchThePerGranuleLru) {
  for (uint32_t seed = 10; seed < 60; ++seed) Compare(seed, 1 + seed * 7, 300, 1 + seed % 40, 800);
}

// A stream read twice within the L2's size hits every granule the second time;
// one well past the L2's size misses every granule both times (LRU's scan pattern).
TEST(L2Residency, AStreamHitsOnlyWhenItFits) {
  asc_model::L2Residency l2;
  for (int pass = 0; pass < 2; ++pass)
    for (uint64_t row = 0; row < 10; ++row) {
      EXPECT_EQ(l2.read(0, row * 16, row * 16 + 15, true), pass == 0 ? 0u : 16u);
      EXPECT_EQ(l2.evict_to(160), 0u);
    }
  asc_model::L2Residency small;
  for (int pass = 0; pass < 2; ++pass)
    for (uint64_t row = 0; row < 10; ++row) {
      EXPECT_EQ(small.read(0, row * 16, row * 16 + 15, true), 0u);
      small.evict_to(100);
    }
}

// Dirty granules are written back once, when they leave; a clean re-read keeps them dirty.
TEST(L2Residency, DirtyGranulesAreWrittenBackWhenEvicted) {
  asc_model::L2Residency l2;
  EXPECT_EQ(l2.write(0, 0, 9, true), 0u);
  EXPECT_EQ(l2.read(0, 5, 14, true), 5u);   // 5..9 stay dirty, 10..14 clean
  EXPECT_EQ(l2.evict_to(15), 0u);
  EXPECT_EQ(l2.evict_to(10), 5u);           // 0..4, dirty
  EXPECT_EQ(l2.evict_to(0), 5u);            // 5..9 dirty, 10..14 clean
  EXPECT_EQ(l2.size(), 0u);
}

}  // namespace
