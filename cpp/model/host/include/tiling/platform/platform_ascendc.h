// platform_ascendc::PlatformAscendC on the Model: the SoC's core counts and
// memory sizes, read from asc's platform table (asc.lib.host.platform, via
// asc_host::replay) the first time a program asks.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>
#include "asc_host/replay.h"

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, FB = 7, BT = 8, RESERVED };
enum class SocVersion { ASCEND910 = 0, ASCEND910B, ASCEND310P, ASCEND310B, ASCEND950, RESERVED_VERSION = 99999 };
enum class ReservedSize { RESERVED_SIZE_8K, RESERVED_SIZE_16K, RESERVED_SIZE_32K };

class PlatformAscendC {
 public:
  explicit PlatformAscendC(const std::string& soc) : soc_(soc) {
    std::vector<long long> v;
    if (asc_host::replay({"platform", soc_}, &v) && v.size() == 12) {
      aic_ = uint32_t(v[0]);
      aiv_ = uint32_t(v[1]);
      for (int i = 0; i < 9; ++i) mem_[i] = uint64_t(v[2 + i]);
      workspace_ = uint32_t(v[11]);
      ok_ = true;
    }
  }
  bool valid() const { return ok_; }
  const std::string& soc() const { return soc_; }
  // Split-core parts (Atlas A2): GetCoreNum is the vector core count.
  uint32_t GetCoreNum() const { return aiv_; }
  uint32_t GetCoreNumAic() const { return aic_; }
  uint32_t GetCoreNumAiv() const { return aiv_; }
  uint32_t GetCoreNumVector() const { return 0; }  // no separate vector cores on Atlas A2
  void GetCoreMemSize(const CoreMemType& t, uint64_t& size) const {
    int i = static_cast<int>(t);
    size = (i >= 0 && i < 9) ? mem_[i] : 0;
    if (t == CoreMemType::UB) size -= reserved_;
  }
  void ReserveLocalMemory(ReservedSize s) { reserved_ = uint64_t(8 * 1024) << static_cast<int>(s); }
  uint32_t GetLibApiWorkSpaceSize() const { return workspace_; }
  SocVersion GetSocVersion() const {
    return soc_.rfind("Ascend910B", 0) == 0 ? SocVersion::ASCEND910B : SocVersion::RESERVED_VERSION;
  }
  // The vendor's block count for a mixed cube/vector kernel: vector slices
  // grouped by the AIV:AIC ratio (0 when that needs more cube cores than exist).
  uint32_t CalcTschBlockDim(uint32_t slices, uint32_t aic, uint32_t aiv) const {
    if (aic == 0 || aiv == 0 || aic > aiv) return slices;
    uint32_t ratio = aiv / aic, blocks = (slices + ratio - 1) / ratio;
    return (ratio == 2 && blocks > aic) ? 0 : blocks;
  }
  uint32_t CalcTschNumBlocks(uint32_t slices, uint32_t aic, uint32_t aiv) const {
    return CalcTschBlockDim(slices, aic, aiv);
  }

 private:
  std::string soc_;
  bool ok_ = false;
  uint32_t aic_ = 0, aiv_ = 0, workspace_ = 0;
  uint64_t mem_[9] = {};
  uint64_t reserved_ = 0;
};

class PlatformAscendCManager {
 public:
  static PlatformAscendC* GetInstance() { return GetInstance(asc_host::default_soc().c_str()); }
  static PlatformAscendC* GetInstance(const char* soc) {
    static std::map<std::string, PlatformAscendC*> cache;  // one per SoC, for the program's life
    std::string key = soc && *soc ? soc : asc_host::default_soc();
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
    auto* p = new PlatformAscendC(key);
    if (!p->valid()) {
      delete p;
      return nullptr;
    }
    return cache[key] = p;
  }
};

}  // namespace platform_ascendc
