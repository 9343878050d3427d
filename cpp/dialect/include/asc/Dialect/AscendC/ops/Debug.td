//===- Debug.td - basic/dump_tensor: printing, dumps, profiling marks ------===//

let ascPipe = "V" in
def AscendC_MetricsProfStartOp : AscendC_ApiOp<"metrics_prof_start", "MetricsProfStart"> {
  let summary = "Starts a profiling region";
  let assemblyFormat = "attr-dict";
}
let ascPipe = "V" in
def AscendC_MetricsProfStopOp : AscendC_ApiOp<"metrics_prof_stop", "MetricsProfStop"> {
  let summary = "Ends a profiling region";
  let assemblyFormat = "attr-dict";
}

let ascPipe = "S" in
def AscendC_PrintfOp : AscendC_Op<"printf"> {
  let summary = "Prints `format` with `values` from the device (AscendC::printf)";
  let arguments = (ins StrAttr:$format, Variadic<AnyType>:$values);
  let ascCall = "AscendC::printf($args)";
  let assemblyFormat = "$format (`,` $values^ `:` type($values))? attr-dict";
  let hasVerifier = 1;
}

let ascPipe = "S" in
def AscendC_DumpTensorOp : AscendC_ApiOp<"dump_tensor", "DumpTensor"> {
  let summary = "Dumps `dump_size` elements of a tensor with description `desc`";
  let arguments = (ins AscendC_AnyTensor:$tensor, AnySignlessInteger:$desc,
                       AnySignlessInteger:$dump_size);
  let assemblyFormat = "$tensor `,` $desc `,` $dump_size attr-dict `:` type($tensor) `,` type($desc) `,` type($dump_size)";
  let ascCall = "AscendC::DumpTensor($tensor, $desc, $dump_size)";
  let ascWrites = [];
}
let ascPipe = "S" in
def AscendC_DumpTensorShapeOp : AscendC_ApiOp<"dump_tensor_shape", "DumpTensor"> {
  let summary = "Dumps a tensor with description `desc`, laid out by `shape_info`";
  let arguments = (ins AscendC_AnyTensor:$tensor, AnySignlessInteger:$desc,
                       AnySignlessInteger:$dump_size, AscendC_ShapeInfoType:$shape_info);
  let assemblyFormat = "$tensor `,` $desc `,` $dump_size `,` $shape_info attr-dict `:` type($tensor) `,` type($desc) `,` type($dump_size)";
  let ascCall = "AscendC::DumpTensor($tensor, $desc, $dump_size, $shape_info)";
  let ascWrites = [];
}

let ascPipe = "S" in
def AscendC_PrintTimeStampOp : AscendC_ApiOp<"print_time_stamp", "PrintTimeStamp"> {
  let summary = "Records a time stamp with id `desc_id` (needs -DASCENDC_TIME_STAMP_ON)";
  let arguments = (ins AnySignlessInteger:$desc_id);
  let assemblyFormat = "$desc_id attr-dict `:` type($desc_id)";
  let ascCall = "AscendC::PrintTimeStamp($desc_id)";
}

let ascPipe = "S" in
def AscendC_DumpAccChkPointOp : AscendC_ApiOp<"dump_acc_chk_point", "DumpAccChkPoint"> {
  let summary = "Dumps `dump_size` elements of a tensor from `count_off`, tagged `index`";
  let arguments = (ins AscendC_AnyTensor:$tensor, AnySignlessInteger:$index,
                       AnySignlessInteger:$count_off, AnySignlessInteger:$dump_size);
  let assemblyFormat = "$tensor `,` $index `,` $count_off `,` $dump_size attr-dict `:` type($tensor) `,` type($index) `,` type($count_off) `,` type($dump_size)";
  let ascCall = "AscendC::DumpAccChkPoint($tensor, $index, $count_off, $dump_size)";
  let ascWrites = [];
}
