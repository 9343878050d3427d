// Parameter structs of the dialect (AscendCStructs.td). The emitter writes
// them as brace-init lists in the TD field order, e.g.
//   AscendC::BinaryRepeatParams p{1, 1, 1, 8, 8, 8};
// so each is an aggregate whose members follow that order exactly, with the
// vendor defaults. Enum-typed members are EnumArg<E>: the emitter prints enum
// fields as static_cast<E>(v) (and older sources as plain ints); EnumArg accepts both.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include "asc_model/dtypes.h"
#include "asc_model/enums.h"

namespace asc_model {

template <class E>
struct EnumArg {
  int32_t v = 0;
  constexpr EnumArg() = default;
  constexpr EnumArg(int32_t x) : v(x) {}
  constexpr EnumArg(E e) : v(static_cast<int32_t>(e)) {}
  constexpr operator E() const { return static_cast<E>(v); }
  constexpr operator int32_t() const { return v; }
};

}  // namespace asc_model

namespace AscendC {

struct BinaryRepeatParams {
  uint8_t dstBlkStride = 1, src0BlkStride = 1, src1BlkStride = 1;
  uint8_t dstRepStride = 8, src0RepStride = 8, src1RepStride = 8;
};
struct BrcbRepeatParams { uint16_t dstBlkStride = 1; uint16_t dstRepStride = 8; };
struct CopyRepeatParams {
  uint16_t dstStride = 0, srcStride = 0, dstRepeatSize = 0, srcRepeatSize = 0;
};
struct DataCopyParams {
  uint16_t blockCount = 1, blockLen = 0, srcStride = 0, dstStride = 0;
};
struct DataCopyEnhancedParams {
  asc_model::EnumArg<BlockMode> blockMode = BlockMode::BLOCK_MODE_NORMAL;
  asc_model::EnumArg<DeqScale> deqScale = DeqScale::DEQ_NONE;
  uint64_t deqValueIn = 0;
  uint8_t sidStoreModeIn = 0;
  bool isReluIn = false;
  asc_model::EnumArg<pad_t> padModeIn = pad_t::PAD_NONE;
  uint64_t padValueIn = 0;
};
// Templated on the element type of the filled tensor, as the vendor's.
template <class T>
struct InitConstValueParams {
  // The vendor's constructors (kernel_struct_mm.h), which a program may call with
  // arguments of other integer types.
  InitConstValueParams() {}
  InitConstValueParams(uint16_t repeatTimesIn, uint16_t blockNumIn, uint16_t dstGapIn, T initValueIn)
      : repeatTimes(repeatTimesIn), blockNum(blockNumIn), dstGap(dstGapIn), initValue(initValueIn) {}
  InitConstValueParams(uint16_t repeatTimesIn, T initValueIn) : repeatTimes(repeatTimesIn), initValue(initValueIn) {}
  uint16_t repeatTimes = 0, blockNum = 0, dstGap = 0;
  T initValue = 0;
};
struct UnaryRepeatParams {
  uint16_t dstBlkStride = 1, srcBlkStride = 1;
  uint8_t dstRepStride = 8, srcRepStride = 8;
};
struct TransDataTo5HDParams {
  bool dstHighHalf = false, srcHighHalf = false;
  uint8_t repeatTimes = 1;
  uint16_t dstRepStride = 0, srcRepStride = 0;
};
struct TransposeParamsExt {
  uint16_t nSize = 0, cSize = 0, hSize = 0, wSize = 0;
  asc_model::EnumArg<TransposeType> transposeType = TransposeType::TRANSPOSE_ND2ND_B16;
};
struct DataCopyPadParams {
  bool isPad = false;
  uint8_t leftPadding = 0, rightPadding = 0;
  uint64_t paddingValue = 0;
};
struct DataCopyExtParams {
  // The vendor's constructors (kernel_struct_data_copy.h): a braced list of four
  // ({1, len, 0, 0}) is a DataCopyParams, not one of these.
  DataCopyExtParams() {}
  DataCopyExtParams(const uint16_t count, const uint32_t len, const uint32_t srcStrideIn, const uint32_t dstStrideIn,
                    const uint32_t rsvIn)
      : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(rsvIn) {}
  uint16_t blockCount = 1;
  uint32_t blockLen = 0;  // bytes
  uint32_t srcStride = 0, dstStride = 0;
  uint32_t rsv = 0;
};
template <class T>
struct DataCopyPadExtParams {
  bool isPad = false;
  uint8_t leftPadding = 0, rightPadding = 0;
  T paddingValue = T(0);
};
struct GatherMaskParams {
  uint8_t src0BlockStride = 1;
  uint16_t repeatTimes = 1, src0RepeatStride = 0;
  uint8_t src1RepeatStride = 0;
};
// The vendor's members and constructors (kernel_struct_mm.h): the older form's isBias
// (accumulate onto C, as cmatrixInitVal = false), fmOffset and the sparse / Winograd
// switches, and the newer form's unitFlag ... cmatrixInitVal.
struct MmadParams {
  MmadParams() {}
  MmadParams(uint16_t mIn, uint16_t nIn, uint16_t kIn, bool isBiasIn, int32_t fmOffsetIn, bool enSsparseIn,
             bool enWinogradAIn, bool enWinogradBIn)
      : m(mIn), n(nIn), k(kIn), isBias(isBiasIn), fmOffset(fmOffsetIn), enSsparse(enSsparseIn),
        enWinogradA(enWinogradAIn), enWinogradB(enWinogradBIn) {}
  MmadParams(uint16_t mIn, uint16_t nIn, uint16_t kIn, uint8_t unitFlagIn, bool cmatrixSourceIn,
             bool cmatrixInitValIn)
      : m(mIn), n(nIn), k(kIn), unitFlag(unitFlagIn), cmatrixSource(cmatrixSourceIn),
        cmatrixInitVal(cmatrixInitValIn) {}
  uint16_t m = 0, n = 0, k = 0;
  bool isBias = false;
  int32_t fmOffset = 0;
  bool enSsparse = false, enWinogradA = false, enWinogradB = false;
  uint8_t unitFlag = 0;
  bool kDirectionAlign = false;
  bool cmatrixSource = false;
  bool cmatrixInitVal = true;
};
struct Nd2NzParams {
  // The vendor's constructors (kernel_struct_data_copy.h, dav_c220's types): only all
  // eight fields make one, so a braced list of four ({1, len, 0, 0}) is a DataCopyParams.
  Nd2NzParams() {}
  Nd2NzParams(const uint16_t ndNumIn, const uint16_t nValueIn, const uint16_t dValueIn,
              const uint16_t srcNdMatrixStrideIn, const uint16_t srcDValueIn, const uint16_t dstNzC0StrideIn,
              const uint16_t dstNzNStrideIn, const uint16_t dstNzMatrixStrideIn)
      : ndNum(ndNumIn), nValue(nValueIn), dValue(dValueIn), srcNdMatrixStride(srcNdMatrixStrideIn),
        srcDValue(srcDValueIn), dstNzC0Stride(dstNzC0StrideIn), dstNzNStride(dstNzNStrideIn),
        dstNzMatrixStride(dstNzMatrixStrideIn) {}
  uint16_t ndNum = 0, nValue = 0, dValue = 0, srcNdMatrixStride = 0, srcDValue = 0;
  uint16_t dstNzC0Stride = 0, dstNzNStride = 0, dstNzMatrixStride = 0;
};
struct Nz2NdParamsFull {
  uint16_t ndNum = 1, nValue = 0, dValue = 0, srcNdMatrixStride = 1, srcNStride = 0;
  uint16_t dstDStride = 0, dstNdMatrixStride = 1;
};
struct DataCopyCO12DstParams {
  uint16_t nSize = 0, mSize = 0;
  uint32_t dstStride = 0;
  uint16_t srcStride = 0;
  asc_model::EnumArg<QuantModes> quantPre = QuantModes::NoQuant;
  uint8_t reluPre = 0;
  bool channelSplit = false;
  bool nz2ndEn = false;
};
struct GatherRepeatParams { uint16_t dstBlkStride = 1; uint16_t dstRepStride = 8; };
struct LoadData2DParams {
  uint16_t startIndex = 0;
  uint8_t repeatTimes = 1;
  uint16_t srcStride = 0;
  uint8_t sid = 0;
  uint16_t dstGap = 0;
  bool ifTranspose = false;
  uint8_t addrMode = 0;
};
struct LoadData2DParamsV2 {
  uint32_t mStartPosition = 0, kStartPosition = 0;
  uint16_t mStep = 0, kStep = 0;
  int32_t srcStride = 0;
  uint16_t dstStride = 0;
  bool ifTranspose = false;
  uint8_t sid = 0;
};
// padList comes first, as a `const uint8_t[4]` (the emitter's local array; the
// vendor's constructors take a `const uint8_t[]`, so no brace list). Templated on
// the element type (padValue's), as the vendor's.
template <class T>
struct LoadData3DParamsV1 {
  uint8_t padList[4] = {0, 0, 0, 0};
  uint16_t l1H = 1, l1W = 1, c1Index = 0;
  uint8_t fetchFilterW = 0, fetchFilterH = 0;
  int16_t leftTopW = 0, leftTopH = 0;
  uint8_t strideW = 1, strideH = 1, filterW = 1, filterH = 1, dilationFilterW = 1, dilationFilterH = 1;
  uint8_t jumpStride = 1, repeatMode = 0, repeatTime = 1, cSize = 0;
  T padValue = 0;
  LoadData3DParamsV1() = default;
  LoadData3DParamsV1(const uint8_t* pad, uint16_t l1H_, uint16_t l1W_, uint16_t c1Index_, uint8_t fetchFilterW_,
                     uint8_t fetchFilterH_, int16_t leftTopW_, int16_t leftTopH_, uint8_t strideW_, uint8_t strideH_,
                     uint8_t filterW_, uint8_t filterH_, uint8_t dilationFilterW_, uint8_t dilationFilterH_,
                     uint8_t jumpStride_, uint8_t repeatMode_, uint8_t repeatTime_, uint8_t cSize_, T padValue_)
      : l1H(l1H_), l1W(l1W_), c1Index(c1Index_), fetchFilterW(fetchFilterW_), fetchFilterH(fetchFilterH_),
        leftTopW(leftTopW_), leftTopH(leftTopH_), strideW(strideW_), strideH(strideH_), filterW(filterW_),
        filterH(filterH_), dilationFilterW(dilationFilterW_), dilationFilterH(dilationFilterH_),
        jumpStride(jumpStride_), repeatMode(repeatMode_), repeatTime(repeatTime_), cSize(cSize_),
        padValue(padValue_) {
    for (int i = 0; i < 4; ++i) padList[i] = pad[i];
  }
};
template <class T>
struct LoadData3DParamsV2 {
  uint8_t padList[4] = {0, 0, 0, 0};
  uint16_t l1H = 1, l1W = 1, channelSize = 1, kExtension = 1, mExtension = 1, kStartPt = 0, mStartPt = 0;
  uint8_t strideW = 1, strideH = 1, filterW = 1, filterH = 1, dilationFilterW = 1, dilationFilterH = 1;
  bool enTranspose = false, enSmallK = false;
  T padValue = 0;
  bool filterSizeW = false, filterSizeH = false, fMatrixCtrl = false;
  LoadData3DParamsV2() = default;
  LoadData3DParamsV2(const uint8_t* pad, uint16_t l1H_, uint16_t l1W_, uint16_t channelSize_, uint16_t kExtension_,
                     uint16_t mExtension_, uint16_t kStartPt_, uint16_t mStartPt_, uint8_t strideW_, uint8_t strideH_,
                     uint8_t filterW_, uint8_t filterH_, uint8_t dilationFilterW_, uint8_t dilationFilterH_,
                     bool enTranspose_, bool enSmallK_, T padValue_, bool filterSizeW_, bool filterSizeH_,
                     bool fMatrixCtrl_)
      : l1H(l1H_), l1W(l1W_), channelSize(channelSize_), kExtension(kExtension_), mExtension(mExtension_),
        kStartPt(kStartPt_), mStartPt(mStartPt_), strideW(strideW_), strideH(strideH_), filterW(filterW_),
        filterH(filterH_), dilationFilterW(dilationFilterW_), dilationFilterH(dilationFilterH_),
        enTranspose(enTranspose_), enSmallK(enSmallK_), padValue(padValue_), filterSizeW(filterSizeW_),
        filterSizeH(filterSizeH_), fMatrixCtrl(fMatrixCtrl_) {
    for (int i = 0; i < 4; ++i) padList[i] = pad[i];
  }
};
struct LoadData3DParamsV2Pro {
  LoadData3DParamsV2Pro() = default;
  LoadData3DParamsV2Pro(uint16_t channelSizeIn, bool enTransposeIn, bool enSmallKIn, bool filterSizeWIn,
                        bool filterSizeHIn, bool fMatrixCtrlIn, uint64_t extConfigIn, uint64_t filterConfigIn)
      : channelSize(channelSizeIn), enTranspose(enTransposeIn), enSmallK(enSmallKIn), filterSizeW(filterSizeWIn),
        filterSizeH(filterSizeHIn), fMatrixCtrl(fMatrixCtrlIn), extConfig(extConfigIn), filterConfig(filterConfigIn) {}
  uint16_t channelSize = 0;
  bool enTranspose = false, enSmallK = false, filterSizeW = false, filterSizeH = false, fMatrixCtrl = false;
  uint64_t extConfig = 0;
  uint64_t filterConfig = 0x10101010101ULL;
};
struct LoadData2dTransposeParams {
  uint16_t startIndex = 0;
  uint8_t repeatTimes = 1;
  uint16_t srcStride = 0, dstGap = 0, dstFracGap = 0;
  uint8_t addrMode = 0;
};
struct LoadData2dTransposeParamsV2 {
  uint16_t startIndex = 0;
  uint8_t repeatTimes = 0;
  uint16_t srcStride = 0, dstGap = 0, dstFracGap = 0, srcFracGap = 0;
  uint8_t addrMode = 0;
};
struct LoadDataRepeatParam {
  LoadDataRepeatParam() = default;
  LoadDataRepeatParam(uint16_t repeatStrideIn, uint8_t repeatTimeIn, uint8_t repeatModeIn)
      : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn), repeatMode(repeatModeIn) {}
  uint16_t repeatStride = 0;
  uint8_t repeatTime = 1;
  uint8_t repeatMode = 0;
  uint8_t reserved = 0;
};
// The emitter passes array fields as named local arrays (`const T[]`), as the
// vendor constructors take them: these two structs have those constructors.
struct MrgSort4Info {
  uint16_t elementLengths[4] = {0, 0, 0, 0};
  bool ifExhaustedSuspension = false;
  uint16_t validBit = 15;
  uint16_t repeatTimes = 1;
  MrgSort4Info() = default;
  MrgSort4Info(const uint16_t* lengths, bool suspension, uint16_t valid, uint16_t repeats)
      : ifExhaustedSuspension(suspension), validBit(valid), repeatTimes(repeats) {
    for (int i = 0; i < 4; ++i) elementLengths[i] = lengths[i];
  }
};
struct FixpipeParamsV220 {
  // The vendor's constructors: default, (nSize, mSize, srcStride, dstStride, reluEn),
  // and those plus quantPre .. unitFlag (, isChannelSplit).
  FixpipeParamsV220() = default;
  FixpipeParamsV220(uint16_t nSizeIn, uint16_t mSizeIn, uint32_t srcStrideIn, uint32_t dstStrideIn, bool reluEnIn)
      : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn), reluEn(reluEnIn) {}
  FixpipeParamsV220(uint16_t nSizeIn, uint16_t mSizeIn, uint32_t srcStrideIn, uint32_t dstStrideIn, bool reluEnIn,
                    asc_model::EnumArg<QuantModes> quantPreIn, int64_t deqScalarIn, uint16_t ndNumIn,
                    uint16_t srcNdStrideIn, uint16_t dstNdStrideIn, uint8_t unitFlagIn, bool isChannelSplitIn = false)
      : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn), reluEn(reluEnIn),
        quantPre(quantPreIn), deqScalar(uint64_t(deqScalarIn)), ndNum(ndNumIn), srcNdStride(srcNdStrideIn),
        dstNdStride(dstNdStrideIn), unitFlag(unitFlagIn), isChannelSplit(isChannelSplitIn) {}
  uint16_t nSize = 0, mSize = 0;
  uint32_t srcStride = 0, dstStride = 0;
  bool reluEn = false;
  asc_model::EnumArg<QuantModes> quantPre = QuantModes::NoQuant;
  uint64_t deqScalar = 0;
  uint16_t ndNum = 1, srcNdStride = 0, dstNdStride = 0;
  uint8_t unitFlag = 0;
  bool isChannelSplit = false;
};
struct LoadImageToLocalParams {
  // The vendor's constructors: default, and the nine fields before sid (set as a member).
  LoadImageToLocalParams() = default;
  LoadImageToLocalParams(const uint16_t horizSizeIn, const uint16_t vertSizeIn, const uint16_t horizStartPosIn,
                         const uint16_t vertStartPosIn, const uint16_t srcHorizSizeIn, const uint8_t topPadSizeIn,
                         const uint8_t botPadSizeIn, const uint16_t leftPadSizeIn, const uint16_t rightPadSizeIn)
      : horizSize(horizSizeIn), vertSize(vertSizeIn), horizStartPos(horizStartPosIn), vertStartPos(vertStartPosIn),
        srcHorizSize(srcHorizSizeIn), topPadSize(topPadSizeIn), botPadSize(botPadSizeIn),
        leftPadSize(leftPadSizeIn), rightPadSize(rightPadSizeIn) {}
  uint16_t horizSize = 2, vertSize = 2, horizStartPos = 0, vertStartPos = 0, srcHorizSize = 2;
  uint8_t topPadSize = 0, botPadSize = 0;
  uint16_t leftPadSize = 0, rightPadSize = 0;
  uint8_t sid = 0;
};
// AIPP configuration (kernel_struct_aipp.h; built by the emitter member struct
// by member struct, then AippParams<T>{padding, swap, ...}).
template <class T>
struct AippPaddingParams {
  uint32_t paddingMode = 0;
  T paddingValueCh0 = T(0), paddingValueCh1 = T(0), paddingValueCh2 = T(0), paddingValueCh3 = T(0);
};
struct AippSwapParams {
  bool isSwapRB = false, isSwapUV = false, isSwapAX = false;
};
struct AippSingleLineParams {
  bool isSingleLineCopy = false;
};
struct AippDataTypeConvParams {
  uint8_t dtcMeanCh0 = 0, dtcMeanCh1 = 0, dtcMeanCh2 = 0;
  half dtcMinCh0 = half(0.0f), dtcMinCh1 = half(0.0f), dtcMinCh2 = half(0.0f);
  half dtcVarCh0 = half(1.0f), dtcVarCh1 = half(1.0f), dtcVarCh2 = half(1.0f);
  uint32_t dtcRoundMode = 0;
};
template <class T>
struct AippChannelPaddingParams {  // the vendor leaves both uninitialised; zero here
  uint32_t cPaddingMode = 0;
  T cPaddingValue = T(0);
};
struct AippColorSpaceConvParams {
  bool isEnableCsc = false;
  int16_t cscMatrixR0C0 = 0, cscMatrixR0C1 = 0, cscMatrixR0C2 = 0;
  int16_t cscMatrixR1C0 = 0, cscMatrixR1C1 = 0, cscMatrixR1C2 = 0;
  int16_t cscMatrixR2C0 = 0, cscMatrixR2C1 = 0, cscMatrixR2C2 = 0;
  uint8_t cscBiasIn0 = 0, cscBiasIn1 = 0, cscBiasIn2 = 0;
  uint8_t cscBiasOut0 = 0, cscBiasOut1 = 0, cscBiasOut2 = 0;
};
template <class T>
struct AippParams {
  AippPaddingParams<T> paddingParams;
  AippSwapParams swapParams;
  AippSingleLineParams singleLineParams;
  AippDataTypeConvParams dtcParams;
  AippChannelPaddingParams<T> cPaddingParams;
  AippColorSpaceConvParams cscParams;
};
struct CheckLocalMemoryIAParam {
  uint8_t enableBit = 0;
  uint32_t startAddr = 0, endAddr = 0;
  bool isScalarRead = false, isScalarWrite = false, isVectorRead = false, isVectorWrite = false;
  bool isMteRead = false, isMteWrite = false, isEnable = false;
};
constexpr int VDEQ_TENSOR_SIZE = 16;
struct VdeqInfo {
  float vdeqScale[VDEQ_TENSOR_SIZE] = {};
  int16_t vdeqOffset[VDEQ_TENSOR_SIZE] = {};
  bool vdeqSignMode[VDEQ_TENSOR_SIZE] = {};
  VdeqInfo() = default;
  VdeqInfo(const float* s, const int16_t* o, const bool* m) {
    for (int i = 0; i < VDEQ_TENSOR_SIZE; ++i) { vdeqScale[i] = s[i]; vdeqOffset[i] = o[i]; vdeqSignMode[i] = m[i]; }
  }
};
constexpr int K_MAX_SHAPE_DIM = 8;
struct ShapeInfo {
  uint8_t shapeDim = 0;
  uint32_t shape[K_MAX_SHAPE_DIM] = {};
  uint8_t originalShapeDim = 0;
  uint32_t originalShape[K_MAX_SHAPE_DIM] = {};
  asc_model::EnumArg<DataFormat> dataFormat = DataFormat::ND;
  ShapeInfo() = default;
  ShapeInfo(uint8_t dim, const uint32_t* s, uint8_t odim, const uint32_t* os,
            asc_model::EnumArg<DataFormat> fmt)
      : shapeDim(dim), originalShapeDim(odim), dataFormat(fmt) {
    for (int i = 0; i < dim && i < K_MAX_SHAPE_DIM; ++i) shape[i] = s[i];
    for (int i = 0; i < odim && i < K_MAX_SHAPE_DIM; ++i) originalShape[i] = os[i];
  }
  ShapeInfo(uint8_t dim, const uint32_t* s, asc_model::EnumArg<DataFormat> fmt = DataFormat::ND)
      : ShapeInfo(dim, s, dim, s, fmt) {}
};
struct SliceInfo {
  uint32_t startIndex = 0, endIndex = 0, stride = 0, burstLen = 0, shapeValue = 0;
};

inline uint64_t GetShapeSize(const ShapeInfo& s) {
  uint64_t n = 1;
  for (int i = 0; i < s.shapeDim && i < K_MAX_SHAPE_DIM; ++i) n *= s.shape[i];
  return n;
}

}  // namespace AscendC
