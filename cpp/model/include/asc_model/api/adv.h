// The adv (high-level) APIs but Matmul: adv_math.h (element-wise functions),
// adv_norm.h (SoftMax, RmsNorm, AscendQuant), adv_sort.h (Concat, Extract).
#pragma once
#include "asc_model/api/adv_common.h"
#include "asc_model/api/adv_math.h"
#include "asc_model/api/adv_activation.h"
#include "asc_model/api/adv_norm.h"
#include "asc_model/api/adv_sort.h"
#include "asc_model/api/adv_std.h"
#include "asc_model/api/adv_quant.h"
#include "asc_model/api/adv_math_ext.h"
#include "asc_model/api/adv_pad.h"
#include "asc_model/api/adv_geglu.h"
#include "asc_model/api/adv_softmax_ext.h"
#include "asc_model/api/adv_softmax_v3.h"
#include "asc_model/api/adv_reduce.h"
#include "asc_model/api/adv_filter.h"
#include "asc_model/api/adv_welford.h"
#include "asc_model/api/adv_deepnorm.h"
