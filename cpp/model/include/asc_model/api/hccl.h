// The kernel-side HCCL client (Ascend C adv_api/hccl): Hccl<serverType> with
// Init, the prepare calls AllReduce / AllGather / ReduceScatter / AlltoAll
// (each returns an HcclHandle), Commit, Wait, Finalize, GetRankId, GetRankDim.
// Each call checks its arguments and GM ranges against the calling rank's
// arguments, reports to the core's observers on PIPE_S, then hands the task
// to the world of the distributed launch (asc_model/hccl.h, src/hccl.cpp).
#pragma once
#include <cstdint>
#include "asc_model/call.h"
#include "asc_model/hccl.h"

namespace AscendC {

// Unscoped, as the vendor's (adv_api/hccl/hccl_common.h).
enum HcclServerType { HCCL_SERVER_TYPE_AICPU = 0, HCCL_SERVER_TYPE_CCU = 5, HCCL_SERVER_TYPE_END };
using HcclHandle = int8_t;

// The vendor's server configuration (adv_api/hccl/hccl_common.h); the Model has one server.
enum class CoreType : uint8_t { DEFAULT, ON_AIV, ON_AIC };
struct HcclServerConfig {
  CoreType type;
  int64_t blockId;
};
static constexpr HcclServerConfig DEFAULT_CFG = {CoreType::DEFAULT, 0};

template <HcclServerType serverType = HcclServerType::HCCL_SERVER_TYPE_AICPU, const auto& config = DEFAULT_CFG>
class Hccl {
 public:
  void Init(__gm__ uint8_t* context, __gm__ void* initTiling = nullptr, ASC_LOC_PARAMS) {
    (void)initTiling;
    asc_model::Call op("Hccl::Init", PIPE_S, ASC_LOC);
    asc_model::Core& c = op.core();
    if (!asc_model::hccl_in_world(c))
      op.fault("this launch is not a rank of a distributed launch: run the kernel with "
               "asc.distributed.launch(kernel, world_size, block_dim, args) to use Hccl");
    if (context == nullptr || context != c.hccl_ctx[0])
      op.fault("context is not this rank's communication context (pass GetHcclContext<0>())");
    op.run();
    ready_ = true;
  }

  template <bool commit = false>
  HcclHandle AllReduce(__gm__ uint8_t* sendBuf, __gm__ uint8_t* recvBuf, uint64_t count, HcclDataType dataType,
                       HcclReduceOp op, uint8_t repeat = 1, ASC_LOC_PARAMS) {
    return prepare<commit>("AllReduce", {asc_model::HcclKind::AllReduce, sendBuf, recvBuf, count,
                                         int32_t(dataType), int32_t(op), 0}, repeat, count, count, ASC_LOC);
  }
  template <bool commit = false>
  HcclHandle AllGather(__gm__ uint8_t* sendBuf, __gm__ uint8_t* recvBuf, uint64_t sendCount, HcclDataType dataType,
                       uint64_t strideCount, uint8_t repeat = 1, ASC_LOC_PARAMS) {
    uint64_t span = spread(sendCount, strideCount);
    return prepare<commit>("AllGather", {asc_model::HcclKind::AllGather, sendBuf, recvBuf, sendCount,
                                         int32_t(dataType), 0, strideCount}, repeat, sendCount, span, ASC_LOC);
  }
  template <bool commit = false>
  HcclHandle ReduceScatter(__gm__ uint8_t* sendBuf, __gm__ uint8_t* recvBuf, uint64_t recvCount,
                           HcclDataType dataType, HcclReduceOp op, uint64_t strideCount, uint8_t repeat = 1,
                           ASC_LOC_PARAMS) {
    uint64_t span = spread(recvCount, strideCount);
    return prepare<commit>("ReduceScatter", {asc_model::HcclKind::ReduceScatter, sendBuf, recvBuf, recvCount,
                                             int32_t(dataType), int32_t(op), strideCount}, repeat, span, recvCount,
                           ASC_LOC);
  }
  template <bool commit = false>
  HcclHandle AlltoAll(__gm__ uint8_t* sendBuf, __gm__ uint8_t* recvBuf, uint64_t dataCount, HcclDataType dataType,
                      uint64_t strideCount = 0, uint8_t repeat = 1, ASC_LOC_PARAMS) {
    uint64_t span = spread(dataCount, strideCount);
    return prepare<commit>("AlltoAll", {asc_model::HcclKind::AlltoAll, sendBuf, recvBuf, dataCount,
                                        int32_t(dataType), 0, strideCount}, repeat, span, span, ASC_LOC);
  }

  void Commit(HcclHandle handleId, ASC_LOC_PARAMS) {
    asc_model::Call op("Hccl::Commit", PIPE_S, ASC_LOC);
    need_init(op);
    op.run();
    asc_model::hccl_commit(op.core(), handleId, ASC_LOC);
  }
  int32_t Wait(HcclHandle handleId, ASC_LOC_PARAMS) {
    asc_model::Call op("Hccl::Wait", PIPE_S, ASC_LOC);
    need_init(op);
    op.run();
    return asc_model::hccl_wait(op.core(), handleId, ASC_LOC);
  }
  template <bool sync = true>
  void Finalize(ASC_LOC_PARAMS) {
    asc_model::Call op("Hccl::Finalize", PIPE_S, ASC_LOC);
    need_init(op);
    op.run();
    asc_model::hccl_finalize(op.core(), ASC_LOC);
  }
  uint32_t GetRankId(ASC_LOC_PARAMS) {
    asc_model::Call op("Hccl::GetRankId", PIPE_S, ASC_LOC);
    need_init(op);
    op.run();
    return uint32_t(asc_model::hccl_rank_id(op.core()));
  }
  uint32_t GetRankDim(ASC_LOC_PARAMS) {
    asc_model::Call op("Hccl::GetRankDim", PIPE_S, ASC_LOC);
    need_init(op);
    op.run();
    return uint32_t(asc_model::hccl_rank_dim(op.core()));
  }

 private:
  void need_init(asc_model::Call& op) {
    if (!ready_) op.fault("the Hccl object was not initialised (call Init(GetHcclContext<0>()) first)");
  }
  // Elements a strided buffer of world_size chunks spans: (n - 1) * stride + count.
  uint64_t spread(uint64_t count, uint64_t stride) {
    uint64_t n = uint64_t(asc_model::hccl_rank_dim(asc_model::current_core()));
    return (n - 1) * (stride ? stride : count) + count;
  }

  // Checks the task (dtype, op, the send and recv ranges in the rank's GM
  // arguments), reports it, then prepares (and with `commit`, commits) it.
  template <bool commit>
  HcclHandle prepare(const char* api, asc_model::HcclTaskDesc d, uint8_t repeat, uint64_t send_elems,
                     uint64_t recv_elems, const char* asc_file, int asc_line) {
    asc_model::Call op(api, PIPE_S, ASC_LOC);
    need_init(op);
    uint32_t es = asc_model::hccl_dtype_size(d.dtype);
    if (!es) op.core().fault(ASC_LOC, api, "dataType %d is not an HcclDataType", d.dtype);
    if ((d.kind == asc_model::HcclKind::AllReduce || d.kind == asc_model::HcclKind::ReduceScatter) &&
        (d.op < 0 || d.op > 3))
      op.core().fault(ASC_LOC, api, "op %d is not an HcclReduceOp", d.op);
    if (repeat != 1) op.core().fault(ASC_LOC, api, "repeat %d: only repeat = 1 is modelled", int(repeat));
    if (d.count == 0) op.fault("count is 0");
    if (d.stride && d.stride < d.count)
      op.core().fault(ASC_LOC, api, "strideCount %llu is smaller than the count %llu: chunks would overlap",
                      (unsigned long long)d.stride, (unsigned long long)d.count);
    op.range(asc_model::TensorRef{asc_model::Mem::GM, reinterpret_cast<uint64_t>(d.send), 0}, 0, send_elems * es,
             false, false);
    op.range(asc_model::TensorRef{asc_model::Mem::GM, reinterpret_cast<uint64_t>(d.recv), 0}, 0, recv_elems * es,
             true, false);
    op.elems(d.count).run();
    int h = asc_model::hccl_prepare(op.core(), d, ASC_LOC);
    if (commit) asc_model::hccl_commit(op.core(), h, ASC_LOC);
    return HcclHandle(h);
  }

  bool ready_ = false;
};

}  // namespace AscendC
