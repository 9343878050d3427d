"""Runs a TableGen binary over the dialect's .td files (offline, system MLIR)."""

def gentbl(name, tblgen, td_file, td_srcs, outs_and_flags, includes = []):
    """One genrule per (output, flags) pair.

    Args:
      name: prefix of the generated genrule names; a filegroup of all outputs.
      tblgen: the TableGen binary label.
      td_file: the main .td file.
      td_srcs: every .td file it includes (the project's and MLIR's).
      outs_and_flags: list of (output path, flags string).
      includes: -I directories, relative to the workspace root.
    """
    outs = []
    for i, (out, flags) in enumerate(outs_and_flags):
        inc = " ".join(["-I " + d for d in includes] + ["-I $$(dirname $(location @llvm//:mlir_tblgen))/../include"])
        native.genrule(
            name = "%s_%d" % (name, i),
            srcs = [td_file] + td_srcs,
            outs = [out],
            tools = [tblgen],
            cmd = "$(location %s) %s %s $(location %s) -o $@" % (tblgen, flags, inc, td_file),
        )
        outs.append(out)
    native.filegroup(name = name, srcs = outs)

def asc_tblgen(name, action, out):
    """Runs the project's backend (asc-tblgen --<action>) over the dialect."""
    native.genrule(
        name = name,
        srcs = ["//cpp/dialect:td_files"],
        outs = [out],
        cmd = "$(location //cpp/tblgen:asc-tblgen) --%s " % action +
              "-I cpp/dialect/include -I $$(dirname $(location @llvm//:mlir_tblgen))/../include " +
              "cpp/dialect/include/asc/Dialect/AscendC/AscendCOps.td -o $@",
        tools = ["//cpp/tblgen:asc-tblgen", "@llvm//:mlir_tblgen"],
    )
