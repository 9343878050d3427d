// The cycle model's L2 residency (issue 10 §1; lines of l2_granule_bytes, 512 B
// since issue 23): which lines ("granules") of which GM argument ("region") the
// L2 holds, least recently used first, with a dirty bit per line.
//
// Kept as runs, not lines: a copy touches the lines of each row in ascending
// order and LRU keeps them adjacent in that order, so a stretch of lines
// touched together is one run [lo, hi) of one region with one dirty bit. A row
// costs a few map and list operations instead of a list move per line, and the
// memory is a few runs instead of a node per line of the L2 (192 MB / 512 B:
// 393 K nodes, reserved and touched anew by every simulate()). The answers are
// exactly the per-line LRU's: a run's lines are in LRU order lowest first,
// splits keep the pieces in place, eviction takes the lowest line of the least
// recent run first (cpp/model/tests/l2_residency_test.cpp checks it against a
// per-line LRU on random streams; fidelity.py's 25 predictions did not change:
// the add ladder's compared to the last digit, the others to the 0.1 us printed).
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace asc_model {

class L2Residency {
 public:
  // Touches granules [first, last] of `region` by a read, in ascending order: the
  // resident ones become most recent (dirty ones stay dirty); with `allocate` the
  // others are filled (clean). Returns how many were resident.
  uint64_t read(int32_t region, uint64_t first, uint64_t last, bool allocate) {
    const uint64_t hits = take(region, first, last + 1);
    if (allocate) {
      uint64_t at = first;
      for (const Piece& p : pieces_) {  // the gaps between the resident pieces are the misses
        if (p.lo > at) append(region, at, p.lo, false);
        append(region, p.lo, p.hi, p.dirty);
        at = p.hi;
      }
      if (at <= last) append(region, at, last + 1, false);
    } else {
      for (const Piece& p : pieces_) append(region, p.lo, p.hi, p.dirty);
    }
    return hits;
  }

  // A write of granules [first, last]: with `allocate` they become the most recent,
  // dirty; without, the L2 drops the ones it holds (the write goes to HBM). Returns
  // how many were resident.
  uint64_t write(int32_t region, uint64_t first, uint64_t last, bool allocate) {
    const uint64_t hits = take(region, first, last + 1);
    if (allocate) append(region, first, last + 1, true);
    return hits;
  }

  // Evicts least recent granules until at most `capacity` are held; returns how
  // many of them were dirty (the write-backs).
  uint64_t evict_to(uint64_t capacity) {
    uint64_t dirty = 0;
    while (size_ > capacity) {
      Run& r = runs_[size_t(head_)];
      const uint64_t k = std::min<uint64_t>(r.hi - r.lo, size_ - capacity);
      if (r.dirty) dirty += k;
      size_ -= k;
      if (k == r.hi - r.lo) {
        regions_[size_t(r.region)].erase(r.hi);
        release(head_);
      } else {
        r.lo += k;  // the map is keyed by hi: unchanged
      }
    }
    return dirty;
  }

  uint64_t size() const { return size_; }

 private:
  struct Run {
    int32_t prev, next;  // the LRU list: least recent first
    int32_t region;
    bool dirty;
    uint64_t lo, hi;     // granules [lo, hi), touched in ascending order
  };
  struct Piece {
    uint64_t lo, hi;
    bool dirty;
  };

  // Removes granules [lo, hi) of `region` from the L2, keeping in pieces_ the
  // resident stretches it removed (ascending); returns their granule count.
  uint64_t take(int32_t region, uint64_t lo, uint64_t hi) {
    pieces_.clear();
    if (size_t(region) >= regions_.size()) regions_.resize(size_t(region) + 1);
    auto& by_hi = regions_[size_t(region)];
    uint64_t taken = 0;
    auto it = by_hi.upper_bound(lo);  // the first run ending after lo
    while (it != by_hi.end()) {
      const int32_t id = it->second;
      Run& r = runs_[size_t(id)];
      if (r.lo >= hi) break;
      const uint64_t olo = std::max(r.lo, lo), ohi = std::min(r.hi, hi);
      pieces_.push_back(Piece{olo, ohi, r.dirty});
      taken += ohi - olo;
      if (olo == r.lo && ohi == r.hi) {  // the whole run
        it = by_hi.erase(it);
        release(id);
      } else if (olo == r.lo) {          // its low end: what is left keeps its key
        r.lo = ohi;
        ++it;
      } else if (ohi == r.hi) {          // its high end: it now ends at olo
        r.hi = olo;
        auto node = by_hi.extract(it++);
        node.key() = olo;
        by_hi.insert(std::move(node));
      } else {                           // its middle: the high part becomes a run of its own,
        const int32_t right = alloc();   // just after it in LRU order
        Run& rr = runs_[size_t(right)];
        Run& rl = runs_[size_t(id)];     // (alloc may have moved runs_)
        rr.region = region;
        rr.dirty = rl.dirty;
        rr.lo = ohi;
        rr.hi = rl.hi;
        link_after(right, id);
        rl.hi = olo;
        it->second = right;
        by_hi.emplace(olo, id);
        break;                           // the rest of the range lies inside this run
      }
    }
    size_ -= taken;
    return taken;
  }

  // Adds granules [lo, hi) as the most recent, merged into the last run when it
  // continues it (same region and dirty bit, ending at lo).
  void append(int32_t region, uint64_t lo, uint64_t hi, bool dirty) {
    if (lo >= hi) return;
    auto& by_hi = regions_[size_t(region)];
    size_ += hi - lo;
    if (tail_ >= 0) {
      Run& t = runs_[size_t(tail_)];
      if (t.region == region && t.dirty == dirty && t.hi == lo) {
        auto node = by_hi.extract(t.hi);
        node.key() = t.hi = hi;
        by_hi.insert(std::move(node));
        return;
      }
    }
    const int32_t id = alloc();
    Run& r = runs_[size_t(id)];
    r.region = region;
    r.dirty = dirty;
    r.lo = lo;
    r.hi = hi;
    link_after(id, tail_);
    by_hi.emplace(hi, id);
  }

  int32_t alloc() {
    if (!free_.empty()) {
      const int32_t id = free_.back();
      free_.pop_back();
      return id;
    }
    runs_.emplace_back();
    return int32_t(runs_.size()) - 1;
  }
  void release(int32_t id) {
    Run& r = runs_[size_t(id)];
    (r.prev >= 0 ? runs_[size_t(r.prev)].next : head_) = r.next;
    (r.next >= 0 ? runs_[size_t(r.next)].prev : tail_) = r.prev;
    free_.push_back(id);
  }
  // Links `id` into the LRU list just after `at` (-1: nothing before it; at == tail_: last).
  void link_after(int32_t id, int32_t at) {
    Run& r = runs_[size_t(id)];
    r.prev = at;
    r.next = at >= 0 ? runs_[size_t(at)].next : head_;
    (r.next >= 0 ? runs_[size_t(r.next)].prev : tail_) = id;
    (at >= 0 ? runs_[size_t(at)].next : head_) = id;
  }

  std::vector<std::map<uint64_t, int32_t>> regions_;  // [region]: hi -> run
  std::vector<Run> runs_;
  std::vector<int32_t> free_;
  std::vector<Piece> pieces_;
  int32_t head_ = -1, tail_ = -1;
  uint64_t size_ = 0;
};

}  // namespace asc_model
