// Cube-op families (one header each, like api/vector.h). Follow the pattern in
// docs/model-internals.md.
//
//   cube_layout.h   the layouts (ND, NZ, L0A zZ, L0B zN, L0C) every cube API
//                   reads and writes; helpers; ND <-> NZ DataCopy / DataCopyPad.
//   cube_load.h     LoadData (2D, 2D V2, 3D V1/V2/V2Pro img2col), LoadDataWithTranspose,
//                   LoadDataWithSparse; SetFmatrix, SetLoadDataBoundary/PaddingValue/Repeat.
//   cube_mmad.h     Mmad (+ bias), MmadWithSparse; SetHF32Mode, SetHF32TransMode,
//                   SetMMLayoutTransform.
//   cube_fixpipe.h  Fixpipe, DataCopy with DataCopyCO12DstParams (L0C out),
//                   SetFixpipePreQuantFlag.
// Semantics chosen where the vendor docs leave room are in the comment above
// each implementation. Per-core cube modes are members of Core (core.h).
#pragma once
#include "asc_model/api/cube_layout.h"
#include "asc_model/api/cube_load.h"
#include "asc_model/api/cube_mmad.h"
#include "asc_model/api/cube_fixpipe.h"

// Misc APIs (atomics, caches, sorting, ...); they use cube_layout.h's helpers.
#include "asc_model/api/misc.h"
// AIPP: SetAippFunctions and LoadImageToLocal (GM image -> L1).
#include "asc_model/api/aipp.h"
