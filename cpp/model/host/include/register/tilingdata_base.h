// The vendor's header of the tiling-data macros (CANN's register package);
// on the Model they are defined once, in tiling/tiling_data.h.
#pragma once
#include "tiling/tiling_data.h"
