"""Repository rules for what this project takes from the machine, not the network:
the system LLVM/MLIR 19, the Python headers, and nanobind's sources from PyPI."""

def _run(ctx, args):
    res = ctx.execute(args)
    if res.return_code != 0:
        fail("`%s` failed: %s" % (" ".join(args), res.stderr))
    return res.stdout.strip()

def _system_llvm_impl(ctx):
    config = ctx.which("llvm-config-19") or ctx.which("llvm-config")
    if not config:
        fail("llvm-config-19 not found: install libmlir-19-dev llvm-19-dev (./dev setup)")
    prefix = _run(ctx, [str(config), "--prefix"])
    for d in ["include", "lib", "bin"]:
        ctx.symlink(prefix + "/" + d, d)

    # The static archives (libmlir-19-dev, llvm-19-dev), for the wheel's
    # self-contained binaries: linked as one group, so that their order does not
    # matter and only the members actually used are pulled in.
    archives = sorted([
        str(f)
        for f in ctx.path(prefix + "/lib").readdir()
        if f.basename.endswith(".a") and (f.basename.startswith("libMLIR") or f.basename.startswith("libLLVM"))
    ])
    static_linkopts = ["-Wl,--start-group"] + archives + ["-Wl,--end-group"]
    ctx.file("BUILD", """
package(default_visibility = ["//visibility:public"])

# The MLIR and LLVM headers alone: what the project's libraries compile
# against. Each binary chooses how MLIR/LLVM are linked: `:mlir` or
# `:mlir_static`.
cc_library(
    name = "mlir_headers",
    hdrs = glob(["include/mlir/**", "include/mlir-c/**", "include/llvm/**", "include/llvm-c/**"]),
    includes = ["include"],
)

# MLIR and LLVM as the shared libraries Debian ships (the development build);
# the rpath lets test binaries find them at run time.
cc_library(
    name = "mlir",
    srcs = ["lib/libMLIR.so", "lib/libLLVM.so"],
    linkopts = ["-Wl,-rpath,{prefix}/lib"],
    deps = [":mlir_headers"],
)

# MLIR and LLVM linked statically (the wheel's binaries): the result needs no
# LLVM/MLIR library at run time. Linker options come after the libraries on the
# command line, so the group follows the project's own archives.
cc_library(
    name = "mlir_static",
    linkopts = {static_linkopts},
    deps = [":mlir_headers"],
)

# Static TableGen libraries for the project's own TableGen backend.
cc_library(
    name = "tablegen",
    srcs = ["lib/libMLIRTableGen.a", "lib/libLLVMTableGen.a"],
    deps = [":mlir"],
)

filegroup(name = "mlir_tblgen", srcs = ["bin/mlir-tblgen"])
filegroup(name = "filecheck", srcs = ["bin/FileCheck"])
filegroup(name = "not", srcs = ["bin/not"])
filegroup(name = "td_files", srcs = glob(["include/mlir/**/*.td"]))
""".format(prefix = prefix, static_linkopts = repr(static_linkopts)))

system_llvm = repository_rule(
    implementation = _system_llvm_impl,
    local = True,
    environ = ["PATH"],
)

def _python(ctx):
    py = ctx.which("python3")
    if not py:
        fail("python3 not found")
    return str(py)

def _system_python_impl(ctx):
    py = _python(ctx)
    inc = _run(ctx, [py, "-c", "import sysconfig; print(sysconfig.get_paths()['include'])"])
    ctx.symlink(inc, "include")
    ctx.file("BUILD", """
package(default_visibility = ["//visibility:public"])

cc_library(
    name = "headers",
    hdrs = glob(["include/**/*.h"]),
    includes = ["include"],
)
""")
    ctx.file("python3.txt", py)

    # The tests' interpreter: the one `python3` runs, by its own path. A `python3` found
    # on PATH may be a version manager's shim (pyenv's: ~0.13 CPU-s per start), and
    # Bazel's default toolchain starts each py_test through it twice (the stub's
    # `#!/usr/bin/env python`, then python3 for the test).
    exe = _run(ctx, [py, "-c", "import sys; print(sys.executable)"])
    ctx.file("toolchain/BUILD", """
load("@bazel_tools//tools/python:toolchain.bzl", "py_runtime_pair")

py_runtime(
    name = "py3",
    interpreter_path = "{exe}",
    python_version = "PY3",
    stub_shebang = "#!{exe}",
)

py_runtime_pair(name = "pair", py3_runtime = ":py3")

toolchain(
    name = "toolchain",
    toolchain = ":pair",
    toolchain_type = "@bazel_tools//tools/python:toolchain_type",
)
""".format(exe = exe))

system_python = repository_rule(
    implementation = _system_python_impl,
    local = True,
    environ = ["PATH"],
)

def _system_nanobind_impl(ctx):
    py = _python(ctx)
    root = _run(ctx, [py, "-c", "import nanobind, os; print(os.path.dirname(nanobind.__file__))"])
    for d in ["include", "src", "ext"]:
        ctx.symlink(root + "/" + d, d)
    ctx.file("BUILD", """
package(default_visibility = ["//visibility:public"])

cc_library(
    name = "nanobind",
    srcs = glob(["src/*.cpp", "src/*.h"], exclude = ["src/nb_combined.cpp", "src/nb_backend.cpp"]),
    hdrs = glob(["include/**/*.h", "ext/robin_map/include/**/*.h"]),
    includes = ["include", "ext/robin_map/include"],
    copts = ["-fvisibility=hidden", "-fno-strict-aliasing", "-O2"],
    deps = ["@python//:headers"],
)
""")

system_nanobind = repository_rule(
    implementation = _system_nanobind_impl,
    local = True,
    environ = ["PATH"],
)

def _system_gtest_impl(ctx):
    # Debian's libgtest-dev: headers under /usr/include/gtest, static libgtest.a and
    # libgtest_main.a in the multiarch library directory (./dev setup installs it).
    header = ctx.path("/usr/include/gtest/gtest.h")
    if not header.exists:
        fail("GoogleTest not found (/usr/include/gtest): install libgtest-dev (./dev setup)")
    ctx.symlink("/usr/include/gtest", "include/gtest")
    libdir = ""
    for d in ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]:
        if ctx.path(d + "/libgtest.a").exists:
            libdir = d
            break
    if not libdir:
        fail("libgtest.a not found: install libgtest-dev (./dev setup)")
    ctx.symlink(libdir + "/libgtest.a", "lib/libgtest.a")
    ctx.symlink(libdir + "/libgtest_main.a", "lib/libgtest_main.a")
    ctx.file("BUILD", """
package(default_visibility = ["//visibility:public"])

cc_library(
    name = "gtest",
    hdrs = glob(["include/gtest/**/*.h"]),
    includes = ["include"],
    srcs = ["lib/libgtest.a"],
    linkopts = ["-pthread"],
)

# gtest with its main(): what a cc_test of plain TEST()s links.
cc_library(
    name = "gtest_main",
    srcs = ["lib/libgtest_main.a"],
    deps = [":gtest"],
    linkopts = ["-pthread"],
)
""")

system_gtest = repository_rule(
    implementation = _system_gtest_impl,
    local = True,
)
