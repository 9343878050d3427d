// Manual-flag vector add with Python locations, as the front end emits it:
// translated with line directives, every statement carries #line "vadd_flags.py".
module {
  func.func @vadd_flags(%x: !ascendc.gm_ptr<f32> loc("x"), %y: !ascendc.gm_ptr<f32> loc("y"),
                        %z: !ascendc.gm_ptr<f32> loc("z"), %n: i32 loc("block_length"))
      attributes {ascendc.kernel} {
    %idx = ascendc.get_block_idx : i64 loc("vadd_flags.py":2:5)
    return loc("vadd_flags.py":24:5)
  } loc("vadd_flags.py":1:1)
}
