// Ranks on the Model: the world several launches share when they run as the
// ranks of one distributed launch (asc.distributed.launch), and the
// collective calls the kernel-side Hccl object (api/hccl.h) makes on it.
//
// A rank is one run_launch with LaunchConfig::world set; its cores are the
// rank's cores. Collectives are matched across ranks per core index (a
// "lane"): the k-th task core b of rank r prepares is step k of lane b, and it
// runs once every rank's core b has committed its step k. Everything that is
// not a declaration lives in src/hccl.cpp (compiled once with the runtime).
// Semantics, reduction order and the deadlock rules: docs/distributed.md.
#pragma once
#include <cstdint>
#include <string>

namespace asc_model {

class Core;
struct Launch;
struct World;

// The collectives (HcclCommitOp kinds); the names are those reports print.
enum class HcclKind : int32_t { AllReduce = 0, AllGather = 1, ReduceScatter = 2, AlltoAll = 3 };

// One prepared task as the kernel described it. `count` is the per-rank
// element count the API takes (AllReduce count, AllGather sendCount,
// ReduceScatter recvCount, AlltoAll dataCount); `stride` the strideCount
// (0: chunks are packed, stride = count).
struct HcclTaskDesc {
  HcclKind kind;
  uint8_t* send;
  uint8_t* recv;
  uint64_t count;
  int32_t dtype;   // HcclDataType value
  int32_t op;      // HcclReduceOp value (AllReduce, ReduceScatter)
  uint64_t stride;
};

// Kernel-side entry points (the calling core's rank and lane come from the
// core's launch). Each faults with the caller's file:line; waits block only
// while progress is possible and throw Cancelled when another rank faulted.
bool hccl_in_world(Core& c);
int hccl_prepare(Core& c, const HcclTaskDesc& d, const char* file, int line);
void hccl_commit(Core& c, int handle, const char* file, int line);
int32_t hccl_wait(Core& c, int handle, const char* file, int line);
void hccl_finalize(Core& c, const char* file, int line);
int32_t hccl_rank_id(Core& c);
int32_t hccl_rank_dim(Core& c);
// Bytes per element of an HcclDataType (0: not a valid value).
uint32_t hccl_dtype_size(int32_t dtype);
const char* hccl_kind_name(HcclKind k);

// Hooks the runtime (runtime.cpp) calls for a launch that is a rank.
void world_attach(World* w, int rank, Launch* l);
void world_detach(World* w, int rank);
void world_core_exit(World* w, int rank, int block);
void world_rank_failed(World* w, int rank, const std::string& msg);

// What the world asks of a rank's launch (implemented in runtime.cpp, where
// Launch is defined). LaunchView is read under the launch's lock.
struct LaunchView {
  int live;          // cores not yet finished (unstarted ones included)
  int blocked;       // cores blocked in a cross-core wait of the launch (SyncAll, CrossCoreWaitFlag, IBWait)
  bool any_ready;    // one of those could proceed now
  std::string what;  // what the blocked cores wait for ("block 1 in SyncAll, ...")
};
LaunchView launch_view(Launch* l);
void launch_cancel(Launch* l, const std::string& msg);  // stops the launch without calling world_rank_failed
void launch_before_block(Launch* l);                     // gives unstarted cores a thread before a core blocks
World* launch_world(Launch* l, int* rank);

}  // namespace asc_model
