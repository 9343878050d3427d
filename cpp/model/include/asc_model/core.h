// One simulated AI core: its local memories, its intra-core flag state, its
// observers and the fault plumbing. Each core runs on one host thread (the
// launching thread or a pooled runner, which run cores in turn;
// src/runtime.cpp); current_core() returns the core of the calling thread.
// Everything that is not a template lives in src/*.cpp (compiled once, cached).
#pragma once
#include <cstdarg>
#include <cstdint>
#include <string>
#include <memory>
#include <vector>
#include "asc_model/enums.h"
#include "asc_model/fault.h"
#include "asc_model/instrument.h"
#include "asc_model/platform.h"

// Every API function and method ends with these two defaulted parameters:
// GCC evaluates __builtin_FILE/LINE at the call site and honours the emitted
// `#line N "kernel.py"` directives, so faults name the user's Python line.
#define ASC_LOC_PARAMS const char *asc_file = __builtin_FILE(), int asc_line = __builtin_LINE()
#define ASC_LOC asc_file, asc_line

namespace asc_model {

struct Launch;     // runtime.cpp: cross-core state of one launch
struct DebugCore;  // src/debug_check.h: asc-debug's per-core analysis state
struct CoreMem;    // src/mem_pool.h: a core's local memories, pooled across launches

constexpr int kNumHardEvents = 35;  // HardEvent values 0..34
constexpr int kNumEventIds = 8;     // ids 0..7 per (src, dst) pair on A2/A3

// A description of the memory a tensor covers, independent of its element type.
// For local memories `addr` is a byte offset in the core's memory; for GM it is
// the host address.
struct TensorRef {
  Mem mem;
  uint64_t addr;
  uint64_t bytes;  // extent of the tensor; GM: 0 when no size was given
  int32_t cache_mode = 0;  // GM: the tensor's SetL2CacheHint (CacheMode); reported in Event::event
  int32_t pos = -1;            // LocalTensor: its TPosition (asc-debug's memcheck names it)
  const char* type = nullptr;  // element type name (type_name<T>())
};

// Fixpipe's FPC and ND_PARA registers (api/cube_fixpipe.h: SetFixPipeConfig,
// SetFixpipeNz2ndFlag, ...): QuantPreAddr is FPC[15:8] in 128-byte units, ndNum ND_PARA[15:0].
struct FixpipeRegs {
  uint64_t fpc = 0, nd_para = 0;
  bool fpc_set = false, nd_set = false;
  uint32_t quant_addr() const { return uint32_t((fpc >> 8) & 0xff) << 7; }
  uint16_t nd_num() const { return uint16_t(nd_para & 0xffff); }
};
// The vector unit's reduction registers ACC_VAL and MAX_MIN_CNT (api/vec_reduce.h).
struct ReduceSpr {
  uint64_t acc = 0, mm_val = 0, mm_idx = 0;
  bool acc_set = false, mm_set = false;
};

class Core {
 public:
  Core(Launch* launch, const LaunchConfig& cfg, int block_idx);
  ~Core();
  // Returns the local memories to the pool once the core's body has ended
  // (the next core on this thread reuses them while they are still cached).
  void release_memory();
  Core(const Core&) = delete;
  Core& operator=(const Core&) = delete;

  // The core's slot in the launch: its index in every per-core table. GetBlockIdx()
  // is user_block_idx(): the same, except for a mixed launch's AIC cores (slots
  // after the AIV cores), whose GetBlockIdx() is their group.
  int block_idx() const { return block_idx_; }
  int user_block_idx() const { return user_block_idx_; }
  // GetBlockNum(): the launch's numBlocks (a mixed kernel's AIC-AIV groups), whichever core asks.
  int user_block_num() const { return user_block_num_; }
  // One of a mixed launch's AIC cores (LaunchConfig::aic_cores), not an AIC_ONLY launch's.
  bool mixed_aic() const { return aic_slot_; }
  Launch* launch() const { return launch_; }  // its rank's world, if any: asc_model/hccl.h
  int block_num() const { return block_num_; }  // the launch's simulated cores (a mixed kernel's AIV cores)
  // A mixed 1:2 kernel's AIV cores per AIC (1 otherwise): block_idx() is group * this + the sub-block.
  int sub_block_num() const { return sub_block_num_; }
  int core_type() const { return core_type_; }
  uint8_t* mem_base(Mem m) { return base_[static_cast<int>(m)]; }
  uint64_t mem_size(Mem m) const { return size_[static_cast<int>(m)]; }
  uint32_t mem_align(Mem m) const { return align_[static_cast<int>(m)]; }
  bool observed() const { return !observers_.empty(); }
  // false in a timing-only launch (kLaunchTimingOnly): the checks run and the
  // calls are reported, but the data is not computed (Call::run() says so).
  bool computes() const { return computes_; }
  // An NPU script forced onto the Model (kLaunchNpuScript): where the device is silent, act as it does.
  bool npu_script() const { return npu_script_; }
  void add_observer(Observer* o);  // (src/runtime.cpp: the runtime adds them, not kernels)
  void emit(const Event& e) { for (Observer* o : observers_) o->on_event(e); }
  uint64_t tick() { return ++calls_; }  // also GetSystemCycle's clock

  // Throws Cancelled if another core has faulted. Called by every API entry.
  void poll(const char* file, int line);
  // Formats "file:line: block N: API: message" and throws Fault.
  [[noreturn]] void fault(const char* file, int line, const char* api, const char* fmt, ...)
      __attribute__((format(printf, 5, 6)));

  // Checks one access and returns its host pointer. `align` requests the
  // memory's start-alignment check (vector/MTE operands; not scalar access).
  uint8_t* check(const TensorRef& t, uint64_t byte_off, uint64_t nbytes, bool write, bool align,
                 const char* api, const char* file, int line, Access* out);

  // An access straddling a GM argument's end and its padding (gm_padding.h) is
  // staged in a buffer of its own; Call's destructor ends it: a write that
  // completed copies back, each part to where it belongs (the user's array,
  // the padding); a faulting call's staging is dropped.
  bool has_staged() const { return !staged_.empty(); }
  void end_staged(bool commit);

  // ASC_DEBUG=initcheck: faults on reads of local-memory bytes never written.
  void check_initialised(int mem, uint64_t addr, uint64_t nbytes, bool write, const char* api,
                         const char* file, int line);

  // Intra-core flags (SetFlag/WaitFlag). Faults on bad id, double set, deadlock.
  void set_flag(int event, int id, const char* file, int line);
  void wait_flag(int event, int id, const char* file, int line);

  // Cross-core synchronisation, implemented on the Launch.
  void sync_all(bool aiv_only, const char* file, int line);
  void cross_set(int mode, int flag, const char* file, int line);
  void cross_wait(int mode, int flag, const char* file, int line);
  void ib_set(int block, int event, const char* file, int line);
  void ib_wait(int block, int event, const char* file, int line);

  // printf / DumpTensor output, flushed in block order after the launch.
  void print(const std::string& s) { out_ += s; }
  std::string& output() { return out_; }

  // SetPadValue state: bit pattern and size of the value (0 = never set).
  uint64_t pad_bits = 0;
  uint32_t pad_size = 0;

  // Per-core modes of the cube / misc APIs (api/cube.h, api/misc.h).
  // Atomic GM writes (SetAtomicAdd/Max/Min<T>): when atomic_fn is set, every
  // write to GM by DataCopy / DataCopyPad / Fixpipe combines
  // dst = op(dst, src) element-wise through it instead of storing.
  void (*atomic_fn)(uint8_t* dst, const uint8_t* src, uint64_t bytes) = nullptr;
  uint32_t atomic_elem = 0;    // element size of the atomic type
  int32_t atomic_op = 0;       // 0 none, 1 add, 2 max, 3 min
  const char* atomic_type = "";
  uint64_t fixpipe_quant = 0;  // SetFixpipePreQuantFlag
  uint32_t load_boundary = 0;  // SetLoadDataBoundary
  uint64_t load_pad_bits = 0;  // SetLoadDataPaddingValue
  // SetLoadDataRepeat (stride | time << 16 | mode << 24); the reset value is one repeat
  uint64_t load_repeat = uint64_t(1) << 16;
  // SetFmatrix's FMATRIX registers, [0] left (FMATRIX_LEFT, fMatrixCtrl false), [1] right:
  // l1W bits 0..15, l1H 16..31, padList[i] bits 32+8i (the vendor's packing)
  uint64_t fmatrix[2] = {0, 0};
  // Registers a launch's core starts with reset (thread-locals keyed by the Core's
  // address were not: a later launch's core reused the address and read them).
  FixpipeRegs fixpipe;
  ReduceSpr reduce_spr;
  int64_t determine_waits = 0;  // WaitPreBlock calls so far (sync.h)
  bool hf32 = false, hf32_trans = false, mm_layout = false;
  // LoadDataWithSparse: the 2-bit index block (128 B) of each 512 B L0B
  // fractal it wrote, by fractal number (L0B byte address / 512); `sparse_ok`
  // marks the fractals that have one (MmadWithSparse faults on the others).
  std::vector<uint8_t> sparse_idx, sparse_ok;
  uint8_t operand = 0;         // Call::range -> check: the operand rank of the access being checked
  int32_t call_pipe = 0;       // ... and its call's pipe (asc-debug's reports)
  DebugCore* debug = nullptr;  // asc-debug's per-core state (src/debug_check.h); null unless LaunchConfig::debug
  uint16_t mrg_sort_result[4] = {0, 0, 0, 0};  // GetMrgSortResult: taken from each list by the last MrgSort
  void* first_pipe = nullptr;                  // GetTPipePtr: the first TPipe constructed on this core
  uint8_t* sys_workspace = nullptr;
  uint8_t* hccl_ctx[2] = {nullptr, nullptr};
  // The AIPP unit's registers (api/aipp.h): SetAippFunctions' last configuration,
  // which LoadImageToLocal applies. T-typed values are kept as T's bit pattern
  // (elem names T), as the device keeps them in its SPRs.
  struct AippRegs {
    bool set = false;
    TensorRef src0{}, src1{};
    bool has_src1 = false;
    int32_t format = 0;
    const char* elem = "";  // type_name<T>() of the AippParams<T>
    uint32_t padding_mode = 0;
    uint16_t padding_bits[4] = {0, 0, 0, 0};
    bool swap_rb = false, swap_uv = false, swap_ax = false, single_line = false;
    uint8_t dtc_mean[3] = {0, 0, 0};
    uint16_t dtc_min_bits[3] = {0, 0, 0}, dtc_var_bits[3] = {0, 0, 0};  // half
    uint32_t c_padding_mode = 0;
    uint16_t c_padding_bits = 0;
    bool csc = false;
    int16_t csc_matrix[3][3] = {};
    uint8_t csc_bias_in[3] = {0, 0, 0}, csc_bias_out[3] = {0, 0, 0};
  } aipp;
  // Vector unit registers (api/vector.h): mask register, mask mode, CMPMASK
  // (compare result / select mask, 128 bits + spare), deq scale.
  struct VecState {
    uint64_t mask[2] = {~0ull, ~0ull};
    bool counter = false;          // SetMaskCount (true) / SetMaskNorm (false)
    uint64_t cmp[4] = {0, 0, 0, 0};
    float deq_scale = 1.0f;
    int16_t deq_offset = 0;
    bool deq_signed = true;
    uint64_t gather_mask_cnt = 0;  // GatherMask rsvdCnt of the last call
  } vec;

 private:
  Launch* launch_;
  int block_idx_, block_num_, core_type_, sub_block_num_;
  int user_block_idx_, user_block_num_;  // GetBlockIdx(): block_idx_, or a mixed launch's AIC core's group
  bool aic_slot_;       // one of a mixed launch's AIC cores (LaunchConfig::aic_cores)
  uint32_t polls_ = 0;           // API calls so far (the launch time limit is checked every 256)
  CoreMem* store_;               // pooled buffers (zero on entry to the launch)
  uint8_t* base_[kMemCount];
  uint64_t size_[kMemCount];
  uint64_t touched_[kMemCount] = {};  // end of the highest checked range: re-zeroed on reuse
  uint32_t align_[kMemCount];
  std::vector<uint8_t> written_[kMemCount];  // initcheck shadow (empty unless ASC_DEBUG=initcheck)
  uint8_t flags_[kNumHardEvents][kNumEventIds] = {};
  std::vector<Observer*> observers_;
  struct Staged {
    uint8_t* user;  // the part in the argument's own bytes
    uint64_t user_n;
    uint8_t* pad;   // the part in its padding
    uint64_t pad_n;
    bool write;
    std::unique_ptr<uint8_t[]> buf;
  };
  std::vector<Staged> staged_;
  uint64_t calls_ = 0;
  bool computes_ = true;
  bool npu_script_ = false;
  std::string out_;
};

// The core of the calling thread; faults (as a plain Fault) when called
// outside a launch.
Core& current_core();

// ASC_LOOP_CHECK(): called on every iteration of the kernel's runtime loops,
// so that Ctrl-C, the launch time limit and another core's fault stop a loop
// that makes no API call.
void loop_check(const char* file, int line);

// Appends a printf-formatted string (for messages).
std::string strprintf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace asc_model
