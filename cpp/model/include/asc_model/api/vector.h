// Vector-op families (owned by the vector engineers). Follow the pattern in
// docs/model-internals.md; Add level 2 lives in api/add.h as the example.
//
//   vec_engine.h  the one level-0 / level-2 engine: mask resolution (count /
//                 bit masks, isSetMask=false -> mask register, norm and
//                 counter mode), per-operand block/repeat addressing, range
//                 declaration (checked before anything is written), compute.
//   vec_elem.h    Add (level 0), Sub Mul Div Max Min And Or AddRelu SubRelu
//                 FusedMulAdd FusedMulAddRelu; Exp Ln Abs Relu Sqrt Rsqrt
//                 Reciprocal Not; Adds Muls Maxs Mins LeakyRelu ShiftLeft
//                 ShiftRight; Axpy; Duplicate; SetVectorMask ResetMask
//                 SetMaskCount SetMaskNorm.
//   vec_reduce.h  ReduceSum/Max/Min (level 2 and 0), WholeReduceSum/Max/Min,
//                 BlockReduceSum/Max/Min, PairReduceSum, RepeatReduceSum, Brcb.
//   vec_cast.h    Cast (all RoundModes), Compare / CompareScalar / CMPMASK
//                 (Get/SetCmpMask), Select (all forms), AddReluCast
//                 SubReluCast MulCast AddDeqRelu MulAddDst CastDeq SetDeqScale.
//   vec_gather.h  Copy, Gather, Scatter, Gatherb, GatherMask,
//                 GetGatherMaskRemainCount, Transpose.
//   vec_layout.h  TransDataTo5HD (address lists), BilinearInterpolation.
// Semantics chosen where the vendor docs leave room are listed at the top of
// each file. Per-core vector state (mask register, mask mode, CMPMASK, deq
// scale, GatherMask count) is Core::vec (core.h).
#pragma once
#include "asc_model/api/vec_engine.h"
#include "asc_model/api/vec_elem.h"
#include "asc_model/api/vec_reduce.h"
#include "asc_model/api/vec_cast.h"
#include "asc_model/api/vec_gather.h"
#include "asc_model/api/vec_layout.h"
