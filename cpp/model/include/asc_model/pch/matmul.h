// What the Model's second precompiled header holds (runtime/model/build.py: PCH_HEADERS):
// kernel_operator.h and the adv Matmul's header, the two lines a Matmul kernel starts
// with. Compiled under the name kernel_operator.h.gch, so that such a kernel's first
// include loads both and its second is skipped (#pragma once, which a PCH keeps by each
// file's content): the Matmul's ~35 headers are no longer parsed at every compile.
// Included by their paths from here, not through the include path, where a compile with
// a PCH would find the PCH's folder first (tests/model/test_pch_headers.py).
#pragma once
#include "../../kernel_operator.h"
#include "../../lib/matmul_intf.h"
