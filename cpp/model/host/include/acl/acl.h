// ACL (the Ascend runtime's host API) on the Model: the subset Ascend C
// programs use to drive a kernel (docs/ascend-c-programs.md lists it).
// Implemented in cpp/model/host/acl.cpp, linked into every program asc-cc builds.
//
// Device memory is the Model's own: aclrtMalloc hands out blocks the Model
// tracks, kernels may only be given those (or pointers into them), and a copy
// that runs past either end of one is a fault naming the call. Launches are
// synchronous (a stream orders nothing the host can observe), events record
// host wall time.
//
// Every function takes the caller's file and line as hidden defaulted
// arguments (C++ only), so a fault names the program's line.
#pragma once
#include <cstddef>
#include <cstdint>

typedef int aclError;
// IEEE 754 binary16 bits on the host (ACL's acl_base.h), converted by the two
// functions below (round to nearest, ties to even; NaN and infinities kept).
typedef uint16_t aclFloat16;
typedef void* aclrtStream;
typedef void* aclrtEvent;
typedef void* aclrtContext;

// Return codes (the values CANN's ACL documents).
static const aclError ACL_SUCCESS = 0;
static const aclError ACL_ERROR_NONE = 0;
static const aclError ACL_ERROR_INVALID_PARAM = 100000;
static const aclError ACL_ERROR_UNINITIALIZE = 100001;
static const aclError ACL_ERROR_REPEAT_INITIALIZE = 100002;
static const aclError ACL_ERROR_INVALID_FILE = 100003;
static const aclError ACL_ERROR_BAD_ALLOC = 200000;
static const aclError ACL_ERROR_FEATURE_UNSUPPORTED = 200006;
static const aclError ACL_ERROR_INTERNAL_ERROR = 500000;
static const aclError ACL_ERROR_RT_PARAM_INVALID = 107000;
static const aclError ACL_ERROR_RT_INVALID_DEVICEID = 107001;
static const aclError ACL_ERROR_RT_CONTEXT_NULL = 107002;
static const aclError ACL_ERROR_RT_STREAM_CONTEXT = 107003;
static const aclError ACL_ERROR_RT_FEATURE_NOT_SUPPORT = 207000;
static const aclError ACL_ERROR_RT_MEMORY_ALLOCATION = 207001;
static const aclError ACL_ERROR_RT_FAILURE = 500002;
static const aclError ACL_ERROR_RT_AICORE_EXCEPTION = 507015;
// rt_error_codes.h's name for success (aclrtGetLastError's result is compared with it).
static const aclError ACL_RT_SUCCESS = 0;

typedef enum aclrtMemcpyKind {
  ACL_MEMCPY_HOST_TO_HOST = 0,
  ACL_MEMCPY_HOST_TO_DEVICE = 1,
  ACL_MEMCPY_DEVICE_TO_HOST = 2,
  ACL_MEMCPY_DEVICE_TO_DEVICE = 3,
  ACL_MEMCPY_DEFAULT = 4,  // the direction is read from the two pointers
} aclrtMemcpyKind;

typedef enum aclrtMemMallocPolicy {
  ACL_MEM_MALLOC_HUGE_FIRST = 0,
  ACL_MEM_MALLOC_HUGE_ONLY = 1,
  ACL_MEM_MALLOC_NORMAL_ONLY = 2,
  ACL_MEM_MALLOC_HUGE_FIRST_P2P = 3,
  ACL_MEM_MALLOC_HUGE_ONLY_P2P = 4,
  ACL_MEM_MALLOC_NORMAL_ONLY_P2P = 5,
} aclrtMemMallocPolicy;

typedef enum aclrtEventStatus { ACL_EVENT_STATUS_COMPLETE = 0, ACL_EVENT_STATUS_NOT_READY = 1 } aclrtEventStatus;
typedef enum aclrtEventRecordedStatus {
  ACL_EVENT_RECORDED_STATUS_NOT_READY = 0,
  ACL_EVENT_RECORDED_STATUS_COMPLETE = 1
} aclrtEventRecordedStatus;
typedef enum aclrtRunMode { ACL_DEVICE = 0, ACL_HOST = 1 } aclrtRunMode;
// aclrtGetLastError / aclrtPeekAtLastError: whose error code; the thread's is the only level.
typedef enum aclrtLastErrLevel { ACL_RT_THREAD_LEVEL = 0 } aclrtLastErrLevel;

static const uint32_t ACL_EVENT_SYNC = 0x00000001u;
static const uint32_t ACL_EVENT_CAPTURE_STREAM_PROGRESS = 0x00000002u;
static const uint32_t ACL_EVENT_TIME_LINE = 0x00000008u;
static const uint32_t ACL_STREAM_FAST_LAUNCH = 0x00000001u;
static const uint32_t ACL_STREAM_FAST_SYNC = 0x00000002u;

// The caller's place, filled in by the compiler (hidden trailing arguments).
#define ASC_ACL_AT const char* asc_file = __builtin_FILE(), int asc_line = __builtin_LINE()

extern "C" {

float aclFloat16ToFloat(aclFloat16 value);
aclFloat16 aclFloatToFloat16(float value);

aclError aclInit(const char* configPath, ASC_ACL_AT);
aclError aclFinalize(ASC_ACL_AT);
const char* aclGetRecentErrMsg(void);

aclError aclrtSetDevice(int32_t deviceId, ASC_ACL_AT);
aclError aclrtResetDevice(int32_t deviceId, ASC_ACL_AT);
aclError aclrtResetDeviceForce(int32_t deviceId, ASC_ACL_AT);
aclError aclrtGetDevice(int32_t* deviceId, ASC_ACL_AT);
aclError aclrtGetDeviceCount(uint32_t* count, ASC_ACL_AT);
aclError aclrtGetRunMode(aclrtRunMode* runMode, ASC_ACL_AT);
aclError aclrtSynchronizeDevice(ASC_ACL_AT);
// The calling thread's last error code (ACL_SUCCESS when none); Get also clears it.
aclError aclrtGetLastError(aclrtLastErrLevel level);
aclError aclrtPeekAtLastError(aclrtLastErrLevel level);

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId, ASC_ACL_AT);
aclError aclrtDestroyContext(aclrtContext context, ASC_ACL_AT);
aclError aclrtSetCurrentContext(aclrtContext context, ASC_ACL_AT);
aclError aclrtGetCurrentContext(aclrtContext* context, ASC_ACL_AT);

aclError aclrtCreateStream(aclrtStream* stream, ASC_ACL_AT);
aclError aclrtCreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flag, ASC_ACL_AT);
aclError aclrtDestroyStream(aclrtStream stream, ASC_ACL_AT);
aclError aclrtDestroyStreamForce(aclrtStream stream, ASC_ACL_AT);
aclError aclrtSynchronizeStream(aclrtStream stream, ASC_ACL_AT);
aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout, ASC_ACL_AT);
aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event, ASC_ACL_AT);

aclError aclrtCreateEvent(aclrtEvent* event, ASC_ACL_AT);
aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag, ASC_ACL_AT);
aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag, ASC_ACL_AT);
aclError aclrtDestroyEvent(aclrtEvent event, ASC_ACL_AT);
aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream, ASC_ACL_AT);
aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream, ASC_ACL_AT);
aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status, ASC_ACL_AT);
aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status, ASC_ACL_AT);
aclError aclrtSynchronizeEvent(aclrtEvent event, ASC_ACL_AT);
aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent, ASC_ACL_AT);

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy, ASC_ACL_AT);
aclError aclrtMallocCached(void** devPtr, size_t size, aclrtMemMallocPolicy policy, ASC_ACL_AT);
aclError aclrtFree(void* devPtr, ASC_ACL_AT);
aclError aclrtMallocHost(void** hostPtr, size_t size, ASC_ACL_AT);
aclError aclrtFreeHost(void* hostPtr, ASC_ACL_AT);
aclError aclrtGetMemInfo(int32_t attr, size_t* free, size_t* total, ASC_ACL_AT);
aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind, ASC_ACL_AT);
aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream, ASC_ACL_AT);
aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count, ASC_ACL_AT);
aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream, ASC_ACL_AT);

}  // extern "C"
