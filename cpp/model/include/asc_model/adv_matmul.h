// The adv Matmul object: AscendC::Matmul<A, B, C, BIAS, MM_CFG>, the tiling
// structs the host fills (TCubeTiling, MatmulApiStaticTiling), MatmulType,
// the predefined configs and REGIST_MATMUL_OBJ.
//
// The object is composed of the Model's cube primitives, so every movement
// is an instrumented API call the checks and the cycle model see:
//   GM -> L1    DataCopy with Nd2NzParams (MTE2), A and B in chunks of stepKa /
//               stepKb base_k tiles, two L1 buffers each when depthA1/B1 allow;
//               the bias row with DataCopyPad (MTE2), then L1 -> BT (MTE1);
//   L1 -> L0    LoadData 2D (MTE1), one row (A) / column (B) of fractals per
//               call, transposing where the layout needs it; L0A/L0B
//               ping-pong when dbL0A/dbL0B are 2;
//   L0A x L0B   Mmad (M), accumulating base_k tiles in L0C (bias on the first);
//   L0C -> out  Fixpipe (FIX) to GM (NZ -> ND, the block's place in C) or to a
//               LocalTensor (VECCALC; baseN-element rows).
// Between the pipes it raises and waits the hardware flags a real
// implementation needs (MTE2_MTE1, MTE1_M, M_FIX and the buffer-free flags
// back), so the timed Model overlaps the stages as the double buffers allow.
// Execution stays in program order; a flag is waited only when it was set.
//
// Supported (else a fault naming the user's line): A, B in GM in ND format (A also
// VECTOR: a 1 x K vector, GEMV), or in L1 (TSCM / A1 / B1, NZ: the user's buffer read in
// place, see SetTensorA(LocalTensor)); C in GM as ND, ND_ALIGN (rows padded to 32 bytes)
// or NZ (with isEnableChannelSplit, float 16 x 8 fractals), or ND in a LocalTensor;
// enAtomic (add / max / min into C in GM) on IterateAll, GetTensorC and IterateBatch;
// half / bfloat16_t (transposed or not), float or int8_t (A not transposed; B
// either way: LoadDataWithTranspose makes L0B of a K x N B); C of the
// accumulator type (float, or int32_t for int8), or converted on the way out
// of L0C (F322F16 / F322BF16; with SetQuantScalar / SetQuantVector DEQF16,
// REQ8, QF322B8_PRE and their per-channel forms) in GM or a LocalTensor; the
// bias (of the accumulator type) in GM. IterateBatch for the NORMAL (BMNK),
// BNGS1S2, BSNGD and SBNGD layouts (see batch_loop), and IterateNBatch's rounds
// into the workspace with GetBatchTensorC (configs with isNBatch). The config
// (adv_matmul_config.h) is the vendor's MatmulConfig.
#pragma once
// The adv API's global enums (CubeFormat, LayoutMode...), which kernel_operator.h
// does not declare (generated_enums.h, second part).
#define ASC_MODEL_MATMUL_ENUMS
#include "asc_model/generated_enums.h"
#include <algorithm>
#include <cstdint>
#include <mutex>
#include "asc_model/call.h"
#include "asc_model/core.h"
#include "asc_model/pipe.h"
#include "asc_model/sync.h"
#include "asc_model/tensor.h"
#include "asc_model/api/cube.h"
#include "asc_model/api/data_copy.h"
#include "asc_model/adv_matmul_config.h"

namespace asc_model {
// Serialises the Matmuls' atomic (enAtomic) copies of C to GM across the cores' threads.
inline std::mutex& matmul_atomic_mutex() {
  static std::mutex m;
  return m;
}
}  // namespace asc_model

// TCubeTiling (the tiling struct, reachable without the Matmul API): asc_model/api/adv_common.h.

// MatmulApiStaticTiling (adv_matmul_config.h) and GetMatmulApiTiling:
#include "asc_model/adv_matmul_api_tiling.h"

namespace AscendC {

// SRCPOS: the vendor's last parameter (where the data comes from) and IBSHARE (the two AIV
// cores of a group share the operand's L1 copy): kept as the vendor's members; the Model
// reads neither (each core's client computes with its own operands).
template <TPosition POSITION, CubeFormat FORMAT, class TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false, TPosition SRCPOS = TPosition::GM>
struct MatmulType {
  static constexpr TPosition pos = POSITION;
  static constexpr CubeFormat format = FORMAT;
  using T = TYPE;
  static constexpr bool isTrans = ISTRANS;
  static constexpr LayoutMode layout = LAYOUT;
  static constexpr bool ibShare = IBSHARE;
  static constexpr TPosition srcPos = SRCPOS;
};

// What a DataCopyOut callback receives as `dataCopyOutParams` (the vendor's
// matmul_utils.h): the block's copy out of L0C, for the callback to do itself.
struct DataCopyOutParams {
  DataCopyOutParams() = default;
  DataCopyOutParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn, const uint32_t dstStrideIn,
                    const uint16_t nSize, const bool unitFlag, const int curMPos, const int curNPos)
      : cBurstNum(count), burstLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), oriNSize(nSize),
        enUnitFlag(unitFlag), curM(curMPos), curN(curNPos) {}
  uint8_t quantMode = 0;
  uint16_t cBurstNum = 0;   // C's 16-column blocks of the block (ceil(n / 16))
  uint16_t burstLen = 0;    // the block's rows x 16 x sizeof(L0C element) / 32
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;   // C's row pitch in elements (baseN with enSequentialWrite)
  uint16_t oriNSize = 0;    // the block's columns
  bool enUnitFlag = false;
  uint64_t quantScalar = 0;
  int curM = 0;             // the block's index along M (in baseM) and N (in baseN)
  int curN = 0;
  uint64_t cbufWorkspaceAddr = 0;
};

// The user's copy functions Matmul calls instead of its own (the vendor's
// matmul_call_back.h), each with the user's SetUserDefInfo (tilingPtr) and
// SetSelfDefineData (dataPtr) values:
//   DataCopyOut(gm, co1Local, params, ...): a block of C from L0C (co1Local, NZ) to
//     GM; gm is the block's place in C (IterateAll, GetTensorC to GM);
//   CopyA1(aMatrix, gm, row, col, useM, useK, ...): A's tile (row, col) of useM x useK
//     (tile indices in units of the tile: baseM, and baseK (Norm) or stepKa x baseK
//     (MDL)) from A's GM (gm: where SetTensorA points) into L1 (aMatrix, NZ);
//   CopyB1(bMatrix, gm, row, col, useK, useN, ...): B's tile, the same way.
template <void (*DataCopyOut)(const __gm__ void* gm, const LocalTensor<int8_t>& co1Local,
                              const void* dataCopyOutParams, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
          void (*CopyA1)(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int row, int col, int useM,
                         int useK, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
          void (*CopyB1)(const LocalTensor<int8_t>& bMatrix, const __gm__ void* gm, int row, int col, int useK,
                         int useN, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr>
struct MatmulCallBackFunc {
  constexpr static void (*DataCopyOutPtr)(const __gm__ void* gm, const LocalTensor<int8_t>& co1Local,
                                          const void* dataCopyOutParams, const uint64_t tilingPtr,
                                          const uint64_t dataPtr) = DataCopyOut;
  constexpr static void (*CopyA1Ptr)(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int row, int col,
                                     int useM, int useK, const uint64_t tilingPtr, const uint64_t dataPtr) = CopyA1;
  constexpr static void (*CopyB1Ptr)(const LocalTensor<int8_t>& bMatrix, const __gm__ void* gm, int row, int col,
                                     int useK, int useN, const uint64_t tilingPtr, const uint64_t dataPtr) = CopyB1;
};

namespace Impl {
namespace Detail {
// MATMUL_POLICY: the vendor's policies (policy/matmul_policy.h) are bundles of its
// Matmul's internal modules (schedulers, buffers, copy stages), with these names
// and template parameters. The Model's Matmul has no such modules: it models the
// policies whose effect on C and on the API is documented (matmul_policy.h,
// scheduler_base.h IsInTrianMatmul, the matmul_nbuffer33 / matmul_triangle examples):
//   MatmulPolicy            the default;
//   NBuffer33MatmulPolicy   A's 3 x 3 base blocks kept in L1 while B streams: the
//                           same C; MDL configs and IterateAll only (the vendor's
//                           static_asserts in IterateAll and Iterate);
//   TrianUpperMatmulPolicy  only the base blocks (m, n) of the core's C with m <= n
//                           (in baseM / baseN units) are computed and written;
//   TrianLowerMatmulPolicy  only those with m >= n.
// Any other policy (MatmulWithScalePolicy, SplitMMatmulPolicy, SplitNMatmulPolicy,
// which serve other chips' MX / dual-destination modes, or a user's own policy, which
// replaces internal modules the Model does not have) faults at Init, naming it.
enum class PolicyType { MATMUL_DEFAULT = 0, MATMUL_NBUFFER_33 = 1, MATMUL_UPPER_TRIANGULAR = 2, MATMUL_LOWER_TRIANGULAR = 3 };
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct MatmulPolicy {
  constexpr static PolicyType POLICY_TYPE = PolicyType::MATMUL_DEFAULT;
  using UserDefDataType = uint64_t;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct MatmulWithScalePolicy : public MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct NBuffer33MatmulPolicy : public MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  constexpr static PolicyType POLICY_TYPE = PolicyType::MATMUL_NBUFFER_33;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct TrianUpperMatmulPolicy : public MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  constexpr static PolicyType POLICY_TYPE = PolicyType::MATMUL_UPPER_TRIANGULAR;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct TrianLowerMatmulPolicy : public MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  constexpr static PolicyType POLICY_TYPE = PolicyType::MATMUL_LOWER_TRIANGULAR;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct SplitMMatmulPolicy : public MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct SplitNMatmulPolicy : public MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};

// Which policy the template is (by the template itself: a user's policy derived from
// MatmulPolicy inherits its POLICY_TYPE but not its behaviour): the PolicyType of a
// modelled one, -1 for any other.
struct PolicyProbe {};
template <template <const auto&, typename...> class P, const auto& CFG, class A, class B, class C, class BIAS>
constexpr int ModelledPolicy() {
  using X = P<CFG, PolicyProbe, A, B, C, BIAS>;
  if (std::is_same_v<X, MatmulPolicy<CFG, PolicyProbe, A, B, C, BIAS>>) return int(PolicyType::MATMUL_DEFAULT);
  if (std::is_same_v<X, NBuffer33MatmulPolicy<CFG, PolicyProbe, A, B, C, BIAS>>) return int(PolicyType::MATMUL_NBUFFER_33);
  if (std::is_same_v<X, TrianUpperMatmulPolicy<CFG, PolicyProbe, A, B, C, BIAS>>)
    return int(PolicyType::MATMUL_UPPER_TRIANGULAR);
  if (std::is_same_v<X, TrianLowerMatmulPolicy<CFG, PolicyProbe, A, B, C, BIAS>>)
    return int(PolicyType::MATMUL_LOWER_TRIANGULAR);
  return -1;
}

// The Model's Matmul (AscendC::Matmul is an alias of it, as the vendor's Matmul is an
// alias of MatmulImpl / MatmulClient).
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE, const auto& MM_CFG, class MM_CB,
          template <const auto&, typename...> class MATMUL_POLICY>
class MatmulModel {
  // The config (MM_CFG may also be GetMatmulApiTiling's MatmulApiStaticTiling).
  static constexpr const MatmulConfig& CFG = asc_model::to_matmul_config(MM_CFG);
  static constexpr int POLICY = ModelledPolicy<MATMUL_POLICY, MM_CFG, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>();
  static constexpr bool NBUFFER33 = POLICY == int(PolicyType::MATMUL_NBUFFER_33);
  static constexpr bool CB_OUT = MM_CB::DataCopyOutPtr != nullptr;
  // enUnitFlag (A2 has it): the vendor's CubeOutBuffer for it (cube_out_buffer_unit_flag.h)
  // drops the M_FIX / FIX_M flags around L0C; each block's Mmads carry unit flag 2 (check),
  // the last k tile's 3 (set), and the Fixpipe to GM 3: the hardware hands L0C over per unit.
  // (The Norm configs have it on, CFG_MDL off. The vendor turns it off on chips without it,
  // 310P among them; the Model's Matmul follows Atlas A2's path on every platform.)
  static constexpr bool UNIT_FLAG = CFG.enUnitFlag && !CB_OUT && C_TYPE::pos == TPosition::GM;
  static constexpr uint8_t UNIT_OUT = UNIT_FLAG ? 3 : 0;  // the Fixpipe to GM's unit flag
  static constexpr bool CB_A = MM_CB::CopyA1Ptr != nullptr;
  static constexpr bool CB_B = MM_CB::CopyB1Ptr != nullptr;
  using TA = typename A_TYPE::T;
  using TB = typename B_TYPE::T;
  using TC = typename C_TYPE::T;
  using TBias = typename BIAS_TYPE::T;
  using TL0C = typename asc_model::AccOf<TA>::type;
  static_assert(std::is_same_v<TA, TB>, "Matmul (Model): A and B must have the same element type");
  static_assert(sizeof(TA) == 1 || sizeof(TA) == 2 || sizeof(TA) == 4,
                "Matmul (Model): A and B must be int4b_t, int8_t, half, bfloat16_t or float");
  static constexpr bool S4 = asc_model::is_int4_v<TA>;  // int4b_t: two elements per byte
  static constexpr uint32_t C0 = S4 ? 64 : 32 / sizeof(TA);  // elements of one fractal row (32 B)
  static constexpr uint32_t F = S4 ? 1024 : 512 / sizeof(TA);  // elements of a 16 x C0 fractal (512 B)
  // K in L1 / L0 is padded to whole pairs of 16-row bands for the transposing loads:
  // 16 (16-bit: one 16x16 fractal; float: 16 x (8+8)), 32 for int8 (32 x 32), 64 for int4 (64 x 64).
  static constexpr uint32_t KA = C0 > 16 ? C0 : 16;
  // N of B in L1 / L0B: whole fractal rows for int8 (32) and float (16 = two 8-column blocks).
  static constexpr uint32_t NA = C0 > 16 ? C0 : 16;
  // Where A and B come from (the vendor's PhyPosIsL1: A1, B1, SHM, TSCM are L1): GM, or
  // the user's L1 buffer, which the Matmul reads in place (its CopyCubeIn FROM_L1).
  static constexpr bool in_l1(TPosition p) {
    return p == TPosition::A1 || p == TPosition::B1 || p == TPosition::SHM || p == TPosition::TSCM;
  }
  static constexpr bool L1_A = in_l1(A_TYPE::pos), L1_B = in_l1(B_TYPE::pos);
  static constexpr bool GEMV = A_TYPE::format == CubeFormat::VECTOR;
  static_assert((A_TYPE::pos == TPosition::GM &&
                 (A_TYPE::format == CubeFormat::ND || A_TYPE::format == CubeFormat::VECTOR)) ||
                    (L1_A && A_TYPE::format == CubeFormat::NZ),
                "Matmul (Model): A is modelled in GM as ND or VECTOR (a 1 x K vector), or in L1 (TPosition::TSCM, "
                "A1) as NZ");
  static_assert((B_TYPE::pos == TPosition::GM && B_TYPE::format == CubeFormat::ND) ||
                    (L1_B && B_TYPE::format == CubeFormat::NZ),
                "Matmul (Model): B is modelled in GM as ND, or in L1 (TPosition::TSCM, B1) as NZ");
  static_assert(C_TYPE::format == CubeFormat::ND || C_TYPE::format == CubeFormat::ND_ALIGN ||
                    C_TYPE::format == CubeFormat::NZ,
                "Matmul (Model): C is modelled as ND, ND_ALIGN or NZ");
  static_assert(C_TYPE::format == CubeFormat::ND || C_TYPE::pos == TPosition::GM,
                "Matmul (Model): a C in ND_ALIGN or NZ format is modelled in GM only");
  static_assert(C_TYPE::format != CubeFormat::NZ || (sizeof(TC) == 2 || sizeof(TC) == 4),
                "Matmul (Model): an NZ C is modelled for half, bfloat16_t, float and int32_t");
  // The channel split of an NZ float C (MatmulConfig::isEnableChannelSplit): 16 x 8 fractals.
  static constexpr bool SPLIT = C_TYPE::format == CubeFormat::NZ && CFG.isEnableChannelSplit;
  static_assert(!SPLIT || std::is_same_v<TC, float>,
                "Matmul: isEnableChannelSplit splits a float C's 16 x 16 fractals into 16 x 8 ones: C must be float");
  static_assert(!(L1_A && CB_A) && !(L1_B && CB_B),
                "Matmul (Model): a CopyA1 / CopyB1 callback loads from GM: A / B in L1 has none");

 public:
  // ---- setup --------------------------------------------------------------------
  void Init(const TCubeTiling* tiling, TPipe* pipe = nullptr, ASC_LOC_PARAMS) {
    if (pipe) pipe_ = pipe;
    // A constant tiling (MM_CFG from GetMatmulApiTiling) fixes the fields it sets (adv_matmul_api_tiling.h).
    TCubeTiling resolved{};
    if (const char* open = asc_model::resolve_static_tiling(MM_CFG, tiling, resolved))
      asc_model::current_core().fault(ASC_LOC, "Matmul::Init", "tiling is a null pointer and %s", open);
    if (!pipe_) asc_model::current_core().fault(ASC_LOC, "Matmul::Init", "no TPipe: register with REGIST_MATMUL_OBJ");
    t_ = resolved;
    check_tiling(ASC_LOC);
    check_policy_and_callbacks(ASC_LOC);
    single_m_ = t_.singleCoreM;
    single_n_ = t_.singleCoreN;
    single_k_ = t_.singleCoreK;
    org_m_ = t_.M;
    org_n_ = t_.N;
    org_ka_ = t_.Ka;
    org_kb_ = t_.Kb;
    bias_on_ = false;  // as the vendor's BiasScheduler: the tiling's isBias reserves the buffer, SetBias turns it on
    allocate(ASC_LOC);
    inited_ = true;
  }
  void SetTensorA(const GlobalTensor<TA>& gm, bool isTransposeA = false, ASC_LOC_PARAMS) {
    need_init("SetTensorA", ASC_LOC);
    if constexpr (L1_A) fail("SetTensorA", "A's MatmulType is in L1 (TSCM / A1): pass the LocalTensor in L1");
    if constexpr (GEMV) {
      if (isTransposeA) fail("SetTensorA", "In GEMV mode (CubeFormat::VECTOR), matrix A should not be transposed");
    }
    a_ = gm;
    trans_a_ = isTransposeA;
    has_a_ = true;
    scalar_a_ = false;
    reset_iter();
  }
  void SetTensorB(const GlobalTensor<TB>& gm, bool isTransposeB = false, ASC_LOC_PARAMS) {
    need_init("SetTensorB", ASC_LOC);
    if constexpr (L1_B) fail("SetTensorB", "B's MatmulType is in L1 (TSCM / B1): pass the LocalTensor in L1");
    b_ = gm;
    trans_b_ = isTransposeB;
    has_b_ = true;
    scalar_b_ = false;
    reset_iter();
  }
  // A (B) in L1 (TPosition::TSCM / A1 / B1, NZ): the Matmul reads the user's buffer in
  // place, as the vendor's (CopyCubeIn FROM_L1). Its layout is the single-core matrix's NZ,
  // as the vendor's loads address it: A (singleM x singleK) of up16(singleM) rows and
  // column blocks of 32 bytes; transposed, singleK x singleM (16-bit types). B (singleK x
  // singleN) of up16(singleK) rows (up32 for int8); transposed, singleN x singleK of
  // up16(singleN) rows. A LocalTensor for an operand in GM is the vendor's UB matrix
  // (copied to GM by the client), not modelled.
  void SetTensorA(const LocalTensor<TA>& l1, bool isTransposeA = false, ASC_LOC_PARAMS) {
    need_init("SetTensorA", ASC_LOC);
    if constexpr (!L1_A) {
      (void)l1, (void)isTransposeA;
      fail("SetTensorA", "A's MatmulType is in GM: a LocalTensor A (the vendor copies a UB matrix to GM first) "
                         "is not modelled; pass a GlobalTensor, or make A's position TSCM / A1 (NZ in L1)");
    } else {
      if (l1.mem() != asc_model::Mem::L1)
        fail("SetTensorA", "A's MatmulType is in L1 (TSCM / A1): the LocalTensor must be in L1 (TSCM, A1, B1)");
      if (isTransposeA && !A_TYPE::isTrans)
        fail("SetTensorA", "isTransposeA with a MatmulType of A whose ISTRANS is false");
      a_l1_ = l1;
      trans_a_ = isTransposeA;
      has_a_ = true;
      scalar_a_ = false;
      reset_iter();
    }
  }
  void SetTensorB(const LocalTensor<TB>& l1, bool isTransposeB = false, ASC_LOC_PARAMS) {
    need_init("SetTensorB", ASC_LOC);
    if constexpr (!L1_B) {
      (void)l1, (void)isTransposeB;
      fail("SetTensorB", "B's MatmulType is in GM: a LocalTensor B (the vendor copies a UB matrix to GM first) "
                         "is not modelled; pass a GlobalTensor, or make B's position TSCM / B1 (NZ in L1)");
    } else {
      if (l1.mem() != asc_model::Mem::L1)
        fail("SetTensorB", "B's MatmulType is in L1 (TSCM / B1): the LocalTensor must be in L1 (TSCM, A1, B1)");
      if (isTransposeB && !B_TYPE::isTrans)
        fail("SetTensorB", "isTransposeB with a MatmulType of B whose ISTRANS is false");
      b_l1_ = l1;
      trans_b_ = isTransposeB;
      has_b_ = true;
      scalar_b_ = false;
      reset_iter();
    }
  }
  // A (B) as a matrix with every element `scalar`: its L1 chunks are filled with
  // InitConstValue (MTE2) instead of copied from GM.
  void SetTensorA(TA aScalar, ASC_LOC_PARAMS) {
    need_init("SetTensorA", ASC_LOC);
    if constexpr (L1_A) fail("SetTensorA", "a scalar A with A's MatmulType in L1 is not modelled");
    a_scalar_ = aScalar;
    scalar_a_ = has_a_ = true;
    trans_a_ = false;
    reset_iter();
  }
  void SetTensorB(TB bScalar, ASC_LOC_PARAMS) {
    need_init("SetTensorB", ASC_LOC);
    if constexpr (L1_B) fail("SetTensorB", "a scalar B with B's MatmulType in L1 is not modelled");
    b_scalar_ = bScalar;
    scalar_b_ = has_b_ = true;
    trans_b_ = false;
    reset_iter();
  }
  void SetBias(const GlobalTensor<TBias>& gm, ASC_LOC_PARAMS) {
    need_init("SetBias", ASC_LOC);
    if constexpr (!std::is_same_v<TBias, TL0C>) {
      (void)gm;  // Ascend C converts other bias types on the way to the bias table
      fail("SetBias", "only a bias of the accumulator type (float; int32_t for int8 inputs) is modelled");
    } else {
      if (bias_past_l1_)
        asc_model::current_core().fault(
            file_, line_, "SetBias",
            "the bias row's L1 buffer (%llu bytes) lies past the end of L1: A's and B's chunks take %llu of the "
            "core's %llu bytes (a smaller depthA1 / depthB1 or stepKa / stepKb leaves room)",
            (unsigned long long)bias_row_bytes(), (unsigned long long)chunks_l1_bytes(),
            (unsigned long long)asc_model::current_core().mem_size(asc_model::Mem::L1));
      if (!bias_buffers_)
        fail("SetBias", "the tiling has isBias = 0, so no bias buffer was reserved: make the tiling with "
             "enable_bias(True)");
      bias_ = gm;
      bias_on_ = true;
      has_bias_ = true;
    }
  }
  void SetBias(const LocalTensor<TBias>&, ASC_LOC_PARAMS) {
    need_init("SetBias", ASC_LOC);
    fail("SetBias", "a bias in a LocalTensor is not modelled: pass it in GM");
  }
  void DisableBias(ASC_LOC_PARAMS) {
    need_init("DisableBias", ASC_LOC);
    bias_on_ = false;
  }
  void SetTail(int32_t tailM = -1, int32_t tailN = -1, int32_t tailK = -1, ASC_LOC_PARAMS) {
    need_init("SetTail", ASC_LOC);
    // As the vendor's CheckTailShape: no tail below -1, and (IBShare configs only) none past the tiling's
    // single-core shape (a constant tiling's single-core shape is a bound the tail may exceed).
    if (tailM < -1 || tailN < -1 || tailK < -1)
      asc_model::current_core().fault(ASC_LOC, "Matmul::SetTail", "tail (%d, %d, %d): none may be less than -1",
                                      tailM, tailN, tailK);
    if (CFG.doIBShareNorm && (tailM > t_.singleCoreM || tailN > t_.singleCoreN || tailK > t_.singleCoreK))
      asc_model::current_core().fault(ASC_LOC, "Matmul::SetTail",
                                      "tail (%d, %d, %d) exceeds the single-core shape (%d, %d, %d)", tailM, tailN,
                                      tailK, t_.singleCoreM, t_.singleCoreN, t_.singleCoreK);
    if (tailM > 0) single_m_ = tailM;
    if (tailN > 0) single_n_ = tailN;
    if (tailK > 0) single_k_ = tailK;
    reset_iter();
  }
  void SetSingleShape(int32_t singleM, int32_t singleN, int32_t singleK, ASC_LOC_PARAMS) {
    need_init("SetSingleShape", ASC_LOC);
    if (singleM <= 0 || singleN <= 0 || singleK <= 0)
      asc_model::current_core().fault(ASC_LOC, "Matmul::SetSingleShape", "shape (%d, %d, %d) must be positive",
                                      singleM, singleN, singleK);
    single_m_ = singleM;
    single_n_ = singleN;
    single_k_ = singleK;
    reset_iter();
  }
  void SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgK, ASC_LOC_PARAMS) {
    SetOrgShape(orgM, orgN, orgK, orgK, 0, ASC_LOC);
  }
  void SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgKa, int32_t orgKb, int32_t orgKc = 0, ASC_LOC_PARAMS) {
    need_init("SetOrgShape", ASC_LOC);
    if (orgM <= 0 || orgN <= 0 || orgKa <= 0 || orgKb <= 0)
      asc_model::current_core().fault(ASC_LOC, "Matmul::SetOrgShape", "shape (%d, %d, %d, %d) must be positive",
                                      orgM, orgN, orgKa, orgKb);
    (void)orgKc;
    org_m_ = orgM;
    org_n_ = orgN;
    org_ka_ = orgKa;
    org_kb_ = orgKb;
  }
  // The sub-block (AIV) index: the vendor's KFC server sets the one it serves; its Matmul
  // reads it only for intraBlockPartSum (not modelled), so the Model records it.
  void SetSubBlockIdx(uint8_t subBlockIdx) { sub_block_idx_ = subBlockIdx; }
  uint8_t GetSubBlockIdx() { return sub_block_idx_; }
  void SetHF32(bool enableHF32 = false, int32_t transMode = 0, ASC_LOC_PARAMS) {
    need_init("SetHF32", ASC_LOC);
    if (enableHF32 || transMode)
      asc_model::current_core().fault(ASC_LOC, "Matmul::SetHF32", "HF32 mode (float inputs rounded to HF32 in "
                                      "the cube) is not modelled");
  }
  // Dequantisation / requantisation of C on its way out of L0C: one scale (the
  // float in the low 32 bits), or one per column of C (N uint64 in GM).
  void SetQuantScalar(uint64_t quantScalar, ASC_LOC_PARAMS) {
    need_init("SetQuantScalar", ASC_LOC);
    quant_kind_ = 1;
    quant_scalar_ = quantScalar;
    quant_mode(true);
  }
  void SetQuantVector(const GlobalTensor<uint64_t>& gm, ASC_LOC_PARAMS) {
    need_init("SetQuantVector", ASC_LOC);
    quant_kind_ = 2;
    quant_gm_ = gm;
    quant_mode(true);
    if (!quant_buffer_) {  // one base_n slice of the factors in L1 (the hardware moves it on to FB)
      pipe_->InitBuffer(quant1_, uint32_t((t_.baseN + 3) / 4 * 4 * sizeof(uint64_t)), ASC_LOC);
      quant_buffer_ = true;
    }
  }
#if defined(ASCENDC_CUBE_ONLY)
  // The batch counts of the next IterateBatch (the cube-only MatmulImpl's; a mixed
  // kernel's MatmulClient passes them to IterateBatch instead).
  void SetBatchNum(int32_t batchA, int32_t batchB, ASC_LOC_PARAMS) {
    need_init("SetBatchNum", ASC_LOC);
    if (batchA <= 0 || batchB <= 0)
      asc_model::current_core().fault(ASC_LOC, "Matmul::SetBatchNum", "batch counts (%d, %d) must be positive",
                                      batchA, batchB);
    batch_a_ = batchA;
    batch_b_ = batchB;
    batch_set_ = true;
  }
#endif
  // The values MatmulCallBackFunc's functions receive (dataPtr, tilingPtr); without
  // callbacks they are only kept, as the vendor's.
  void SetSelfDefineData(uint64_t dataPtr, ASC_LOC_PARAMS) {
    need_init("SetSelfDefineData", ASC_LOC);
    self_define_data_ = dataPtr;
  }
  void SetUserDefInfo(uint64_t tilingPtr, ASC_LOC_PARAMS) {
    need_init("SetUserDefInfo", ASC_LOC);
    user_def_info_ = tilingPtr;
  }
  // The GM IterateNBatch writes its results to (GetBatchTensorC reads them back).
  template <class T>
  void SetWorkspace(GlobalTensor<T>& gm, ASC_LOC_PARAMS) {
    need_init("SetWorkspace", ASC_LOC);
    ws_addr_ = reinterpret_cast<uint64_t>(gm.GetPhyAddr());
    ws_bytes_ = gm.GetSize() * sizeof(T);
  }
  template <class T>
  void SetWorkspace(__gm__ const T* addr, int32_t size, ASC_LOC_PARAMS) {
    need_init("SetWorkspace", ASC_LOC);
    if (!addr || size <= 0)
      asc_model::current_core().fault(ASC_LOC, "Matmul::SetWorkspace", "a null address or a size of %d", size);
    ws_addr_ = reinterpret_cast<uint64_t>(addr);
    ws_bytes_ = uint64_t(size);
  }

  // ---- compute ------------------------------------------------------------------
  // All of C (singleM x singleN) to GM at the places of its blocks.
  template <bool sync = true>
  void IterateAll(const GlobalTensor<TC>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  bool waitIterateAll = false, bool fakeMsg = false, ASC_LOC_PARAMS) {
    static_assert(!NBUFFER33 || CFG.doMultiDataLoad, "NBuffer33MatmulPolicy only support MDL config.");
    (void)waitIterateAll;
    (void)fakeMsg;
    start("IterateAll", enAtomic, ASC_LOC);
    while (next_block()) {
      compute_block(false);
      write_c(gm, enSequentialWrite);
    }
    drain();  // all of C is out: no flag of this matrix stays raised (the vendor's kernels need not call End)
    handoff<HE::FIX_S>();  // C is in GM when the call returns (handoff)
  }
  // All of C into a LocalTensor as a dense singleM x singleN row-major matrix.
  template <bool sync = true>
  void IterateAll(const LocalTensor<TC>& ub, uint8_t enAtomic = 0, ASC_LOC_PARAMS) {
    static_assert(!NBUFFER33 || CFG.doMultiDataLoad, "NBuffer33MatmulPolicy only support MDL config.");
    start("IterateAll", enAtomic, ASC_LOC);
    while (next_block()) {
      compute_block(false);
      fixpipe_to(ub[uint64_t(row0()) * single_n_ + col0()], uint32_t(single_n_));
    }
    drain();
  }
  // The next baseM x baseN block of C into L0C; false when all are done.
  // Iterate<false> with a workspace (SetWorkspace) is the vendor's asynchronous
  // form: its first call has the cube compute every block into the workspace, one
  // dense baseM x baseN block after another (the server's sequential write), and
  // each later call only counts; GetTensorC / AsyncGetTensorC then copy the next
  // block from there. Without a workspace every call computes its block.
  template <bool sync = true>
  bool Iterate(bool enPartialSum = false, ASC_LOC_PARAMS) {
    static_assert(!NBUFFER33, "Iterate does not support NBuffer33MatmulPolicy.");
    if constexpr (!sync) {
      if (async_blocks_ > 0) {  // a later call of an asynchronous round: count
        loc(ASC_LOC);
        if (++async_iter_ < async_blocks_) return true;
        async_blocks_ = 0;  // the round is over: the next Iterate<false> starts another
        iterating_ = false;
        return false;
      }
      if (!iterating_ && has_ws()) {
        start("Iterate", 0, ASC_LOC);
        const GlobalTensor<TC> ws = workspace_c();
        const uint64_t block = uint64_t(t_.baseM) * t_.baseN;
        uint32_t n = 0;
        while (next_block()) {
          compute_block(enPartialSum);
          fixpipe_to(ws[n++ * block], uint32_t(t_.baseN));
        }
        handoff<HE::FIX_S>();  // the round's blocks are in the workspace
        if (n == 0) {
          iterating_ = false;
          return false;
        }
        async_blocks_ = n;
        async_iter_ = 0;
        async_offset_ = 0;
        return true;
      }
    }
    if (!iterating_) start("Iterate", 0, ASC_LOC);
    else loc(ASC_LOC);
    if (!next_block()) {
      drain();
      iterating_ = false;
      return false;
    }
    compute_block(enPartialSum);
    return true;
  }
  // The block of the last Iterate: to a LocalTensor (baseN-element rows), or to
  // GM at its place in C (enSequentialWrite: contiguous baseN-element rows).
  // doPad and its height/width/gaps: the vendor's padded copy to UB, not modelled.
  template <bool sync = true, bool doPad = false>
  void GetTensorC(const LocalTensor<TC>& c, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  uint32_t height = 0, uint32_t width = 0, uint32_t srcGap = 0, uint32_t dstGap = 0, ASC_LOC_PARAMS) {
    static_assert(!doPad, "Matmul::GetTensorC<sync, doPad = true> (the padded copy to UB) is not modelled");
    (void)enSequentialWrite;
    (void)height, (void)width, (void)srcGap, (void)dstGap;
    if (async_blocks_ > 0) return next_async_block("GetTensorC", c, ASC_LOC);
    got_block("GetTensorC", enAtomic, ASC_LOC);
    fixpipe_to(c, uint32_t(t_.baseN));
  }
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<TC>& c, uint8_t enAtomic = 0, bool enSequentialWrite = false, ASC_LOC_PARAMS) {
    got_block("GetTensorC", enAtomic, ASC_LOC);
    write_c(c, enSequentialWrite);
    handoff<HE::FIX_S>();
  }
  // The block to GM (at its place in C) and to a LocalTensor (baseN-element rows).
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<TC>& gm, const LocalTensor<TC>& ub, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false, ASC_LOC_PARAMS) {
    got_block("GetTensorC", enAtomic, ASC_LOC);
    if constexpr (CB_OUT) fail("GetTensorC", "the form to GM and a LocalTensor with a DataCopyOut callback is not modelled");
    if (skip_) return;
    await<HE::M_FIX>(cur_c_id_);
    with_atomic([&] { fixpipe_gm(gm, enSequentialWrite); });
    fixpipe_raw(ub, uint32_t(t_.baseN));
    raise<HE::FIX_M>(cur_c_id_);
    handoff<HE::FIX_S>();
  }
  // The asynchronous fetch of an Iterate<false> block: the Model copies at the call
  // (the data is in place by WaitGetTensorC, as the API promises).
  void AsyncGetTensorC(const LocalTensor<TC>& c, ASC_LOC_PARAMS) {
    if (async_blocks_ > 0) return next_async_block("AsyncGetTensorC", c, ASC_LOC);
    got_block("AsyncGetTensorC", 0, ASC_LOC);
    fixpipe_to(c, uint32_t(t_.baseN));
  }
  void WaitGetTensorC(ASC_LOC_PARAMS) { loc(ASC_LOC); }

  // ---- batch ------------------------------------------------------------------------
  // max(batchA, batchB) products C_i = A_a(i) * B_b(i), each singleM x singleN (over
  // singleK), placed by the operands' batch layouts (batch_loop). Ascend C's two
  // Matmuls take the counts differently, and so do the Model's, by ASCENDC_CUBE_ONLY
  // as the vendor's matmul_intf.h picks the class: the mixed kernel's MatmulClient
  // takes them in the call, the cube-only MatmulImpl from SetBatchNum (the same
  // argument list would mean enPartialSum, enAtomic, ... there).
#if !defined(ASCENDC_CUBE_ONLY)
  template <bool sync = true, bool waitIterateBatch = false>
  void IterateBatch(const GlobalTensor<TC>& gm, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                    uint32_t matrixStrideA = 0, uint32_t matrixStrideB = 0, uint32_t matrixStrideC = 0,
                    bool enPartialSum = false, uint8_t enAtomic = 0, ASC_LOC_PARAMS) {
    batch_to_gm(gm, batchA, batchB, enSequentialWrite, matrixStrideA, matrixStrideB, matrixStrideC, enPartialSum,
                enAtomic, ASC_LOC);
  }
  template <bool sync = true>
  void IterateBatch(const LocalTensor<TC>& ub, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                    uint32_t matrixStrideA = 0, uint32_t matrixStrideB = 0, uint32_t matrixStrideC = 0,
                    bool enPartialSum = false, uint8_t enAtomic = 0, ASC_LOC_PARAMS) {
    batch_to_ub(ub, batchA, batchB, enSequentialWrite, matrixStrideA, matrixStrideB, matrixStrideC, enPartialSum,
                enAtomic, ASC_LOC);
  }
#else
  void IterateBatch(const GlobalTensor<TC>& c, bool enPartialSum, uint8_t enAtomic, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                    const uint32_t matrixStrideC = 0, ASC_LOC_PARAMS) {
    need_batch_counts(ASC_LOC);
    batch_to_gm(c, uint32_t(batch_a_), uint32_t(batch_b_), enSequentialWrite, matrixStrideA, matrixStrideB,
                matrixStrideC, enPartialSum, enAtomic, ASC_LOC);
  }
  void IterateBatch(const LocalTensor<TC>& c, bool enPartialSum, uint8_t enAtomic, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                    const uint32_t matrixStrideC = 0, ASC_LOC_PARAMS) {
    need_batch_counts(ASC_LOC);
    batch_to_ub(c, uint32_t(batch_a_), uint32_t(batch_b_), enSequentialWrite, matrixStrideA, matrixStrideB,
                matrixStrideC, enPartialSum, enAtomic, ASC_LOC);
  }
#endif
  void WaitIterateBatch(ASC_LOC_PARAMS) { loc(ASC_LOC); }

#if !defined(ASCENDC_CUBE_ONLY)
  // ---- IterateNBatch: batchLoop IterateBatch runs into the workspace ----------------
  // Round r multiplies the batchA / batchB matrices that follow round r - 1's in A and B
  // and writes its C matrices after round r - 1's in the workspace (SetWorkspace), in
  // C's layout; GetBatchTensorC then fetches one round at a time. Only a config with
  // isNBatch has it: without, the vendor's calls compile to nothing, and so do the Model's.
  template <bool sync = true, bool waitIterateBatch = false>
  void IterateNBatch(uint32_t batchLoop, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                     uint32_t matrixStrideA = 0, uint32_t matrixStrideB = 0, uint32_t matrixStrideC = 0,
                     bool enPartialSum = false, uint8_t enAtomic = 0, ASC_LOC_PARAMS) {
    static_assert(A_TYPE::layout != LayoutMode::NONE && B_TYPE::layout != LayoutMode::NONE &&
                      A_TYPE::layout != LayoutMode::NORMAL && B_TYPE::layout != LayoutMode::NORMAL &&
                      C_TYPE::layout != LayoutMode::NORMAL,
                  "IterateNBatch: the layouts of A and B must be BSNGD, SBNGD or BNGS1S2 (not NONE or NORMAL), "
                  "and C's not NORMAL");
    loc(ASC_LOC);
    if constexpr (CFG.isNBatch) {
      need_init("IterateNBatch", ASC_LOC);
      if (!has_ws()) fail("IterateNBatch", "the results go to the workspace: SetWorkspace comes first");
      if (!has_a_ || !has_b_) fail("IterateNBatch", "SetTensorA and SetTensorB come first");
      const uint32_t batch_c = batch_c_count(batchA, batchB);
      const LayoutInfo la = layout_a(), lb = layout_b(), lc = layout_c();
      const GlobalTensor<TA> a0 = a_;
      const GlobalTensor<TB> b0 = b_;
      const GlobalTensor<TC> ws = workspace_c();
      for (uint32_t r = 0; r < batchLoop; ++r) {
        a_ = a0[round_offset<A_TYPE::layout>(batchA, r, la, la.d)];
        b_ = b0[round_offset<B_TYPE::layout>(batchB, r, lb, lb.d)];
        batch_to_gm(ws[round_offset<C_TYPE::layout>(batch_c, r, lc, lc.d)], batchA, batchB, enSequentialWrite,
                    matrixStrideA, matrixStrideB, matrixStrideC, enPartialSum, enAtomic, ASC_LOC);
      }
      a_ = a0;
      b_ = b0;
      nbatch_iter_ = 0;
      nbatch_c_offset_ = 0;
    } else {
      (void)batchLoop, (void)batchA, (void)batchB, (void)enSequentialWrite, (void)matrixStrideA;
      (void)matrixStrideB, (void)matrixStrideC, (void)enPartialSum, (void)enAtomic;
    }
  }
  // The next max(batchA, batchB) results of IterateNBatch as a GlobalTensor over the
  // workspace (an empty one without isNBatch, as the vendor's).
  template <bool sync = true>
  GlobalTensor<TC> GetBatchTensorC(uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false,
                                   ASC_LOC_PARAMS) {
    (void)enSequentialWrite;
    loc(ASC_LOC);
    GlobalTensor<TC> out;
    if constexpr (CFG.isNBatch) {
      need_init("GetBatchTensorC", ASC_LOC);
      if (!has_ws()) fail("GetBatchTensorC", "no workspace: SetWorkspace and IterateNBatch come first");
      const uint64_t n = uint64_t(std::max(batchA, batchB)) * t_.singleCoreM * t_.singleCoreN;
      out.SetGlobalBuffer(workspace_c().GetPhyAddr(nbatch_c_offset_), n);
      nbatch_c_offset_ += n;
    } else {
      (void)batchA, (void)batchB;
    }
    return out;
  }
  // One round's results copied to a LocalTensor: contiguous for a BNGS1S2 C; for a
  // BSNGD / SBNGD C singleM rows of the round's batchC x singleN elements, the rows as
  // far apart in the LocalTensor as in the workspace.
  template <bool sync = true>
  void GetBatchTensorC(const LocalTensor<TC>& c, uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false,
                       ASC_LOC_PARAMS) {
    (void)enSequentialWrite;
    loc(ASC_LOC);
    if constexpr (CFG.isNBatch) {
      need_init("GetBatchTensorC", ASC_LOC);
      if (!has_ws()) fail("GetBatchTensorC", "no workspace: SetWorkspace and IterateNBatch come first");
      const uint32_t batch_c = batch_c_count(batchA, batchB);
      const LayoutInfo lc = layout_c();
      const GlobalTensor<TC> src =
          workspace_c()[round_offset<C_TYPE::layout>(batch_c, nbatch_iter_, lc, t_.singleCoreN)];
      if constexpr (C_TYPE::layout == LayoutMode::BSNGD || C_TYPE::layout == LayoutMode::SBNGD) {
        const uint64_t lines = C_TYPE::layout == LayoutMode::BSNGD ? uint64_t(lc.n) * lc.g
                                                                    : uint64_t(lc.b) * lc.n * lc.g;
        DataCopyParams p;
        p.blockCount = uint16_t(t_.singleCoreM);
        p.blockLen = uint16_t(uint64_t(batch_c) * t_.singleCoreN * sizeof(TC) / 32);
        p.srcStride = p.dstStride = uint16_t((lines - batch_c) * t_.singleCoreN * sizeof(TC) / 32);
        DataCopy(c, src, p, ASC_LOC);
      } else {
        DataCopy(c, src, uint32_t(uint64_t(batch_c) * t_.singleCoreM * t_.singleCoreN), ASC_LOC);
      }
      ++nbatch_iter_;
    } else {
      (void)c, (void)batchA, (void)batchB;
    }
  }
  template <bool sync = true>
  GlobalTensor<TC> GetBatchC(uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false, ASC_LOC_PARAMS) {
    return GetBatchTensorC<sync>(batchA, batchB, enSequentialWrite, ASC_LOC);
  }
  template <bool sync = true>
  void GetBatchC(const LocalTensor<TC>& c, uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false,
                 ASC_LOC_PARAMS) {
    GetBatchTensorC<sync>(c, batchA, batchB, enSequentialWrite, ASC_LOC);
  }
#endif  // !ASCENDC_CUBE_ONLY: IterateNBatch is the MatmulClient's

  // The index matrix of a sparse B. B's MatmulType here is never a
  // SparseMatmulType (which the Model does not provide), and for those the
  // vendor's call does nothing (matmul_impl_base.h: `if constexpr (DoMatmulMDL(MM_CFG)
  // && HasSparseIndex<B_TYPE>())`); so does the Model's.
  void SetSparseIndex(const GlobalTensor<uint8_t>& indexGlobal, ASC_LOC_PARAMS) {
    (void)indexGlobal;
    loc(ASC_LOC);
  }
  void WaitIterateAll(ASC_LOC_PARAMS) { loc(ASC_LOC); }
  void End(ASC_LOC_PARAMS) {
    loc(ASC_LOC);
    // Consume the flags still raised so the next user of the events starts clean.
    drain();
    iterating_ = false;
    async_blocks_ = 0;
  }

  // REGIST_MATMUL_OBJ: the pipe whose buffers the object takes.
  void asc_register(TPipe* pipe) { pipe_ = pipe; }
  // With (TCubeTiling*)nullptr it initialises a Matmul whose constant tiling is complete.
  static constexpr bool ASC_FULL_STATIC_TILING = asc_model::is_full_static_tiling(MM_CFG);

 private:
  using HE = HardEvent;

  // ---- bookkeeping ----------------------------------------------------------------
  void loc(const char* f, int l) {
    file_ = f;
    line_ = l;
  }
  void need_init(const char* api, const char* f, int l) {
    loc(f, l);
    if (!inited_)
      asc_model::current_core().fault(f, l, api, "the Matmul is not initialised: REGIST_MATMUL_OBJ with a tiling, "
                                      "or Init(&tiling), comes first");
  }
  [[noreturn]] void fail(const char* api, const char* msg) { asc_model::current_core().fault(file_, line_, api, "%s", msg); }
  void check_tiling(const char* f, int l) {
    auto& c = asc_model::current_core();
    const TCubeTiling& t = t_;
    if (t.baseM <= 0 || t.baseN <= 0 || t.baseK <= 0 || t.singleCoreM <= 0 || t.singleCoreN <= 0 ||
        t.singleCoreK <= 0 || t.M <= 0 || t.N <= 0 || t.Ka <= 0)
      c.fault(f, l, "Matmul::Init", "the tiling has non-positive sizes (M %d N %d Ka %d, singleCore %d x %d x %d, "
              "base %d x %d x %d): was get_tiling's result (-1?) checked?", t.M, t.N, t.Ka, t.singleCoreM,
              t.singleCoreN, t.singleCoreK, t.baseM, t.baseN, t.baseK);
    // A config with a basic block (GetBasicConfig, MatmulShapeParams) fixes the block at compile
    // time: the vendor's stages read the config's sizes in some places and the tiling's in others
    // (IsBasic(MM_CFG)), so the two must agree.
    if constexpr (CFG.basicM != 0 && CFG.basicN != 0 && CFG.basicK != 0) {
      if (uint32_t(t.baseM) != CFG.basicM || uint32_t(t.baseN) != CFG.basicN || uint32_t(t.baseK) != CFG.basicK)
        c.fault(f, l, "Matmul::Init", "the config's basic block %u x %u x %u differs from the tiling's base block "
                "%d x %d x %d", CFG.basicM, CFG.basicN, CFG.basicK, t.baseM, t.baseN, t.baseK);
    }
    // baseK in whole fractal rows (C0): a float baseK of 8 x odd (the vendor's tiling gives
    // e.g. 72) is padded to KA in L1 / L0 as a K tail is
    if (t.baseM % 16 || t.baseN % 16 || t.baseK % int32_t(C0))
      c.fault(f, l, "Matmul::Init", "baseM %d, baseN %d must be multiples of 16 and baseK %d of %u (%s inputs)",
              t.baseM, t.baseN, t.baseK, C0, asc_model::type_name<TA>());
  }
  void check_policy_and_callbacks(const char* f, int l) {
    auto& c = asc_model::current_core();
    if constexpr (POLICY < 0)
      c.fault(f, l, "Matmul::Init", "this MATMUL_POLICY is not modelled: the Model's Matmul has the vendor's "
              "MatmulPolicy, NBuffer33MatmulPolicy, TrianUpperMatmulPolicy and TrianLowerMatmulPolicy; a policy "
              "of the Model's own (MatmulWithScalePolicy, SplitM/SplitNMatmulPolicy or a user-defined one) "
              "replaces the vendor's internal modules, which the Model does not have");
    // The tiles the vendor's callbacks load: baseM x baseK (Norm) or stepM * baseM x
    // stepKa * baseK (MDL). The Model loads A per baseM rows, so an MDL stepM > 1
    // (stepN > 1 for B) is a tile it cannot hand the callback.
    if constexpr (CB_A) {
      if (CFG.doMultiDataLoad && t_.stepM > 1)
        c.fault(f, l, "Matmul::Init", "a CopyA1 callback (MatmulCallBackFunc) with an MDL config and stepM %d > 1 "
                "(A's L1 tile of stepM base blocks) is not modelled", t_.stepM);
    }
    if constexpr (CB_B) {
      if (CFG.doMultiDataLoad && t_.stepN > 1)
        c.fault(f, l, "Matmul::Init", "a CopyB1 callback (MatmulCallBackFunc) with an MDL config and stepN %d > 1 "
                "(B's L1 tile of stepN base blocks) is not modelled", t_.stepN);
    }
  }
  // TrianUpper/LowerMatmulPolicy: is the current base block one the policy computes
  // and writes (the vendor's IsInTrianMatmul, on the block's indices in the core's C)?
  bool in_triangle() const {
    if constexpr (POLICY == int(PolicyType::MATMUL_UPPER_TRIANGULAR)) return mi_ <= ni_;
    else if constexpr (POLICY == int(PolicyType::MATMUL_LOWER_TRIANGULAR)) return mi_ >= ni_;
    else return true;
  }
  void reset_iter() {
    block_ = -1;
    iterating_ = false;
  }
  // The next block of an asynchronous Iterate from the workspace: c.GetSize() elements
  // (as the vendor's client copies), the offset moving on by one baseM x baseN block.
  void next_async_block(const char* api, const LocalTensor<TC>& c, const char* f, int l) {
    loc(f, l);
    if (async_offset_ / (uint64_t(t_.baseM) * t_.baseN) >= async_blocks_)
      asc_model::current_core().fault(f, l, api, "the %u blocks of the asynchronous Iterate were all fetched "
                                      "already", async_blocks_);
    DataCopy(c, workspace_c()[async_offset_], c.GetSize(), f, l);
    async_offset_ += uint64_t(t_.baseM) * t_.baseN;
  }
  void need_batch_counts(const char* f, int l) {
    need_init("IterateBatch", f, l);
    if (!batch_set_) fail("IterateBatch", "the batch counts come from SetBatchNum, which was not called");
  }
  void batch_to_gm(const GlobalTensor<TC>& gm, uint32_t batchA, uint32_t batchB, bool seq, uint32_t sa, uint32_t sb,
                   uint32_t sc, bool partial, uint8_t enAtomic, const char* f, int l) {
    loc(f, l);
    check_batch_layouts("IterateBatch");
    batch_loop("IterateBatch", batchA, batchB, seq, sa, sb, sc, partial, enAtomic, f, l,
               [&](uint32_t, uint64_t c_offset) {
                 GlobalTensor<TC> ci = gm[c_offset];
                 while (next_block()) {
                   compute_block(false);
                   write_c(ci, false);
                 }
               });
  }
  // To a LocalTensor the batches are dense singleM x singleN matrices one after another.
  void batch_to_ub(const LocalTensor<TC>& ub, uint32_t batchA, uint32_t batchB, bool seq, uint32_t sa, uint32_t sb,
                   uint32_t sc, bool partial, uint8_t enAtomic, const char* f, int l) {
    loc(f, l);
    check_batch_layouts("IterateBatch");
    batch_loop("IterateBatch", batchA, batchB, seq, sa, sb, sc, partial, enAtomic, f, l, [&](uint32_t i, uint64_t) {
      if constexpr (C_TYPE::layout == LayoutMode::BSNGD || C_TYPE::layout == LayoutMode::SBNGD)
        fail("IterateBatch", "a batch of a BSNGD / SBNGD C to a LocalTensor is not modelled");
      c_ld_ = 0;
      LocalTensor<TC> ci = ub[uint64_t(i) * single_m_ * single_n_];
      while (next_block()) {
        compute_block(false);
        fixpipe_to(ci[uint64_t(row0()) * single_n_ + col0()], uint32_t(single_n_));
      }
    });
  }
  // A MatmulType without a batch layout has no IterateBatch on the cube core: the
  // vendor's cube-side server drops the message (its IterateBatch returns at once
  // for LayoutMode::NONE), so C would never be written; the Model stops there.
  void check_batch_layouts(const char* api) {
    if constexpr (A_TYPE::layout == LayoutMode::NONE)
      fail(api, "the MatmulType of A has no batch layout (LayoutMode::NONE): Ascend C's Matmul ignores a batch "
                "call then and C is not written; give A, B and C a batch layout (NORMAL, BSNGD, ...)");
  }

  // ---- batch layouts ------------------------------------------------------------------
  // A batch operand's matrices and their GM placement, after the vendor's batch copy
  // (batch_copy_cube_in.h) and copy-out (batch_scheduler_base.h), in the layout's terms
  // (the tiling's LayoutInfo B, S, N, G, D; for C: B, S1, N, G, S2):
  //   NORMAL, BNGS1S2  whole matrices one after another (`stride` apart, else S x D,
  //                    else the org shape), rows at the org shape's pitch;
  //   BSNGD            [B][S][N][G][D]: matrix j is (j / NG, ., j % NG, .) with NG = N * G,
  //                    its rows N * G * D apart;
  //   SBNGD            [S][B][N][G][D]: matrix j starts at j * D, its rows B * N * G * D apart.
  // Inside a line of NG matrices `stride` (matrixStride) replaces D as the step.
  struct Placement {
    uint64_t offset;
    int32_t ld;  // 0: the org shape's pitch
  };
  struct LayoutInfo {
    int32_t b, s, n, g, d;
  };
  LayoutInfo layout_a() const { return {t_.ALayoutInfoB, t_.ALayoutInfoS, t_.ALayoutInfoN, t_.ALayoutInfoG, t_.ALayoutInfoD}; }
  LayoutInfo layout_b() const { return {t_.BLayoutInfoB, t_.BLayoutInfoS, t_.BLayoutInfoN, t_.BLayoutInfoG, t_.BLayoutInfoD}; }
  LayoutInfo layout_c() const {
    return {t_.CLayoutInfoB, t_.CLayoutInfoS1, t_.CLayoutInfoN, t_.CLayoutInfoG, t_.CLayoutInfoS2};
  }
  template <LayoutMode L>
  Placement place(const char* api, const char* which, uint32_t j, uint64_t stride, uint64_t whole,
                  const LayoutInfo& li) {
    if constexpr (L == LayoutMode::BSNGD || L == LayoutMode::SBNGD) {
      if (li.s <= 0 || li.n <= 0 || li.g <= 0 || li.d <= 0 || (L == LayoutMode::SBNGD && li.b <= 0))
        asc_model::current_core().fault(file_, line_, api, "%s has the %s layout but the tiling's layout info "
                                        "(B %d, S %d, N %d, G %d, D %d) is not set: set_%s_layout on the host",
                                        which, L == LayoutMode::BSNGD ? "BSNGD" : "SBNGD", li.b, li.s, li.n, li.g,
                                        li.d, which);
      const uint64_t ng = uint64_t(li.n) * li.g, step = stride ? stride : uint64_t(li.d);
      if constexpr (L == LayoutMode::BSNGD)
        return {(j / ng) * uint64_t(li.s) * ng * li.d + (j % ng) * step, int32_t(ng * li.d)};
      else
        return {j * step, int32_t(uint64_t(li.b) * ng * li.d)};
    } else {
      return {j * (stride ? stride : whole), 0};
    }
  }
  // Which A (B) matrix batch i multiplies: NORMAL broadcasts the side with fewer
  // batches; the other layouts broadcast the G, N or B axis where that side has 1
  // (the vendor's CalcBatchIterateA/BOffsetInfo).
  template <LayoutMode L>
  static uint32_t source_index(uint32_t i, uint32_t batch, uint32_t count, const LayoutInfo& mine,
                               const LayoutInfo& other) {
    if constexpr (L == LayoutMode::NORMAL) {
      return i / (batch / count);
    } else {
      if (mine.g == 1 && other.g != 1) return i / uint32_t(other.g);
      if (mine.n == 1 && other.n != 1) return i % uint32_t(other.g) + i / uint32_t(other.g * other.n);
      if (mine.b == 1 && other.b != 1)
        return i % uint32_t(other.g * other.n) + i / uint32_t(other.g * other.n * other.b);
      return i;
    }
  }
  // Where IterateNBatch's round `loop` starts in an operand of `count` matrices per round
  // (the vendor's CalcNBatchoffset, in elements).
  template <LayoutMode L>
  static uint64_t round_offset(uint32_t count, uint32_t loop, const LayoutInfo& li, int32_t d) {
    const uint64_t step = uint64_t(count) * loop;
    if constexpr (L == LayoutMode::SBNGD) {
      return uint64_t(d) * step;
    } else if constexpr (L == LayoutMode::BSNGD) {
      const uint64_t ng = uint64_t(li.n) * li.g;
      return (step / ng) * uint64_t(d) * li.s * ng + (step % ng) * uint64_t(d);
    } else {
      return uint64_t(d) * li.s * step;
    }
  }
  // C's batches when C folds the G axis of A and B (CLayoutInfoG 1, theirs not): the
  // vendor then accumulates the G products into one C (atomic add), which the Model
  // does not model.
  uint32_t batch_c_count(uint32_t batchA, uint32_t batchB) {
    uint32_t batch = std::max(batchA, batchB);
    const int32_t g = std::max(t_.ALayoutInfoG, t_.BLayoutInfoG);
    if (C_TYPE::layout != LayoutMode::NORMAL && t_.CLayoutInfoG == 1 && g > 1) batch /= uint32_t(g);
    return batch;
  }
  GlobalTensor<TC> workspace_c() const {
    GlobalTensor<TC> w;
    w.SetGlobalBuffer(reinterpret_cast<__gm__ TC*>(ws_addr_), ws_bytes_ / sizeof(TC));
    return w;
  }

  // The per-batch loop of IterateBatch: points a_ / b_ (and their pitches) at batch i's
  // matrices and hands the body i and the offset of its C.
  template <class Body>
  void batch_loop(const char* api, uint32_t batchA, uint32_t batchB, bool seq, uint32_t sa, uint32_t sb, uint32_t sc,
                  bool partial, uint8_t enAtomic, const char* f, int l, Body body) {
    start(api, enAtomic, f, l);
    if (batchA == 0 || batchB == 0) fail(api, "batchA and batchB must be positive");
    const uint32_t batch = std::max(batchA, batchB);
    if (A_TYPE::layout == LayoutMode::NORMAL && (batch % batchA || batch % batchB))
      asc_model::current_core().fault(f, l, api, "batchA %u and batchB %u: the larger must be a multiple of the "
                                      "smaller (one side broadcast)", batchA, batchB);
    if (seq) fail(api, "enSequentialWrite of a batch is not modelled");
    if (CB_OUT || CB_A || CB_B) fail(api, "a batch with MatmulCallBackFunc callbacks is not modelled");
    if (L1_A || L1_B) fail(api, "a batch of A or B in L1 (TSCM / A1 / B1) is not modelled");
    if (C_TYPE::format != CubeFormat::ND) fail(api, "a batch of an ND_ALIGN or NZ C is not modelled");
    if (partial) fail(api, "enPartialSum (accumulating into the previous C) is not modelled");
    if (batch_c_count(batchA, batchB) != batch)
      fail(api, "C's layout folds the G axis of A and B (CLayoutInfoG 1): the vendor accumulates those products "
                "into one C with atomic adds, which is not modelled");
    const TCubeTiling& t = t_;
    const LayoutInfo la = layout_a(), lb = layout_b(), lc = layout_c();
    const uint64_t whole_a = (t.ALayoutInfoS > 0 && t.ALayoutInfoD > 0) ? uint64_t(t.ALayoutInfoS) * t.ALayoutInfoD
                                                                         : uint64_t(org_m_) * org_ka_;
    const uint64_t whole_b = (t.BLayoutInfoS > 0 && t.BLayoutInfoD > 0) ? uint64_t(t.BLayoutInfoS) * t.BLayoutInfoD
                                                                         : uint64_t(org_kb_) * org_n_;
    const uint64_t whole_c = (t.CLayoutInfoS1 > 0 && t.CLayoutInfoS2 > 0)
                                 ? uint64_t(t.CLayoutInfoS1) * t.CLayoutInfoS2 : uint64_t(org_m_) * org_n_;
    const GlobalTensor<TA> a0 = a_;
    const GlobalTensor<TB> b0 = b_;
    for (uint32_t i = 0; i < batch; ++i) {
      const uint32_t ia = source_index<A_TYPE::layout>(i, batch, batchA, la, lb);
      const uint32_t ib = source_index<B_TYPE::layout>(i, batch, batchB, lb, la);
      if (ia >= batchA || ib >= batchB)
        asc_model::current_core().fault(f, l, api, "batch %u multiplies A's matrix %u and B's %u, but batchA is %u "
                                        "and batchB %u: the layouts' axes (LayoutInfo B, N, G) do not broadcast "
                                        "to these counts", i, ia, ib, batchA, batchB);
      const Placement pa = place<A_TYPE::layout>(api, "a", ia, sa, whole_a, la);
      const Placement pb = place<B_TYPE::layout>(api, "b", ib, sb, whole_b, lb);
      const Placement pc = place<C_TYPE::layout>(api, "c", i, sc, whole_c, lc);
      a_ = a0[pa.offset];
      b_ = b0[pb.offset];
      a_ld_ = pa.ld, b_ld_ = pb.ld, c_ld_ = pc.ld;
      block_ = -1;
      body(i, pc.offset);
    }
    a_ = a0;
    b_ = b0;
    a_ld_ = b_ld_ = c_ld_ = 0;
    drain();
    iterating_ = false;
  }
  void start(const char* api, uint8_t enAtomic, const char* f, int l) {
    need_init(api, f, l);
    if (!has_a_ || !has_b_) fail(api, "SetTensorA and SetTensorB come first");
    if (sizeof(TA) != 2 && trans_a_)
      fail(api, "a transposed A of int8 or float inputs (K x M in GM) is not modelled");
    if (bias_on_ && !has_bias_) fail(api, "the tiling has isBias set but no SetBias was called");
    if (enAtomic > 3) fail(api, "enAtomic must be 0..3");
    atomic_ = enAtomic;
    if constexpr (GEMV) {
      if (single_m_ != 1)
        asc_model::current_core().fault(f, l, api, "A is a vector (CubeFormat::VECTOR, GEMV): the single-core M "
                                        "must be 1, not %d", single_m_);
    }
    check_l1_operands(api);
    m_iter_ = (single_m_ + t_.baseM - 1) / t_.baseM;
    n_iter_ = (single_n_ + t_.baseN - 1) / t_.baseN;
    block_ = -1;
    iterating_ = true;
  }
  // A / B in L1 must hold the single-core matrix's NZ (see SetTensorA(LocalTensor)).
  void check_l1_operands(const char* api) {
    if constexpr (L1_A) {
      const uint64_t need = !trans_a_ ? uint64_t(up16(single_m_)) * upc0(single_k_)
                                      : uint64_t(up16(single_k_)) * up16(single_m_);
      if (a_l1_.GetSize() < need)
        asc_model::current_core().fault(file_, line_, api, "A in L1 holds %u elements; the single-core %s (%d x %d) "
                                        "as NZ needs %llu", a_l1_.GetSize(), trans_a_ ? "A^T" : "A",
                                        trans_a_ ? single_k_ : single_m_, trans_a_ ? single_m_ : single_k_,
                                        (unsigned long long)need);
    }
    if constexpr (L1_B) {
      if (sizeof(TB) == 1 && !trans_b_ && single_k_ % 32)
        asc_model::current_core().fault(file_, line_, api, "an int8 B in L1 (K x N) with singleK %d: the Model's "
                                        "loads need K a multiple of 32", single_k_);
      if (sizeof(TB) == 1 && !trans_b_ && t_.baseN % 32)
        asc_model::current_core().fault(file_, line_, api, "an int8 B in L1 (K x N) with baseN %d: the Model's "
                                        "loads need baseN a multiple of 32", t_.baseN);
      const uint64_t need = !trans_b_ ? uint64_t(upk(single_k_)) * std::max(upc0(single_n_), upn(single_n_))
                                      : uint64_t(up16(single_n_)) * upc0(single_k_);
      if (b_l1_.GetSize() < need)
        asc_model::current_core().fault(file_, line_, api, "B in L1 holds %u elements; the single-core %s (%d x %d) "
                                        "as NZ needs %llu", b_l1_.GetSize(), trans_b_ ? "B^T" : "B",
                                        trans_b_ ? single_n_ : single_k_, trans_b_ ? single_k_ : single_n_,
                                        (unsigned long long)need);
    }
  }
  void got_block(const char* api, uint8_t enAtomic, const char* f, int l) {
    loc(f, l);
    if (!iterating_ || block_ < 0) fail(api, "no block computed: call Iterate() first");
    if (enAtomic > 3) fail(api, "enAtomic must be 0..3");
    atomic_ = enAtomic;
  }
  bool next_block() {
    if (++block_ >= m_iter_ * n_iter_) return false;
    // iterateOrder 0 (ORDER_M): the M index moves fastest; 1 (ORDER_N): N.
    if (t_.iterateOrder == 1) {
      mi_ = block_ / n_iter_;
      ni_ = block_ % n_iter_;
    } else {
      mi_ = block_ % m_iter_;
      ni_ = block_ / m_iter_;
    }
    m_len_ = std::min(t_.baseM, single_m_ - mi_ * t_.baseM);
    n_len_ = std::min(t_.baseN, single_n_ - ni_ * t_.baseN);
    return true;
  }
  int32_t row0() const { return mi_ * t_.baseM; }
  int32_t col0() const { return ni_ * t_.baseN; }
  static uint32_t up16(int64_t x) { return uint32_t((x + 15) / 16 * 16); }
  static uint32_t upk(int64_t x) { return uint32_t((x + KA - 1) / KA * KA); }
  static uint32_t upn(int64_t x) { return uint32_t((x + NA - 1) / NA * NA); }
  static uint32_t upc0(int64_t x) { return uint32_t((x + C0 - 1) / C0 * C0); }

  // Flags raised and not yet waited, per (event, id): a wait happens only for
  // a raised flag (the first use of a buffer has nothing to wait for).
  template <HE E>
  void raise(int id) {
    SetFlag<E>(id, file_, line_);
    pend_[int(E)][id] = true;
  }
  template <HE E>
  void await(int id) {
    if (!pend_[int(E)][id]) return;
    WaitFlag<E>(id, file_, line_);
    pend_[int(E)][id] = false;
  }
  // The scalar unit's own work for one k step before it issues the step's instructions
  // (the chunk and tail arithmetic, addresses, loop counters): the vendor's best-practice
  // README puts aic_scalar_time at 26-46% of a Matmul's AIC time, and a constant tiling
  // (MatmulApiStaticTiling) at 45% less than the runtime one, its fields being folded at
  // compile time. Timed by the cycle model (matmul_step_scalar_cycles[_constant]).
  void step_scalar() {
    constexpr bool kConstant = std::is_same_v<std::decay_t<decltype(MM_CFG)>, MatmulApiStaticTiling>;
    asc_model::Call op("Matmul", PIPE_S, file_, line_);
    op.event(kConstant ? asc_model::kScalarMatmulStepConstant : asc_model::kScalarMatmulStep, -1).run();
  }
  void drain() {
    for (int id = 0; id < 5; ++id) {
      await<HE::MTE1_MTE2>(id);
      await<HE::M_MTE1>(id);
      await<HE::FIX_M>(id);
      await<HE::MTE2_MTE1>(id);
      await<HE::MTE1_M>(id);
      await<HE::M_FIX>(id);
    }
  }

  // ---- buffers (from the registered pipe) -------------------------------------------
  void allocate(const char* f, int l) {
    if (allocated_) return;  // Init again (a new tiling of the same shape): keep the buffers
    auto& c = asc_model::current_core();
    const TCubeTiling& t = t_;
    // A callback loads the vendor's tile: stepKa (stepKb) base_k tiles under MDL, one under Norm.
    constexpr bool mdl = CFG.doMultiDataLoad || CFG.doSpecialMDL;
    ka_chunk_ = (CB_A && !mdl ? 1 : std::max(1, t.stepKa)) * t.baseK;
    kb_chunk_ = (CB_B && !mdl ? 1 : std::max(1, t.stepKb)) * t.baseK;
    nbuf_a1_ = t.depthA1 >= 2 * std::max(1, t.stepKa) ? 2 : 1;
    nbuf_b1_ = t.depthB1 >= 2 * std::max(1, t.stepKb) ? 2 : 1;
    nbuf_l0a_ = t.dbL0A >= 2 ? 2 : 1;
    nbuf_l0b_ = t.dbL0B >= 2 ? 2 : 1;
    nbuf_l0c_ = t.dbL0C >= 2 ? 2 : 1;
    a1_len_ = uint64_t(up16(t.baseM)) * upk(ka_chunk_);
    b1_len_ = uint64_t(upn(t.baseN)) * upk(kb_chunk_);
    a2_len_ = uint64_t(up16(t.baseM)) * upk(t.baseK);
    b2_len_ = uint64_t(upn(t.baseN)) * upk(t.baseK);
    co1_len_ = uint64_t(up16(t.baseM)) * up16(t.baseN);
    // A / B in the user's L1 buffer: no chunk buffers of the Matmul's own.
    if constexpr (L1_A) a1_len_ = 0;
    if constexpr (L1_B) b1_len_ = 0;
    const uint64_t need_l1 = chunks_l1_bytes();
    if (need_l1 > c.mem_size(asc_model::Mem::L1))
      c.fault(f, l, "Matmul::Init", "the tiling needs %llu bytes of L1 (A %d x %d, B %d x %d chunks), the core has %llu",
              (unsigned long long)need_l1, t.baseM, ka_chunk_, kb_chunk_, t.baseN,
              (unsigned long long)c.mem_size(asc_model::Mem::L1));
    // The bias row's L1 buffer comes after A's and B's. The vendor reserves it whenever the
    // tiling has isBias (a constant tiling has it unless the config turns enableSetBias off)
    // and checks no total, so a tiling that fills L1 with A and B (matmul_high_performance
    // cases 7-8: 256 KB + 256 KB) puts it past L1's end, harmless while no bias is set.
    // So: not reserved then, and SetBias faults.
    bias_past_l1_ = t.isBias && need_l1 + bias_row_bytes() > c.mem_size(asc_model::Mem::L1);
    if constexpr (!L1_A) pipe_->InitBuffer(a1_, uint32_t(asc_model::elems_bytes<TA>(nbuf_a1_ * a1_len_)), f, l);
    if constexpr (!L1_B) pipe_->InitBuffer(b1_, uint32_t(asc_model::elems_bytes<TB>(nbuf_b1_ * b1_len_)), f, l);
    // L0A / L0B: the vendor's Matmul InitBuffers all of L0A and L0B (tbuf_pool_l0_base.h,
    // L0AUF_SIZE / L0BUF_SIZE), so the Matmul objects of a kernel (matmul_triangle's two)
    // cannot each have their own: they share them, one object computing at a time. The
    // Model's objects take theirs from the start of L0A / L0B, not from the pipe.
    asc_model::Arena l0a_arena, l0b_arena;
    a2_.init(asc_model::elems_bytes<TA>(nbuf_l0a_ * a2_len_), l0a_arena, f, l);
    b2_.init(asc_model::elems_bytes<TB>(nbuf_l0b_ * b2_len_), l0b_arena, f, l);
    if (t.isBias && !bias_past_l1_) {  // the bias row: one base_n slice in L1, then in the bias table (BT)
      if (bias_row_bytes() > c.mem_size(asc_model::Mem::BT))
        c.fault(f, l, "Matmul::Init", "baseN %d with a bias needs %llu bytes of bias table, the core has %llu",
                t.baseN, (unsigned long long)bias_row_bytes(), (unsigned long long)c.mem_size(asc_model::Mem::BT));
      pipe_->InitBuffer(bias1_, uint32_t(bias_row_bytes()), f, l);
      pipe_->InitBuffer(bt_, uint32_t(bias_row_bytes()), f, l);
      bias_buffers_ = true;
    }
    pipe_->InitBuffer(co1_, uint32_t(nbuf_l0c_ * co1_len_ * sizeof(TL0C)), f, l);
    allocated_ = true;
  }

  // L1 bytes of A's and B's chunk buffers (allocate sizes them); the bias row's bytes (its
  // base_n slice in L1, and in the bias table).
  uint64_t chunks_l1_bytes() const { return asc_model::elems_bytes<TA>(nbuf_a1_ * a1_len_ + nbuf_b1_ * b1_len_); }
  uint64_t bias_row_bytes() const { return up16(t_.baseN) * sizeof(TL0C); }

  // ---- one block of C: all of K into L0C ----------------------------------------------
  void compute_block(bool partial) {
    skip_ = !in_triangle();
    if (skip_) return;  // TrianUpper/LowerMatmulPolicy: neither computed nor written
    const TCubeTiling& t = t_;
    const int32_t k_tiles = (single_k_ + t.baseK - 1) / t.baseK;
    const int c_id = nbuf_l0c_ == 2 ? int(blocks_done_ & 1) : 0;
    LocalTensor<TL0C> l0c = co1_.template Get<TL0C>(file_, line_)[uint64_t(c_id) * co1_len_];
    LocalTensor<TA> l1a_all;
    LocalTensor<TB> l1b_all;
    if constexpr (!L1_A) l1a_all = a1_.template Get<TA>(file_, line_);
    if constexpr (!L1_B) l1b_all = b1_.template Get<TB>(file_, line_);
    LocalTensor<TA> l0a_all = a2_.template Get<TA>(file_, line_);
    LocalTensor<TB> l0b_all = b2_.template Get<TB>(file_, line_);
    const bool with_bias = bias_on_ && !partial;
    if (with_bias) load_bias();
    if constexpr (!UNIT_FLAG) {
      await<HE::FIX_M>(c_id);  // the previous Fixpipe out of this L0C buffer is done
      await<HE::M_FIX>(c_id);  // a block Iterate computed and nobody fetched: dropped
    }
    int a_chunk = -1, b_chunk = -1, a_buf = 0, b_buf = 0;
    for (int32_t kt = 0; kt < k_tiles; ++kt) {
      step_scalar();
      const int32_t k0 = kt * t.baseK, k_len = std::min(t.baseK, single_k_ - k0);
      // GM -> L1: a new chunk of A / B when this k tile starts one.
      if (!L1_A && kt * t.baseK / ka_chunk_ != a_chunk) {
        a_chunk = kt * t.baseK / ka_chunk_;
        a_buf = nbuf_a1_ == 2 ? int(a_loads_++ & 1) : 0;
        await<HE::MTE1_MTE2>(a_buf);
        load_a_chunk(l1a_all[uint64_t(a_buf) * a1_len_], a_chunk * ka_chunk_);
        raise<HE::MTE2_MTE1>(a_buf);
      }
      if (!L1_B && kt * t.baseK / kb_chunk_ != b_chunk) {
        b_chunk = kt * t.baseK / kb_chunk_;
        b_buf = nbuf_b1_ == 2 ? int(b_loads_++ & 1) : 0;
        await<HE::MTE1_MTE2>(kBId + b_buf);
        load_b_chunk(l1b_all[uint64_t(b_buf) * b1_len_], b_chunk * kb_chunk_);
        raise<HE::MTE2_MTE1>(kBId + b_buf);
      }
      await<HE::MTE2_MTE1>(a_buf);
      await<HE::MTE2_MTE1>(kBId + b_buf);
      // L1 -> L0A / L0B.
      const int l0 = (nbuf_l0a_ == 2 && nbuf_l0b_ == 2) ? int(kt & 1) : 0;
      await<HE::M_MTE1>(l0);
      LocalTensor<TA> l0a = l0a_all[uint64_t(l0) * a2_len_];
      LocalTensor<TB> l0b = l0b_all[uint64_t(l0) * b2_len_];
      // From the user's L1 matrix (the whole single-core NZ, the block at its place in it),
      // else from this k tile's chunk.
      if constexpr (L1_A)
        load_l0a(l0a, a_l1_, k0, k_len, single_k_, trans_a_ ? 0 : up16(single_m_) / 16, uint32_t(row0()) / 16);
      else
        load_l0a(l0a, l1a_all[uint64_t(a_buf) * a1_len_], k0 - a_chunk * ka_chunk_, k_len,
                 std::min(ka_chunk_, single_k_ - a_chunk * ka_chunk_));
      if constexpr (L1_B)
        load_l0b(l0b, b_l1_, k0, k_len, single_k_, trans_b_ ? up16(single_n_) / 16 : 0, uint32_t(col0()) / 16);
      else
        load_l0b(l0b, l1b_all[uint64_t(b_buf) * b1_len_], k0 - b_chunk * kb_chunk_, k_len,
                 std::min(kb_chunk_, single_k_ - b_chunk * kb_chunk_));
      // Is this the last k tile of the L1 chunk? Then its buffer is free after this load.
      const bool a_last = !L1_A && (kt + 1 == k_tiles || (kt + 1) * t.baseK / ka_chunk_ != a_chunk);
      const bool b_last = !L1_B && (kt + 1 == k_tiles || (kt + 1) * t.baseK / kb_chunk_ != b_chunk);
      if (a_last) raise<HE::MTE1_MTE2>(a_buf);
      if (b_last) raise<HE::MTE1_MTE2>(kBId + b_buf);
      raise<HE::MTE1_M>(l0);
      await<HE::MTE1_M>(l0);
      // L0A x L0B -> L0C.
      MmadParams p;
      p.m = uint16_t(m_len_);
      p.n = uint16_t(n_len_);
      p.k = uint16_t(k_len);
      p.cmatrixInitVal = kt == 0 && !partial;
      if constexpr (UNIT_FLAG) p.unitFlag = kt + 1 == k_tiles ? 3 : 2;
      if (kt == 0 && with_bias) {
        p.cmatrixSource = true;
        const LocalTensor<TL0C> bias = bt_.template Get<TL0C>(file_, line_);
        asc_model::mmad(l0c, l0a, l0b, &bias, p, file_, line_, /*l0b_n_major=*/true);
        raise<HE::M_MTE1>(kBiasId);  // the bias table is free again
      } else {
        asc_model::mmad<TL0C, TA, TB, LocalTensor<TL0C>>(l0c, l0a, l0b, nullptr, p, file_, line_,
                                                         /*l0b_n_major=*/true);
      }
      raise<HE::M_MTE1>(l0);
    }
    if constexpr (!UNIT_FLAG) raise<HE::M_FIX>(c_id);
    cur_c_ = l0c;
    cur_c_id_ = c_id;
    ++blocks_done_;
  }

  // One GM -> L1 copy: `rows` rows of `cols` elements, `stride` elements apart in GM,
  // as NZ column blocks of up16(rows) rows.
  template <class T>
  void copy_nz(const LocalTensor<T>& l1, const GlobalTensor<T>& gm, int32_t rows, int32_t cols, int32_t stride,
               uint32_t padded_rows = 0) {
    Nd2NzParams p;
    p.ndNum = 1;
    p.nValue = uint16_t(rows);
    p.dValue = uint16_t(cols);
    p.srcDValue = uint16_t(stride);
    if constexpr (asc_model::is_int4_v<T>) {  // the copy moves int4b_t as bytes (cube_layout.h)
      p.dValue = uint16_t(cols / 2);
      p.srcDValue = uint16_t(stride / 2);
    }
    p.dstNzC0Stride = uint16_t(padded_rows ? padded_rows : up16(rows));
    p.dstNzNStride = 1;
    DataCopy(l1, gm, p, file_, line_);
  }
  // A chunk: rows m_len of A (columns k0 .. k0+kc); transposed A (K x M in GM): its
  // kc x m_len slice. B chunk: rows k0 .. k0+kc of B; transposed B (N x K): n_len x kc.
  template <class T>
  void fill_const(const LocalTensor<T>& l1, uint64_t len, T v) {
    if constexpr (asc_model::is_int4_v<T>) {
      fail("Matmul", "a scalar A or B of int4b_t is not modelled");
    } else {
    InitConstValueParams<T> p;
    p.repeatTimes = 1;
    p.blockNum = uint16_t(len * sizeof(T) / 32);
    p.initValue = v;
    InitConstValue(l1, p, file_, line_);
    }
  }
  void load_a_chunk(const LocalTensor<TA>& l1, int32_t k0) {
    if (scalar_a_) return fill_const(l1, a1_len_, a_scalar_);
    const int32_t kc = std::min(ka_chunk_, single_k_ - k0);
    if constexpr (CB_A) {  // the user's copy: tile (m block, k tile) of m_len x kc, into L1 as NZ
      MM_CB::CopyA1Ptr(l1.template ReinterpretCast<int8_t>(), reinterpret_cast<const __gm__ void*>(a_.GetPhyAddr()),
                       mi_, k0 / ka_chunk_, m_len_, kc, user_def_info_, self_define_data_);
      return;
    }
    if (!trans_a_) copy_nz(l1, a_[uint64_t(row0()) * lda() + k0], m_len_, kc, lda());
    else copy_nz(l1, a_[uint64_t(k0) * lda() + row0()], kc, m_len_, lda());
  }
  void load_b_chunk(const LocalTensor<TB>& l1, int32_t k0) {
    if (scalar_b_) return fill_const(l1, b1_len_, b_scalar_);
    const int32_t kc = std::min(kb_chunk_, single_k_ - k0);
    if constexpr (CB_B) {  // the user's copy: tile (k tile, n block) of kc x n_len, into L1 as NZ
      MM_CB::CopyB1Ptr(l1.template ReinterpretCast<int8_t>(), reinterpret_cast<const __gm__ void*>(b_.GetPhyAddr()),
                       k0 / kb_chunk_, ni_, kc, n_len_, user_def_info_, self_define_data_);
      return;
    }
    if (!trans_b_) copy_nz(l1, b_[uint64_t(k0) * ldb() + col0()], kc, n_len_, ldb(), upk(kc));
    else copy_nz(l1, b_[uint64_t(col0()) * ldb() + k0], n_len_, kc, ldb());
  }
  // L0A (zZ): fractal (row band r, k block j) at (r * K1 + j); one LoadData per row band.
  // l1_m1 / rb0: the L1 matrix has l1_m1 16-row bands and the block starts at band rb0
  // (0: the chunk's own m_len rows, from band 0); a transposed A's has up16(kc) rows.
  void load_l0a(const LocalTensor<TA>& l0a, const LocalTensor<TA>& l1, int32_t kin, int32_t k_len, int32_t kc,
                uint32_t l1_m1 = 0, uint32_t rb0 = 0) {
    // K1 fractal columns of C0 (16 for 16-bit types: the transposed form below is 16-bit only)
    const uint32_t M1 = up16(m_len_) / 16, K1 = (uint32_t(k_len) + C0 - 1) / C0, kb0 = uint32_t(kin) / C0;
    const uint32_t KC1 = up16(kc) / 16, LM1 = l1_m1 ? l1_m1 : M1;
    for (uint32_t r = 0; r < M1; ++r) {
      LoadData2DParams p;
      p.repeatTimes = uint8_t(K1);
      if (!trans_a_) {  // NZ of m x kc: fractal (r, j) at j * M1 + r
        p.startIndex = uint16_t(kb0 * LM1 + rb0 + r);
        p.srcStride = uint16_t(LM1);
      } else {  // NZ of kc x m: fractal (j, r) at r * KC1 + j, transposed
        p.startIndex = uint16_t((rb0 + r) * KC1 + kb0);
        p.srcStride = 1;
        p.ifTranspose = true;
      }
      LoadData(l0a[uint64_t(r) * K1 * F], l1, p, file_, line_);
    }
  }
  // L0B in the Model's own n-block-major order (fractal (n block c, k block j) at
  // c * K1 + j, each holding (n, k)): internal to this object, which computes with
  // asc_model::mmad(..., l0b_n_major=true); a kernel's Mmad reads the vendor's Zn.
  // l1_n1 / cb0: a transposed B's L1 matrix has l1_n1 16-row bands (0: the chunk's own
  // n_len rows); the block starts at column (row, transposed) cb0 * 16 of it.
  void load_l0b(const LocalTensor<TB>& l0b, const LocalTensor<TB>& l1, int32_t kin, int32_t k_len, int32_t kc,
                uint32_t l1_n1 = 0, uint32_t cb0 = 0) {
    if constexpr (sizeof(TB) != 2) {
      if (!trans_b_) {  // K x N B: LoadDataWithTranspose of 16-row bands
        load_l0b_transposing(l0b, l1, kin, k_len, kc, cb0);
        return;
      }
    }
    const uint32_t N1 = up16(n_len_) / 16, K1 = (uint32_t(k_len) + C0 - 1) / C0, kb0 = uint32_t(kin) / C0;
    const uint32_t KC1 = up16(kc) / 16, LN1 = l1_n1 ? l1_n1 : N1;
    for (uint32_t c = 0; c < N1; ++c) {
      LoadData2DParams p;
      p.repeatTimes = uint8_t(K1);
      if (!trans_b_) {  // NZ of kc x n: fractal (j, c) at c * KC1 + j, transposed
        p.startIndex = uint16_t((cb0 + c) * KC1 + kb0);
        p.srcStride = 1;
        p.ifTranspose = true;
      } else {  // NZ of n x kc: fractal (c, j) at j * N1 + c
        p.startIndex = uint16_t(kb0 * LN1 + cb0 + c);
        p.srcStride = uint16_t(LN1);
      }
      LoadData(l0b[uint64_t(c) * K1 * F], l1, p, file_, line_);
    }
  }

  // L0B of a K x N int8 / float B from its NZ in L1 (kc rows padded to KA, column
  // blocks of C0): L0B fractal (n block c of 16, k block j of C0) holds B^T.
  // int8: one 32 x 32 block (two 16-row bands of one 32-column block) per call,
  //   its transpose split into the fractals (2nb, j) and (2nb+1, j), K1 apart;
  // float: per 16-column block c, the 16 x 16 blocks of each 16-row band
  //   (column blocks 2c, 2c+1 of 8) transposed into fractals (c, 2b), (c, 2b+1).
  void load_l0b_transposing(const LocalTensor<TB>& l0b, const LocalTensor<TB>& l1, int32_t kin, int32_t k_len,
                            int32_t kc, uint32_t cb0 = 0) {  // cb0: the block's first column / 16
    const uint32_t K1 = (uint32_t(k_len) + C0 - 1) / C0, KB = upk(kc) / 16, band0 = uint32_t(kin) / 16;
    if constexpr (S4) {  // one 64 x 64 square (four 16-row bands of one 64-column block) per call
      const uint32_t NB = (uint32_t(n_len_) + 63) / 64;
      for (uint32_t nb = 0; nb < NB; ++nb)
        for (uint32_t j = 0; j < K1; ++j) {
          LoadData2dTransposeParams p;
          p.startIndex = uint16_t((cb0 / 4 + nb) * KB + band0 + 4 * j);
          p.repeatTimes = 1;
          p.srcStride = 0;
          p.dstFracGap = uint16_t(K1 - 1);
          LoadDataWithTranspose(l0b[(uint64_t(4 * nb) * K1 + j) * F], l1, p, file_, line_);
        }
    } else if constexpr (sizeof(TB) == 1) {
      const uint32_t NB = (uint32_t(n_len_) + 31) / 32;
      for (uint32_t nb = 0; nb < NB; ++nb)
        for (uint32_t j = 0; j < K1; ++j) {
          LoadData2dTransposeParams p;
          p.startIndex = uint16_t((cb0 / 2 + nb) * KB + band0 + 2 * j);
          p.repeatTimes = 1;
          p.srcStride = 0;
          p.dstFracGap = uint16_t(K1 - 1);
          LoadDataWithTranspose(l0b[(uint64_t(2 * nb) * K1 + j) * F], l1, p, file_, line_);
        }
    } else {
      const uint32_t N1 = up16(n_len_) / 16, bands = up16(k_len) / 16;
      for (uint32_t c = 0; c < N1; ++c) {
        LoadData2dTransposeParamsV2 p;
        p.startIndex = uint16_t(2 * (cb0 + c) * KB + band0);
        p.repeatTimes = uint8_t(bands);
        p.srcStride = 1;
        p.srcFracGap = uint16_t(KB - 1);
        LoadDataWithTranspose(l0b[uint64_t(c) * K1 * F], l1, p, file_, line_);
      }
    }
  }

  void load_bias() {
    if constexpr (!std::is_same_v<TBias, TL0C>) {
      fail("Matmul", "the bias must have the accumulator type");  // SetBias refuses it at compile time
    } else {
      load_bias_row();
    }
  }
  void load_bias_row() {
    LocalTensor<TL0C> l1 = bias1_.template Get<TL0C>(file_, line_);
    LocalTensor<TL0C> bt = bt_.template Get<TL0C>(file_, line_);
    await<HE::MTE1_MTE2>(kBiasId);
    DataCopyExtParams cp;
    cp.blockCount = 1;
    cp.blockLen = uint32_t(n_len_ * sizeof(TL0C));
    DataCopyPad(l1, bias_[col0()], cp, DataCopyPadExtParams<TL0C>{}, file_, line_);
    raise<HE::MTE2_MTE1>(kBiasId);
    await<HE::MTE2_MTE1>(kBiasId);
    await<HE::M_MTE1>(kBiasId);
    DataCopy(bt, l1, uint32_t((n_len_ + 7) / 8 * 8), file_, line_);
    raise<HE::MTE1_MTE2>(kBiasId);
  }

  // ---- L0C -> out ----------------------------------------------------------------------
  // The Fixpipe mode from L0C's type to C's: a plain conversion, or with a scale set
  // by SetQuantScalar (kind 1) / SetQuantVector (kind 2). `setting`: called from the
  // setter (a type pair no scale applies to is an error there).
  int32_t quant_mode(bool setting = false) {
    using Q = QuantModes;
    const bool vec = quant_kind_ == 2;
    if constexpr (std::is_same_v<TL0C, int32_t> && std::is_same_v<TC, half>) {
      if (quant_kind_) return int32_t(vec ? Q::VDEQF16 : Q::DEQF16);
      fail("Matmul", "int8 inputs with a half C need the dequantisation scale: SetQuantScalar or SetQuantVector");
    } else if constexpr (std::is_same_v<TC, int8_t> || std::is_same_v<TC, uint8_t>) {
      if (quant_kind_) {
        if constexpr (std::is_same_v<TL0C, int32_t>) return int32_t(vec ? Q::VREQ8 : Q::REQ8);
        else return int32_t(vec ? Q::VQF322B8_PRE : Q::QF322B8_PRE);
      }
      fail("Matmul", "an int8 C needs the quantisation scale: SetQuantScalar or SetQuantVector");
    } else {
      if (setting && quant_kind_)
        asc_model::current_core().fault(file_, line_, quant_kind_ == 2 ? "Matmul::SetQuantVector"
                                                                        : "Matmul::SetQuantScalar",
                                        "no quantisation mode takes a %s accumulator to a %s C (int8 A/B with half "
                                        "or int8 C, or an int8 C from a float accumulator)",
                                        asc_model::type_name<TL0C>(), asc_model::type_name<TC>());
      if constexpr (std::is_same_v<TC, TL0C>) return int32_t(Q::NoQuant);
      else if constexpr (std::is_same_v<TC, half>) return int32_t(Q::F322F16);
      else return int32_t(Q::F322BF16);
    }
  }
  // The scale SetQuantScalar gave, as the Fixpipe's quant register holds it: its M1 field
  // is bits [31:13] of the float, a (1, 8, 10) float (sign, exponent, the mantissa's top 10
  // bits; the vendor's fixpipe goldens decode it so, and matmul_quant's vector golden masks
  // the factors with 0xFFFFE000): the mantissa's low 13 bits do not reach the product.
  uint64_t fixpipe_scalar() const { return quant_kind_ == 1 ? quant_scalar_ & ~uint64_t(0x1FFF) : quant_scalar_; }
  // nz: to an NZ C, row_stride the elements from one column block (16 columns, 8 with the
  // channel split) to the next; the Fixpipe's dstStride counts 32-byte blocks.
  template <class Dst>
  void fixpipe_raw(const Dst& dst, uint32_t row_stride, bool nz = false, uint8_t unit_flag = 0) {
    const int32_t q = quant_mode();
    uint32_t n = uint32_t(n_len_), m = uint32_t(m_len_), stride = row_stride;
    if (nz) {  // the vendor's CopyOutNZ2NZ: whole column blocks; with the split, rows to 16 (8 for A^T)
      n = SPLIT ? (n + 7) / 8 * 8 : up16(n);
      if (SPLIT) m = trans_a_ ? (m + 7) / 8 * 8 : up16(m);
      stride = uint32_t(uint64_t(row_stride) * sizeof(TC) / 32);
    }
    if (quant_kind_ == 2) {  // this block's factors: GM -> L1 (MTE2), then read by the Fixpipe
      LocalTensor<uint64_t> l1 = quant1_.template Get<uint64_t>(file_, line_);
      DataCopyExtParams cp;
      cp.blockCount = 1;
      cp.blockLen = uint32_t(n_len_ * sizeof(uint64_t));
      DataCopyPad(l1, quant_gm_[col0()], cp, DataCopyPadExtParams<uint64_t>{}, file_, line_);
      raise<HE::MTE2_FIX>(0);
      await<HE::MTE2_FIX>(0);
      asc_model::fixpipe("Fixpipe", dst, cur_c_, n, m, up16(m_len_), stride, false, q, 0, &l1, !nz, file_, line_,
                         SPLIT && nz);
      return;
    }
    asc_model::fixpipe("Fixpipe", dst, cur_c_, n, m, up16(m_len_), stride, false, q, fixpipe_scalar(), nullptr, !nz,
                       file_, line_, SPLIT && nz, unit_flag);
  }
  template <class Dst>
  void fixpipe_to(const Dst& dst, uint32_t row_stride) {
    if (skip_) return;
    // C into the UB: on A2 the AIC's Fixpipe cannot reach the UB; the vendor's client
    // copies the block in with MTE2 (from the workspace), so for the vector side the
    // data arrives as an MTE2 write, ordered by a VECIN queue like any copy in. The Model
    // writes it with its Fixpipe: the two hand-offs give that write the MTE2 copy's place
    // in the pipes' order (asc-debug's racecheck and the cycle model see it there).
    bool ub = false;
    if constexpr (std::is_same_v<Dst, LocalTensor<TC>>) ub = dst.mem() == asc_model::Mem::UB;
    if (ub) handoff<HE::MTE2_FIX>();
    await<HE::M_FIX>(cur_c_id_);
    fixpipe_raw(dst, row_stride);
    raise<HE::FIX_M>(cur_c_id_);
    if (ub) handoff<HE::FIX_MTE2>();
  }
  // A flag set and waited at once (event id 7, which the Matmul's own flags do not use).
  // FIX_S after C reaches GM: the vendor's client (the AIV core calling IterateAll,
  // GetTensorC) gets the AIC server's answer once the copy is done, so what the kernel
  // issues after the call comes after it (a later DataCopy of C from GM reads it).
  template <HE E>
  void handoff() {
    SetFlag<E>(7, file_, line_);
    WaitFlag<E>(7, file_, line_);
  }
  // The block to a GM C at its place (enSequentialWrite: the block alone, dense): ND rows
  // ldc() apart (ND_ALIGN: C's rows padded to 32 bytes); NZ: column blocks of C0 (16, 8
  // with the channel split) columns, each the org M rows tall (up16 with the split), as
  // the vendor's CopyOutNZ2NZ places them.
  void fixpipe_gm(const GlobalTensor<TC>& gm, bool sequential) {
    if constexpr (C_TYPE::format == CubeFormat::NZ) {
      const uint32_t c0 = SPLIT ? 8 : 16, h = SPLIT ? up16(org_m_) : uint32_t(org_m_);
      if (sequential) fixpipe_raw(gm, up16(m_len_) * c0, true, UNIT_OUT);
      else fixpipe_raw(gm[uint64_t(col0()) * h + uint64_t(row0()) * c0], h * c0, true, UNIT_OUT);
    } else {
      if (sequential) fixpipe_raw(gm, uint32_t(t_.baseN), false, UNIT_OUT);
      else fixpipe_raw(gm[uint64_t(row0()) * ldc() + col0()], ldc(), false, UNIT_OUT);
    }
  }
  // A block of C to GM; with enAtomic (1 add, 2 max, 3 min) the copy combines with C's
  // contents in GM (the vendor's SetAtomic / ClearAtomic around its CopyCubeOut, for the
  // C types it lists: float, half, int16_t, int32_t, int8_t, bfloat16_t; others store).
  void write_c(const GlobalTensor<TC>& gm, bool sequential) {
    if (skip_) return;
    with_atomic([&] {
      if constexpr (CB_OUT) {
        copy_out_by_callback(gm, sequential);
      } else {
        if constexpr (!UNIT_FLAG) await<HE::M_FIX>(cur_c_id_);
        fixpipe_gm(gm, sequential);
        if constexpr (!UNIT_FLAG) raise<HE::FIX_M>(cur_c_id_);
      }
    });
  }
  // `copy` (a copy of C to GM) under the call's enAtomic. The cores run on threads and a
  // combining write is a read-modify-write: the Matmuls' atomic copies of C take turns
  // (split-K cores add into the same C).
  template <class Copy>
  void with_atomic(Copy&& copy) {
    std::unique_lock<std::mutex> turn(asc_model::matmul_atomic_mutex(), std::defer_lock);
    if (atomic_) turn.lock();
    atomic_on();
    copy();
    atomic_off();
  }
  static constexpr bool kAtomicC = std::is_same_v<TC, float> || std::is_same_v<TC, half> ||
                                   std::is_same_v<TC, int16_t> || std::is_same_v<TC, int32_t> ||
                                   std::is_same_v<TC, int8_t> || std::is_same_v<TC, bfloat16_t>;
  void atomic_on() {
    if constexpr (kAtomicC) {
      if (atomic_ == 1) SetAtomicAdd<TC>(file_, line_);
      else if (atomic_ == 2) SetAtomicMax<TC>(file_, line_);
      else if (atomic_ == 3) SetAtomicMin<TC>(file_, line_);
    }
  }
  void atomic_off() {
    if constexpr (kAtomicC) {
      if (atomic_) SetAtomicNone(file_, line_);
    }
  }
  // DataCopyOut: the user's function copies the block out of L0C (the vendor's
  // CopyOutImplCB: gm at the block's place in C, the copy's parameters, the user's values).
  void copy_out_by_callback(const GlobalTensor<TC>& gm, bool sequential) {
    if (skip_) return;
    if (C_TYPE::format != CubeFormat::ND) fail("Matmul", "a DataCopyOut callback with an ND_ALIGN or NZ C is not "
                                                         "modelled");
    if (quant_kind_ == 2) fail("Matmul", "a DataCopyOut callback with SetQuantVector (the per-channel factors in L1) "
                                         "is not modelled");
    await<HE::M_FIX>(cur_c_id_);
    const uint32_t stride = sequential ? uint32_t(n_len_) : ldc();
    const uint64_t off = sequential ? 0 : uint64_t(row0()) * ldc() + col0();
    DataCopyOutParams p(uint16_t((n_len_ + 15) / 16), uint16_t(uint32_t(m_len_) * 16 * sizeof(TL0C) / 32), 0, stride,
                        uint16_t(n_len_), CFG.enUnitFlag, mi_, ni_);
    if (quant_kind_ == 1) {
      p.quantMode = uint8_t(quant_mode());
      p.quantScalar = quant_scalar_;
    }
    MM_CB::DataCopyOutPtr(reinterpret_cast<const __gm__ void*>(gm.GetPhyAddr(off)),
                          cur_c_.template ReinterpretCast<int8_t>(), reinterpret_cast<const void*>(&p), user_def_info_,
                          self_define_data_);
    raise<HE::FIX_M>(cur_c_id_);
  }
  // Row pitches in GM: the org shape's, or a batch layout's while a batch runs (a_ld_ ...).
  int32_t lda() const { return a_ld_ ? a_ld_ : (trans_a_ ? org_m_ : org_ka_); }
  int32_t ldb() const { return b_ld_ ? b_ld_ : (trans_b_ ? org_kb_ : org_n_); }
  uint32_t ldc() const {
    if (c_ld_) return uint32_t(c_ld_);
    if constexpr (C_TYPE::format == CubeFormat::ND_ALIGN) {  // the vendor's GetOrgWidth
      constexpr uint32_t blk = 32 / sizeof(TC);
      return (uint32_t(org_n_) + blk - 1) / blk * blk;
    }
    return uint32_t(org_n_);
  }

  // Event ids: A's L1 buffers 0/1, B's 2/3, the bias 4; L0 and L0C buffers 0/1.
  static constexpr int kBId = 2, kBiasId = 4;

  TPipe* pipe_ = nullptr;
  TCubeTiling t_{};
  bool inited_ = false, allocated_ = false, iterating_ = false, bias_buffers_ = false, quant_buffer_ = false;
  bool bias_past_l1_ = false;  // the tiling's bias buffer would lie past L1's end (allocate)
  uint8_t sub_block_idx_ = 0;  // SetSubBlockIdx
  uint8_t atomic_ = 0;  // enAtomic of the running IterateAll / IterateBatch / GetTensorC (GM only)
  int quant_kind_ = 0;  // 0 none, 1 SetQuantScalar, 2 SetQuantVector
  uint64_t quant_scalar_ = 0;
  GlobalTensor<uint64_t> quant_gm_;
  TBuf<TPosition::A1> quant1_;
  int32_t batch_a_ = 1, batch_b_ = 1;
  bool batch_set_ = false, scalar_a_ = false, scalar_b_ = false;
  uint64_t self_define_data_ = 0, user_def_info_ = 0;
  TA a_scalar_{};
  TB b_scalar_{};
  bool has_a_ = false, has_b_ = false, has_bias_ = false, bias_on_ = false, trans_a_ = false, trans_b_ = false;
  GlobalTensor<TA> a_;
  GlobalTensor<TB> b_;
  LocalTensor<TA> a_l1_;  // A / B in L1 (L1_A / L1_B): the user's NZ buffer
  LocalTensor<TB> b_l1_;
  GlobalTensor<TBias> bias_;
  int32_t single_m_ = 0, single_n_ = 0, single_k_ = 0, org_m_ = 0, org_n_ = 0, org_ka_ = 0, org_kb_ = 0;
  int32_t a_ld_ = 0, b_ld_ = 0, c_ld_ = 0;  // a batch layout's row pitches (0: the org shape's)
  uint64_t ws_addr_ = 0, ws_bytes_ = 0;     // SetWorkspace: where IterateNBatch writes C (0: none set)
  bool has_ws() const { return ws_addr_ != 0; }
  uint32_t nbatch_iter_ = 0;                // GetBatchTensorC(ub, ...) calls since IterateNBatch
  uint32_t async_blocks_ = 0, async_iter_ = 0;  // an asynchronous Iterate's blocks, and the calls so far
  uint64_t async_offset_ = 0;               // where the next GetTensorC of it reads the workspace
  uint64_t nbatch_c_offset_ = 0;            // GetBatchTensorC(batchA, batchB): elements handed out
  int32_t m_iter_ = 0, n_iter_ = 0, block_ = -1, mi_ = 0, ni_ = 0, m_len_ = 0, n_len_ = 0;
  int32_t ka_chunk_ = 0, kb_chunk_ = 0;
  int nbuf_a1_ = 1, nbuf_b1_ = 1, nbuf_l0a_ = 1, nbuf_l0b_ = 1, nbuf_l0c_ = 1, cur_c_id_ = 0;
  uint64_t a1_len_ = 0, b1_len_ = 0, a2_len_ = 0, b2_len_ = 0, co1_len_ = 0;
  uint64_t a_loads_ = 0, b_loads_ = 0, blocks_done_ = 0;
  TBuf<TPosition::A1> a1_;
  TBuf<TPosition::B1> b1_;
  TBuf<TPosition::A1> bias1_;
  TBuf<TPosition::A2> a2_;
  TBuf<TPosition::B2> b2_;
  TBuf<TPosition::C2> bt_;
  TBuf<TPosition::CO1> co1_;
  LocalTensor<TL0C> cur_c_;
  bool skip_ = false;  // the current block is outside the triangle policy's (not computed)
  bool pend_[40][5] = {};
  const char* file_ = "";
  int line_ = 0;
};
}  // namespace Detail
}  // namespace Impl

// The vendor's shape (matmul_intf.h): the five parameters, the callbacks (MM_CB) and
// the policy, a template template parameter defaulting to MatmulPolicy.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          template <const auto& = MM_CFG, typename...> class MATMUL_POLICY = Impl::Detail::MatmulPolicy>
using Matmul = Impl::Detail::MatmulModel<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;

}  // namespace AscendC

namespace asc_model {
// REGIST_MATMUL_OBJ(&pipe, workspace, mm1, &tiling1 [, mm2, &tiling2 ...]):
// each Matmul takes the pipe's buffers and, with a tiling, is initialised.
inline void regist_matmul(const char*, int, AscendC::TPipe*, __gm__ uint8_t*) {}
template <class MM, class... Rest>
void regist_matmul(const char* file, int line, AscendC::TPipe* pipe, __gm__ uint8_t* ws, MM& mm,
                   const AscendC::tiling::TCubeTiling* tiling, Rest&&... rest) {
  mm.asc_register(pipe);
  if (tiling || MM::ASC_FULL_STATIC_TILING) mm.Init(tiling, pipe, file, line);
  regist_matmul(file, line, pipe, ws, rest...);
}
// A bare nullptr does not compile in Ascend C (the vendor's macro needs the
// tiling's type): refused here too, naming the spelling that does.
template <class MM, class... Rest>
void regist_matmul(const char*, int, AscendC::TPipe*, __gm__ uint8_t*, MM&, std::nullptr_t, Rest&&...) {
  static_assert(sizeof(MM) == 0,
                "REGIST_MATMUL_OBJ: write a missing tiling as (TCubeTiling*)nullptr, as Ascend C requires");
}
}  // namespace asc_model


// On an AIC core of a mixed launch that runs its AIC cores (a `__mix__` kernel), the
// vendor's macro runs the KFC server loop there and returns from the kernel; the
// Model's Matmul clients compute on the AIV cores themselves, so the AIC just returns.
// With ASCENDC_CUBE_ONLY there is no server: the core that registers computes.
#if defined(ASCENDC_CUBE_ONLY)
#define REGIST_MATMUL_OBJ(pipe, workspace, ...) \
  ::asc_model::regist_matmul(__FILE__, __LINE__, (pipe), (__gm__ uint8_t*)(workspace), __VA_ARGS__)
#else
#define REGIST_MATMUL_OBJ(pipe, workspace, ...)                                                    \
  do {                                                                                             \
    if (::asc_model::current_core().mixed_aic()) return;                                           \
    ::asc_model::regist_matmul(__FILE__, __LINE__, (pipe), (__gm__ uint8_t*)(workspace), __VA_ARGS__); \
  } while (0)
#endif
