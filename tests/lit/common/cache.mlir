// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @cache
// ROUNDTRIP: ascendc.data_cache_clean_and_invalid_dst %{{.*}}, SINGLE_CACHE_LINE, CACHELINE_OUT : !ascendc.global_tensor<i32>
// ROUNDTRIP: ascendc.data_cache_clean_and_invalid_dst %{{.*}}, ENTIRE_DATA_CACHE, CACHELINE_UB : !ascendc.local_tensor<f16>
// ROUNDTRIP: ascendc.data_cache_clean_and_invalid %{{.*}}, ENTIRE_DATA_CACHE : <i32>
// ROUNDTRIP: ascendc.icache_preload %{{.*}} : i64
// ROUNDTRIP: %{{.*}} = ascendc.get_icache_preload_status : i64

// CHECK-LABEL: __aicore__ inline void cache(AscendC::GlobalTensor<int32_t>& g, AscendC::LocalTensor<half>& l, int64_t len) {
// CHECK-NEXT:   AscendC::DataCacheCleanAndInvalid<int32_t, AscendC::CacheLine::SINGLE_CACHE_LINE, AscendC::DcciDst::CACHELINE_OUT>(g);
// CHECK-NEXT:   AscendC::DataCacheCleanAndInvalid<half, AscendC::CacheLine::ENTIRE_DATA_CACHE, AscendC::DcciDst::CACHELINE_UB>(l);
// CHECK-NEXT:   AscendC::DataCacheCleanAndInvalid<int32_t, AscendC::CacheLine::ENTIRE_DATA_CACHE>(g);
// CHECK-NEXT:   AscendC::ICachePreLoad(len);
// CHECK-NEXT:   int64_t status = AscendC::GetICachePreloadStatus();
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @cache(%g: !ascendc.global_tensor<i32> loc("g"), %l: !ascendc.local_tensor<f16> loc("l"), %len: i64 loc("len")) {
  ascendc.data_cache_clean_and_invalid_dst %g, SINGLE_CACHE_LINE, CACHELINE_OUT : !ascendc.global_tensor<i32>
  ascendc.data_cache_clean_and_invalid_dst %l, ENTIRE_DATA_CACHE, CACHELINE_UB : !ascendc.local_tensor<f16>
  ascendc.data_cache_clean_and_invalid %g, ENTIRE_DATA_CACHE : !ascendc.global_tensor<i32>
  ascendc.icache_preload %len : i64
  %st = ascendc.get_icache_preload_status : i64 loc("status")
  return
}
