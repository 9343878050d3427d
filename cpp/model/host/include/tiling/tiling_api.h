// The vendor's host tiling API (tiling/tiling_api.h) on the Model: ge::Shape,
// the matmul tiling classes (matmul_tiling::MatmulApiTiling,
// MultiCoreMatmulTiling, BatchMatmulTiling), optiling::TCubeTiling and the
// tiling-data macros. The matmul algorithm is asc.lib.host's: the C++ objects
// record their Set* calls and GetTiling replays them there (asc_host/replay.h).
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>
#include "asc_host/replay.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/tiling_data.h"

namespace ge {
// The graph engine's data types (numbering as the vendor's graph/types.h).
enum DataType {
  DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_UINT8 = 4, DT_INT16 = 6, DT_UINT16 = 7,
  DT_UINT32 = 8, DT_INT64 = 9, DT_UINT64 = 10, DT_DOUBLE = 11, DT_BOOL = 12, DT_BF16 = 27, DT_INT4 = 29,
};
class Shape {
 public:
  Shape() = default;
  explicit Shape(const std::vector<int64_t>& dims) : dims_(dims) {}
  size_t GetDimNum() const { return dims_.size(); }
  int64_t GetDim(size_t i) const { return i < dims_.size() ? dims_[i] : 0; }
  void SetDim(size_t i, int64_t v) { if (i < dims_.size()) dims_[i] = v; }
  const std::vector<int64_t>& GetDims() const { return dims_; }
  int64_t GetShapeSize() const {
    if (dims_.empty()) return 0;
    int64_t n = 1;
    for (int64_t d : dims_) n *= d;
    return n;
  }

 private:
  std::vector<int64_t> dims_;
};
}  // namespace ge

// TCubeTiling's fields in the struct's order (the Model's AscendC::tiling::TCubeTiling,
// AscendCAdvMatmul.td); tests/model/test_host_tiling_cpp.py checks the order.
#define ASC_TCUBE_TILING_FIELDS(X)                                                                     \
  X(usedCoreNum) X(M) X(N) X(Ka) X(Kb) X(singleCoreM) X(singleCoreN) X(singleCoreK) X(baseM) X(baseN) \
  X(baseK) X(depthA1) X(depthB1) X(stepM) X(stepN) X(isBias) X(transLength) X(iterateOrder)         \
  X(shareMode) X(shareL1Size) X(shareL0CSize) X(shareUbSize) X(batchM) X(batchN) X(singleBatchM)    \
  X(singleBatchN) X(stepKa) X(stepKb) X(depthAL1CacheUB) X(depthBL1CacheUB) X(dbL0A) X(dbL0B)      \
  X(dbL0C) X(ALayoutInfoB) X(ALayoutInfoS) X(ALayoutInfoN) X(ALayoutInfoG) X(ALayoutInfoD)         \
  X(BLayoutInfoB) X(BLayoutInfoS) X(BLayoutInfoN) X(BLayoutInfoG) X(BLayoutInfoD) X(CLayoutInfoB)  \
  X(CLayoutInfoS1) X(CLayoutInfoN) X(CLayoutInfoG) X(CLayoutInfoS2) X(BatchNum)

namespace optiling {
BEGIN_TILING_DATA_DEF(TCubeTiling)
#define ASC_TCUBE_FIELD(f) TILING_DATA_FIELD_DEF(int32_t, f);
ASC_TCUBE_TILING_FIELDS(ASC_TCUBE_FIELD)
#undef ASC_TCUBE_FIELD
END_TILING_DATA_DEF;
static_assert(sizeof(TCubeTiling) == 49 * sizeof(int32_t), "optiling::TCubeTiling is 49 packed int32 fields");
}  // namespace optiling

namespace matmul_tiling {

enum class DataType : int32_t {
  DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_UINT8 = 4, DT_INT16 = 6, DT_UINT16 = 7,
  DT_UINT32 = 8, DT_INT64 = 9, DT_UINT64 = 10, DT_DOUBLE = 11, DT_BOOL = 12, DT_BF16 = 27, DT_BFLOAT16 = 27,
  DT_INT4 = 29,
};
enum class TPosition : int32_t {
  GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM, MAX,
};
enum class CubeFormat : int32_t {
  ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR, ROW_MAJOR = ND, COLUMN_MAJOR = 8,
};
enum class MatrixTraverse : int32_t { NOSET = 0, FIRSTM = 1, FIRSTN = 2 };
enum class MatrixMadType : int32_t { NORMAL = 0, HF32 = 1, MXMODE = 2 };
enum class DequantType : int32_t { SCALAR = 0, TENSOR = 1 };
enum class ScheduleType : int32_t { INNER_PRODUCT = 0, OUTER_PRODUCT = 1, N_BUFFER_33 = 2 };

struct MatmulConfigParams {
  int32_t mmConfigType = 1;
  bool enableL1CacheUB = false;
  ScheduleType scheduleType = ScheduleType::INNER_PRODUCT;
  MatrixTraverse traverse = MatrixTraverse::NOSET;
  bool enVecND2NZ = false;
  MatmulConfigParams(int32_t t = 1, bool l1 = false, ScheduleType s = ScheduleType::INNER_PRODUCT,
                     MatrixTraverse tr = MatrixTraverse::NOSET, bool nd2nz = false)
      : mmConfigType(t), enableL1CacheUB(l1), scheduleType(s), traverse(tr), enVecND2NZ(nd2nz) {}
};

// Records the calls; GetTiling replays them in asc.lib.host (one algorithm).
class MatmulApiTiling {
 public:
  MatmulApiTiling() : soc_(asc_host::default_soc()) {}
  explicit MatmulApiTiling(const platform_ascendc::PlatformAscendC& p) : soc_(p.soc()) {}
  virtual ~MatmulApiTiling() = default;

  int32_t SetAType(TPosition pos, CubeFormat fmt, DataType t, bool trans = false) {
    return rec("set_a_type", {int(pos), int(fmt), int(t), int(trans)});
  }
  int32_t SetBType(TPosition pos, CubeFormat fmt, DataType t, bool trans = false) {
    return rec("set_b_type", {int(pos), int(fmt), int(t), int(trans)});
  }
  int32_t SetCType(TPosition pos, CubeFormat fmt, DataType t) { return rec("set_c_type", {int(pos), int(fmt), int(t)}); }
  int32_t SetBiasType(TPosition pos, CubeFormat fmt, DataType t) {
    return rec("set_bias_type", {int(pos), int(fmt), int(t)});
  }
  int32_t SetShape(int32_t m, int32_t n, int32_t k) { return rec("set_shape", {m, n, k}); }
  int32_t SetOrgShape(int32_t m, int32_t n, int32_t k) { return rec("set_org_shape", {m, n, k}); }
  int32_t SetOrgShape(int32_t m, int32_t n, int32_t ka, int32_t kb) { return rec("set_org_shape", {m, n, ka, kb}); }
  int32_t EnableBias(bool b = false) { return rec("enable_bias", {int(b)}); }
  int32_t SetBias(bool b = false) { return EnableBias(b); }
  int32_t SetBufferSpace(int32_t l1 = -1, int32_t l0c = -1, int32_t ub = -1, int32_t bt = -1) {
    return rec("set_buffer_space", {l1, l0c, ub, bt});
  }
  int32_t SetFixSplit(int32_t m = -1, int32_t n = -1, int32_t k = -1) { return rec("set_fix_split", {m, n, k}); }
  int32_t SetSplitRange(int32_t maxM = -1, int32_t maxN = -1, int32_t maxK = -1, int32_t minM = -1,
                        int32_t minN = -1, int32_t minK = -1) {
    return rec("set_split_range", {maxM, maxN, maxK, minM, minN, minK});
  }
  int32_t SetTraverse(MatrixTraverse t) { return rec("set_traverse", {int(t)}); }
  int32_t SetMadType(MatrixMadType t) { return rec("set_mad_type", {int(t)}); }
  int32_t SetDoubleBuffer(bool a, bool b, bool c, bool bias, bool transND2NZ = true, bool transNZ2ND = true) {
    return rec("set_double_buffer", {int(a), int(b), int(c), int(bias), int(transND2NZ), int(transNZ2ND)});
  }
  int32_t SetDequantType(DequantType t) { return rec("set_dequant_type", {int(t)}); }
  int32_t SetSparse(bool s = false) { return rec("set_sparse", {int(s)}); }
  int32_t SetBatchNum(int32_t n) { return rec("set_batch_num", {n}); }
  int32_t SetBatchInfoForNormal(int32_t ba, int32_t bb, int32_t m, int32_t n, int32_t k) {
    return rec("set_batch_info_for_normal", {ba, bb, m, n, k});
  }
  int32_t SetALayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) { return rec("set_a_layout", {b, s, n, g, d}); }
  int32_t SetBLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) { return rec("set_b_layout", {b, s, n, g, d}); }
  int32_t SetCLayout(int32_t b, int32_t s1, int32_t n, int32_t g, int32_t s2) {
    return rec("set_c_layout", {b, s1, n, g, s2});
  }
  void SetMatmulConfigParams(int32_t type = 1, bool l1 = false, ScheduleType s = ScheduleType::INNER_PRODUCT,
                             MatrixTraverse t = MatrixTraverse::NOSET, bool nd2nz = false) {
    rec("set_matmul_config_params", {type, int(l1), int(s), int(t), int(nd2nz)});
  }
  void SetMatmulConfigParams(const MatmulConfigParams& p) {
    SetMatmulConfigParams(p.mmConfigType, p.enableL1CacheUB, p.scheduleType, p.traverse, p.enVecND2NZ);
  }

  // 0 and the fields filled, or -1 (no tiling fits, or the replay failed).
  int64_t GetTiling(optiling::TCubeTiling& t) {
    std::vector<long long> v;
    if (!run(&v)) return -1;
#define ASC_SET(f) t.f = int32_t(v[1 + i++]);
    size_t i = 0;
    ASC_TCUBE_TILING_FIELDS(ASC_SET)
#undef ASC_SET
    if (v[0] == 0) {  // what GetSingleShape reads back (the vendor's tiling_ member)
      single_core_[0] = t.singleCoreM;
      single_core_[1] = t.singleCoreN;
      single_core_[2] = t.singleCoreK;
    }
    return v[0];
  }
  // The kernel's struct (AscendC::tiling::TCubeTiling / TCubeTiling from kernel_tiling.h).
  template <class KernelTiling, class = decltype(&KernelTiling::usedCoreNum)>
  int64_t GetTiling(KernelTiling& t) {
    optiling::TCubeTiling h;
    int64_t r = GetTiling(h);
    if (r == 0) {
      static_assert(sizeof(KernelTiling) == sizeof(h), "TCubeTiling layouts differ");
      std::memcpy(&t, &h, sizeof h);
    }
    return r;
  }

 protected:
  virtual const char* cls() const { return "MatmulApiTiling"; }
  int32_t rec(const char* m, std::initializer_list<int32_t> args) {
    std::string s = m;
    s += ":";
    bool first = true;
    for (int32_t a : args) {
      if (!first) s += ",";
      s += std::to_string(a);
      first = false;
    }
    calls_.push_back(s);
    return 0;
  }
  bool run(std::vector<long long>* v) {
    std::vector<std::string> args = {"tiling", cls(), soc_};
    args.insert(args.end(), calls_.begin(), calls_.end());
    return asc_host::replay(args, v) && v->size() == 50;
  }

  // singleCoreM / N / K of the last successful GetTiling (0 before one).
  int32_t single_core_[3] = {0, 0, 0};

 private:
  std::string soc_;
  std::vector<std::string> calls_;
};

class MultiCoreMatmulTiling : public MatmulApiTiling {
 public:
  using MatmulApiTiling::MatmulApiTiling;
  int32_t SetDim(int32_t dim) { return rec("set_dim", {dim}); }
  int32_t SetSingleShape(int32_t m = -1, int32_t n = -1, int32_t k = -1) { return rec("set_single_shape", {m, n, k}); }
  int32_t SetSingleRange(int32_t maxM = -1, int32_t maxN = -1, int32_t maxK = -1, int32_t minM = -1,
                         int32_t minN = -1, int32_t minK = -1) {
    return rec("set_single_range", {maxM, maxN, maxK, minM, minN, minK});
  }
  int32_t SetAlignSplit(int32_t m, int32_t n, int32_t k) { return rec("set_align_split", {m, n, k}); }
  void EnableMultiCoreSplitK(bool flag) { rec("enable_multi_core_split_k", {int(flag)}); }
  // The single-core shape the last GetTiling computed (0, 0, 0 before one), as the vendor's.
  int32_t GetSingleShape(int32_t& shapeM, int32_t& shapeN, int32_t& shapeK) {
    shapeM = single_core_[0];
    shapeN = single_core_[1];
    shapeK = single_core_[2];
    return 0;
  }

 protected:
  const char* cls() const override { return "MultiCoreMatmulTiling"; }
};

class BatchMatmulTiling : public MultiCoreMatmulTiling {
 public:
  using MultiCoreMatmulTiling::MultiCoreMatmulTiling;

 protected:
  const char* cls() const override { return "BatchMatmulTiling"; }
};

}  // namespace matmul_tiling
#include "tiling/adv_tmp_size.h"
#include "tiling/adv_quant_tiling.h"
#include "tiling/adv_math_ext_tiling.h"
#include "tiling/adv_pad_tiling.h"
#include "tiling/adv_softmax_tiling.h"
#include "tiling/adv_reduce_tiling.h"
#include "tiling/adv_filter_tiling.h"
#include "tiling/adv_sort_tiling.h"
#include "tiling/adv_topk_tiling.h"
#include "tiling/adv_layernorm_tiling.h"
#include "tiling/adv_norm_tiling.h"
