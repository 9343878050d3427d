// Vector-op families (owned by the vector engineers). Follow the pattern in
// docs/model-internals.md; Add level 2 lives in api/add.h as the example.
// vec_engine.h: the one level-0/level-2 engine every op goes through.
#pragma once
#include "asc_model/api/vec_engine.h"
#include "asc_model/api/vec_elem.h"
#include "asc_model/api/vec_reduce.h"
#include "asc_model/api/vec_cast.h"
#include "asc_model/api/vec_gather.h"
