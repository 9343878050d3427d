// The Model's runtime and cycle model as C++ libraries (gtest), without Python:
// a kernel in this translation unit is launched through run_launch as the
// generated launch stub does; the always-on checks fault on a bad access; a
// launch records its stream and the cycle model replays it; TQue rotates its
// buffers. Python's tests reach the same code through ctypes; these pin it
// where it lives.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "asc_model/launch.h"
#include "asc_model/pipe.h"
#include "../src/cycle_model.h"

// y = x * factor, n elements per block (the emitter's text for asc.testing.scale).
extern "C" __global__ __aicore__ void scale(GM_ADDR x, GM_ADDR y, int32_t n, float factor) {
  int32_t off = static_cast<int32_t>(AscendC::GetBlockIdx()) * n;
  AscendC::GlobalTensor<float> x_gm;
  x_gm.SetGlobalBuffer((__gm__ float*)x + off, n);
  AscendC::GlobalTensor<float> y_gm;
  y_gm.SetGlobalBuffer((__gm__ float*)y + off, n);
  AscendC::LocalTensor<float> t(AscendC::TPosition::VECIN, 0, n);
  AscendC::DataCopy(t, x_gm, n);
  AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
  AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
  AscendC::Muls<float, true>(t, t, factor, n);
  AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
  AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
  AscendC::DataCopy(y_gm, t, n);
}

namespace {

struct Args {
  float* x;
  float* y;
  int32_t n;
  float factor;
};

void body(void* p) {
  auto* a = static_cast<Args*>(p);
  scale(reinterpret_cast<GM_ADDR>(a->x), reinterpret_cast<GM_ADDR>(a->y), a->n, a->factor);
}

// A launch configuration with the Atlas A2 memories (the target record's figures).
struct Launch {
  asc_model::LaunchConfig cfg{};
  std::vector<asc_model::RegionDesc> regions;
  char err[4096] = {};

  Launch(int blocks, std::vector<float>& x, std::vector<float>& y) {
    const uint64_t sizes[asc_model::kMemCount] = {0, 192 * 1024, 512 * 1024, 64 * 1024, 64 * 1024, 128 * 1024,
                                                  1024, 7 * 1024};
    const uint32_t aligns[asc_model::kMemCount] = {1, 32, 32, 512, 512, 64, 64, 64};
    for (int i = 0; i < asc_model::kMemCount; ++i) {
      cfg.mem_size[i] = sizes[i];
      cfg.mem_align[i] = aligns[i];
    }
    cfg.block_dim = blocks;
    cfg.timeout_s = 10.0;
    regions = {{reinterpret_cast<uint64_t>(x.data()), x.size() * sizeof(float), "x"},
               {reinterpret_cast<uint64_t>(y.data()), y.size() * sizeof(float), "y"}};
    cfg.num_regions = static_cast<uint32_t>(regions.size());
    cfg.regions = regions.data();
    cfg.err = err;
    cfg.err_len = sizeof(err);
  }
  int run(Args& a) { return asc_model::run_launch(cfg, &body, &a); }
};

TEST(ModelRuntime, RunsEveryBlockOnItsSlice) {
  std::vector<float> x(4 * 256), y(x.size(), 0.0f);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i);
  Launch l(4, x, y);
  Args a{x.data(), y.data(), 256, 0.5f};
  ASSERT_EQ(l.run(a), 0) << l.err;
  for (size_t i = 0; i < x.size(); ++i) ASSERT_EQ(y[i], 0.5f * x[i]) << "element " << i;
}

TEST(ModelRuntime, AnAccessPastTheArgumentFaultsAndNamesTheCall) {
  std::vector<float> x(256, 1.0f), y(128, 0.0f);  // y too short for 256 elements
  Launch l(1, x, y);
  Args a{x.data(), y.data(), 256, 2.0f};
  ASSERT_EQ(l.run(a), 1);
  std::string msg = l.err;
  EXPECT_NE(msg.find("block 0"), std::string::npos) << msg;
  EXPECT_NE(msg.find("DataCopy"), std::string::npos) << msg;
  for (float v : y) ASSERT_EQ(v, 0.0f);  // nothing written past or before the fault
}

TEST(ModelRuntime, TheLowestFaultingBlockIsReported) {
  std::vector<float> x(4 * 256, 1.0f), y(256 + 16, 0.0f);  // blocks 1..3 write past y
  Launch l(4, x, y);
  Args a{x.data(), y.data(), 256, 2.0f};
  ASSERT_EQ(l.run(a), 1);
  EXPECT_NE(std::string(l.err).find("block 1"), std::string::npos) << l.err;
}

TEST(QueueState, AllocTensorRotatesThroughTheBuffers) {
  // Like the vendor's TQueBind: the cursor moves on at every look, so with two buffers
  // the next tile goes to the other one while the first is still in use or just freed.
  asc_model::QueueState q;
  q.num = 2;
  int first = q.take_next();
  ASSERT_EQ(first, 0);
  q.allocated[first] = true;
  q.allocated[first] = false;  // freed at once (bufs=2 double buffering)
  EXPECT_EQ(q.take_next(), 1);  // not the lowest free one again
  q.allocated[1] = true;
  EXPECT_EQ(q.take_next(), 0);
  q.allocated[0] = true;
  EXPECT_EQ(q.take_next(), -1);  // none free: the caller faults
}

// The cycle model on a launch's recorded stream.
struct Timed {
  double cycles = 0;
  double busy_v = 0, busy_mte2 = 0, busy_mte3 = 0;
};

Timed timed_launch(int32_t n) {
  std::vector<float> x(n, 1.0f), y(n, 0.0f);
  Launch l(1, x, y);
  asc_model::RecordIO io{};
  l.cfg.record = &io;
  Args a{x.data(), y.data(), n, 2.0f};
  EXPECT_EQ(l.run(a), 0) << l.err;
  EXPECT_NE(io.recording, nullptr);
  const void* ev = nullptr;
  const void* acc = nullptr;
  const void* str = nullptr;
  uint64_t n_ev = io.recording_buffer(io.recording, 0, &ev);
  uint64_t n_acc = io.recording_buffer(io.recording, 1, &acc);
  uint64_t n_str = io.recording_buffer(io.recording, 2, &str);
  uint32_t strings = 0;
  for (uint64_t i = 0; i < n_str; ++i) strings += static_cast<const char*>(str)[i] == '\0';
  // the parameters in the order the cycle model names them; A2-like values, 1 elsewhere
  std::vector<double> params;
  std::string names = io.param_names;
  size_t start = 0;
  while (start < names.size()) {
    size_t end = names.find(',', start);
    if (end == std::string::npos) end = names.size();
    std::string name = names.substr(start, end - start);
    double v = 1.0;
    if (name == "clock_ghz") v = 1.85;
    else if (name == "hbm_bytes_per_s") v = 1.6e12;
    else if (name == "l2_bytes_per_s") v = 5e12;
    else if (name == "l2_bytes") v = 192.0 * 1024 * 1024;
    else if (name == "vec_bytes_per_repeat") v = 256;
    else if (name == "gm_head_cycles") v = 125;
    else if (name == "core_gm_read_bytes_per_cycle" || name == "core_l2_read_bytes_per_cycle") v = 64;
    else if (name == "core_l2_write_bytes_per_cycle") v = 64;
    else if (name == "l2_granule_bytes" || name == "gm_align_bytes") v = 512;
    else if (name == "aiv_cores") v = 48;
    else if (name == "aic_cores") v = 24;
    if (!name.empty()) params.push_back(v);
    start = end + 1;
  }
  std::vector<double> factors(strings ? strings : 1, 1.0);
  asc_model::CycleInput in{static_cast<const asc_model::EventRec*>(ev), n_ev,
                           static_cast<const asc_model::AccessRec*>(acc), n_acc,
                           static_cast<const char*>(str), n_str, strings,
                           static_cast<uint32_t>(params.size()), params.data(), factors.data(), 0, 0};
  void* res = nullptr;
  Timed t;
  EXPECT_EQ(io.run(&in, &res), 0);
  const void* data = nullptr;
  io.result_buffer(res, asc_model::kResSummary, &data);
  t.cycles = static_cast<const double*>(data)[asc_model::kSumCycles];
  uint64_t n_busy = io.result_buffer(res, asc_model::kResBusy, &data);
  EXPECT_EQ(n_busy, 7u);  // one block x (S, V, M, MTE1, MTE2, MTE3, FIX)
  const double* busy = static_cast<const double*>(data);
  t.busy_v = busy[1];
  t.busy_mte2 = busy[4];
  t.busy_mte3 = busy[5];
  io.free_result(res);
  io.free_recording(io.recording);
  return t;
}

TEST(CycleModel, TimesTheRecordedStreamPerPipe) {
  Timed t = timed_launch(1024);
  EXPECT_GT(t.cycles, 0);
  EXPECT_GT(t.busy_v, 0);
  EXPECT_GT(t.busy_mte2, 0);
  EXPECT_GT(t.busy_mte3, 0);
  // the three steps are ordered by flags: the launch takes at least their sum
  EXPECT_GE(t.cycles, t.busy_v + t.busy_mte2 + t.busy_mte3);
}

TEST(CycleModel, MoreDataTakesLonger) {
  Timed small = timed_launch(1024), big = timed_launch(8 * 1024);
  EXPECT_GT(big.cycles, small.cycles);
  EXPECT_GT(big.busy_v, small.busy_v);
  EXPECT_GT(big.busy_mte2, small.busy_mte2);
}

}  // namespace
