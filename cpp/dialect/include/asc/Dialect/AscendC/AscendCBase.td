//===- AscendCBase.td - the ascendc dialect and its op base classes -------===//
//
// Every op of the dialect derives from AscendC_Op. The fields below tell the
// project's TableGen backend (cpp/tblgen) how the Ascend C emitter prints the op
// and how the Python builder creates it, so that adding an API is one
// definition here and nothing in the emitter or the bindings.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASCENDC_BASE_TD
#define ASC_DIALECT_ASCENDC_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

def AscendC_Dialect : Dialect {
  let name = "ascendc";
  let cppNamespace = "::mlir::ascendc";
  let summary = "The Ascend C kernel programming interface as an MLIR dialect";
  let description = [{
    One op per Ascend C API call form, one type per Ascend C object (tensors,
    pipes, queues, buffers, parameter structs) and one enum attribute per
    Ascend C enumeration. The emitter in cpp/emitter prints a module of this
    dialect (with func, arith and scf) as Ascend C source.
  }];
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

//===----------------------------------------------------------------------===//
// Emission format
//===----------------------------------------------------------------------===//
//
// `ascCall` is the C++ text the op becomes. In it:
//   $name        an operand, attribute or result of the op, printed as C++
//                (values by variable name or literal, enums qualified, e.g.
//                AscendC::HardEvent::MTE2_V, types by their C++ spelling);
//   $args        every operand and attribute in declaration order, comma separated;
//   $operands    every operand (absent optional ones skipped), no attributes;
//   $elem(name)  the C++ element type of a tensor-typed operand or result;
//   $type(name)  the C++ type of an operand or result.
// An op with no result becomes the statement `<ascCall>;`; an op with one result
// becomes `<C++ type> <name> = <ascCall>;`. With ascIsDecl set, the op declares
// its result as an object: `<C++ type> <name><ascCall>;` (ascCall holds the
// constructor arguments, e.g. "($pos, $addr, $size)", or is empty).
// An empty ascCall with ascIsDecl unset means the emitter has a hand-written
// printer for the op (structural ops only).

//
// With ascOutParams set, the op's results are out-parameters of the call: each
// is declared first (`uint16_t a;`), then the call is the statement
// `<ascCall>;` (ascCall names the results, e.g. "AscendC::F($a, $b)"). Such an
// op may have several results.
// With ascIsRef set, the single result binds a reference to the call's value:
// `<C++ type>& <name> = <ascCall>;` (objects the API owns, e.g. the TPipe).

//
// `ascWrites` names the tensor operands the call writes, for automatic
// synchronisation (the ascendc-insert-sync pass, docs/auto-sync.md): every
// other tensor operand is only read. A scratch operand the API uses (a
// `shared_tmp_buffer`) is listed too: it is written, and read back. Unset, the
// op writes its first operand when that is a tensor (Ascend C puts the
// destination first); `[]`: the call only reads its tensors.

//
// `ascPipe` is the pipe the call's tensor accesses run on, for automatic
// synchronisation. Every op names one; leaving it unset is an error of
// asc-tblgen (no op silently becomes a vector op). The values:
//   "V", "S", "M", "MTE1", "MTE2", "MTE3", "FIX"  that pipe;
//   "copy"   a data move: the pipe follows from the memories at its two ends
//            (GM->* MTE2, L0C->* FIX, UB->GM MTE3, UB->UB V, else MTE1);
//   "load"   a LoadData: MTE2 from GM, else MTE1;
//   "fill"   InitConstValue / Fill: MTE2 into L1, MTE1 into L0A/L0B (the vendor's
//            conv and matmul code follow an L1 fill with PipeBarrier<PIPE_MTE2>, its
//            A2 fill example an L0A fill with MTE1_M);
//   "none"   the call never touches a tensor's elements (declarations, queue
//            and buffer bookkeeping, views, sizes, addresses, sync calls).
// The ops files set it with `let ascPipe = ... in { ... }` around groups.

//
// Memory effects (MLIR's MemoryEffectOpInterface). An op marked `Pure` has
// none. Every other op implements the interface with a getEffects that
// asc-tblgen generates (--gen-ascendc-effects) from two facts of its definition:
//   - its tensor operands (LocalTensor, GlobalTensor): the ones `ascWrites`
//     names (or its default) are written, the others read; none when its
//     `ascPipe` is "none" (the call never touches their elements);
//   - `ascState`, what the call does to the core's state outside its operands
//     (mask and control registers, queues and buffers, event flags, the debug
//     output stream), one MLIR resource "ascendc::State":
//       "readwrite" (the default)  reads and changes it;
//       "read"                     only reads it (a tensor's size or address, a
//                                  queue's count: two such reads with no write
//                                  between them give the same value);
//       "none"                     does not touch it (its operands are all it uses).
//     The default is conservative on purpose: Ascend C calls set hidden state
//     in many places (a level-2 vector call sets the mask, a DataCopy to GM
//     follows SetAtomicAdd, a LoadData3D follows SetFmatrix), and an op that
//     under-declares would be reordered or erased by MLIR's generic passes.
class AscendC_IsPure<list<Trait> traits> {
  bit value = !foldl(0, traits, found, t, !or(found, !eq(!cast<string>(t), "Pure")));
}

class AscendC_Op<string mnemonic, list<Trait> traits = []>
    : Op<AscendC_Dialect, mnemonic,
         !if(AscendC_IsPure<traits>.value, traits,
             !listconcat(traits, [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]))> {
  string ascCall = "";
  bit ascIsDecl = 0;
  bit ascOutParams = 0;
  bit ascIsRef = 0;
  list<string> ascWrites = ?;
  string ascPipe = ?;
  string ascState = "readwrite";
}

// An op that is a call of the Ascend C function AscendC::<apiName> with every
// operand and attribute as an argument, in order.
class AscendC_ApiOp<string mnemonic, string apiName, list<Trait> traits = []>
    : AscendC_Op<mnemonic, traits> {
  let ascCall = "AscendC::" # apiName # "($args)";
}

// An op that declares an Ascend C object (its result) with constructor arguments.
class AscendC_DeclOp<string mnemonic, string ctorArgs = "", list<Trait> traits = []>
    : AscendC_Op<mnemonic, traits> {
  let ascCall = ctorArgs;
  let ascIsDecl = 1;
}

// Element types of the named tensor operands/results must agree.
class AscendC_SameElementType<list<string> names>
    : AllMatchSameOperatorTrait<names,
        "::mlir::ascendc::getTensorElementType($_self.getType())",
        "element type">;

#endif // ASC_DIALECT_ASCENDC_BASE_TD
