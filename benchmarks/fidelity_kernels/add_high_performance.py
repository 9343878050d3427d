"""The vendor's published fp16 add (asc-devkit examples/01_simd_cpp_api/
05_best_practices/00_vector_compute/add_high_performance/add.asc), rendered
statement for statement as @asc.jit kernels for benchmarks/fidelity.py. Each
function names the lines of add.asc it renders; names follow the vendor's
(snake_case). Rendered, not copied: the C++ is the vendor's, this Python is ours.

Differences of form, not of behaviour:
- the vendor's ping/pong LocalTensor references (`(loopIdx & 1) == 0 ? xPing :
  xPong`) become a tensor built at the computed ping-or-pong address;
- the vendor's SCENARIO switch and constexpr CaseConfig (add.asc 348-365,
  421-452) become the arguments fidelity.py passes (cores, data_copy_len,
  kernel, bypass, the UB addresses).
"""

import asc

MAX_DATA_COPY_LEN = 16384            # add.asc 315 (NPU_ARCH 2201: Atlas A2)
BANK_CONFLICT_DATA_COPY_LEN = 16256  # add.asc 316
HALF = 2
SERIAL, SCALAR, DOUBLE = 0, 1, 2  # add_custom's `form`


@asc.jit
def add_custom(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, total_m: int, total_n: int,
               split_m: int, data_copy_len: asc.ConstExpr, form: asc.ConstExpr, max_len: asc.ConstExpr,
               bypass: asc.ConstExpr, x_ping: asc.ConstExpr, y_ping: asc.ConstExpr, z_ping: asc.ConstExpr,
               x_pong: asc.ConstExpr, y_pong: asc.ConstExpr, z_pong: asc.ConstExpr):
    """add.asc's add_custom (348-366) with KernelAdd::Init (34-56), the even
    split of the rows over split_m cores, then by `form`:
    - SERIAL / SCALAR: KernelAdd::Process / ProcessSingle (58-100, 148-188;
      the same code) or ProcessScalar (102-146): one buffer each for x, y, z
      (add.asc 321-323, `max_len` elements apart), serial copies under
      MTE2_V / V_MTE2 / V_MTE3 / MTE3_V flags;
    - DOUBLE: ProcessDoubleBuffer (190-243), with `bypass` the L2-bypass form
      (245-250: SetL2CacheHint(CACHE_MODE_DISABLE) on x and y) and with the BC
      addresses (332-337) ProcessDoubleBufferBankConflict (252-309): ping/pong
      buffers at the given UB byte addresses (325-330 or 332-337), event ids 0/1;
    then PipeBarrier<PIPE_ALL> (365)."""
    block_idx_m = asc.get_block_idx()
    base_core_m = total_m // split_m
    remainder_m = total_m % split_m
    actual_core_m = base_core_m
    start_m = remainder_m * (base_core_m + 1) + (block_idx_m - remainder_m) * base_core_m
    if block_idx_m < remainder_m:
        actual_core_m = base_core_m + 1
        start_m = block_idx_m * actual_core_m
    total_elements_per_core = actual_core_m * total_n
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + start_m * total_n, total_elements_per_core)
    y_gm.set_global_buffer(y + start_m * total_n, total_elements_per_core)
    z_gm.set_global_buffer(z + start_m * total_n, total_elements_per_core)
    if form == DOUBLE:
        if bypass:
            x_gm.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
            y_gm.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
        total_blocks = (total_elements_per_core + data_copy_len - 1) // data_copy_len
        asc.set_flag(asc.HardEvent.V_MTE2, 0)
        asc.set_flag(asc.HardEvent.V_MTE2, 1)
        asc.set_flag(asc.HardEvent.MTE3_V, 0)
        asc.set_flag(asc.HardEvent.MTE3_V, 1)
        for loop_idx in range(total_blocks):
            start_element = loop_idx * data_copy_len
            remain_elements = total_elements_per_core - start_element
            cur_len = data_copy_len
            if remain_elements < data_copy_len:
                cur_len = remain_elements
            event_id = loop_idx & 1
            x_local = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, x_ping + event_id * (x_pong - x_ping),
                                      MAX_DATA_COPY_LEN)
            y_local = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, y_ping + event_id * (y_pong - y_ping),
                                      MAX_DATA_COPY_LEN)
            z_local = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, z_ping + event_id * (z_pong - z_ping),
                                      MAX_DATA_COPY_LEN)
            asc.wait_flag(asc.HardEvent.V_MTE2, event_id)
            asc.data_copy(x_local, x_gm[start_element:], cur_len)
            asc.data_copy(y_local, y_gm[start_element:], cur_len)
            asc.set_flag(asc.HardEvent.MTE2_V, event_id)
            asc.wait_flag(asc.HardEvent.MTE2_V, event_id)
            asc.wait_flag(asc.HardEvent.MTE3_V, event_id)
            asc.add(z_local, x_local, y_local, cur_len)
            asc.set_flag(asc.HardEvent.V_MTE2, event_id)
            asc.set_flag(asc.HardEvent.V_MTE3, event_id)
            asc.wait_flag(asc.HardEvent.V_MTE3, event_id)
            asc.data_copy(z_gm[start_element:], z_local, cur_len)
            asc.set_flag(asc.HardEvent.MTE3_V, event_id)
        asc.wait_flag(asc.HardEvent.V_MTE2, 0)
        asc.wait_flag(asc.HardEvent.V_MTE2, 1)
        asc.wait_flag(asc.HardEvent.MTE3_V, 0)
        asc.wait_flag(asc.HardEvent.MTE3_V, 1)


    else:
        x_local = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, max_len)
        y_local = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, max_len * HALF, max_len)
        z_local = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, max_len * HALF * 2, max_len)
        total_blocks = (total_elements_per_core + data_copy_len - 1) // data_copy_len
        for loop_idx in range(total_blocks):
            start_element = loop_idx * data_copy_len
            remain_elements = total_elements_per_core - start_element
            cur_len = data_copy_len
            if remain_elements < data_copy_len:
                cur_len = remain_elements
            if loop_idx != 0:
                asc.wait_flag(asc.HardEvent.V_MTE2, 0)
            asc.data_copy(x_local, x_gm[start_element:], cur_len)
            asc.data_copy(y_local, y_gm[start_element:], cur_len)
            asc.set_flag(asc.HardEvent.MTE2_V, 0)
            asc.wait_flag(asc.HardEvent.MTE2_V, 0)
            if loop_idx != 0:
                asc.wait_flag(asc.HardEvent.MTE3_V, 0)
            if form == SCALAR:
                for i in range(cur_len):
                    z_local.set_value(i, x_local.get_value(i) + y_local.get_value(i))
            else:
                asc.add(z_local, x_local, y_local, cur_len)
            if loop_idx != total_blocks - 1:
                asc.set_flag(asc.HardEvent.V_MTE2, 0)
            asc.set_flag(asc.HardEvent.V_MTE3, 0)
            asc.wait_flag(asc.HardEvent.V_MTE3, 0)
            asc.data_copy(z_gm[start_element:], z_local, cur_len)
            if loop_idx != total_blocks - 1:
                asc.set_flag(asc.HardEvent.MTE3_V, 0)


    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


B = MAX_DATA_COPY_LEN * HALF
PING_PONG = (0, B, 2 * B, 3 * B, 4 * B, 5 * B)          # add.asc 325-330: x, y, z ping, x, y, z pong
BC = BANK_CONFLICT_DATA_COPY_LEN * HALF
PING_PONG_BC = (0, BC, 4 * B, 2 * B, 2 * B + BC, 4 * B + BC)  # add.asc 332-337, same order
