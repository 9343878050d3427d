"""asc_wheel: the self-contained wheel (python/build_wheel.py writes it).

The output is a directory, `dist/`, holding the one wheel, named after the
version (asc/_version.py), the interpreter and the platform tag, which the
build can only know when it runs.
"""

def _strip(path, prefix):
    if not path.startswith(prefix):
        fail("%s is not under %s" % (path, prefix))
    return path[len(prefix):]

def _asc_wheel_impl(ctx):
    out = ctx.actions.declare_directory(ctx.attr.out_dir)
    lines = []
    for f in ctx.files.package_files:  # python/asc/... -> asc/...
        lines.append((f.path, _strip(f.short_path, "python/")))
    lines.append((ctx.file.native_module.path, "asc/_C.so"))
    for f in ctx.files.tools:  # the C++ tools -> asc/_bin/<tool>
        lines.append((f.path, "asc/_bin/" + f.basename))
    for f in ctx.files.model_files:  # cpp/model/{include,src}/... -> asc/_model/...
        lines.append((f.path, "asc/_model/" + _strip(f.short_path, "cpp/model/")))
    manifest = ctx.actions.declare_file(ctx.label.name + ".manifest")
    ctx.actions.write(manifest, "".join(["%s\t%s\n" % l for l in lines]))
    inputs = (ctx.files.package_files + ctx.files.tools + ctx.files.model_files +
              [ctx.file.native_module, ctx.file.pyproject, ctx.file.readme, ctx.file._builder, manifest])
    ctx.actions.run_shell(
        command = 'python3 "$@"',
        arguments = [
            ctx.file._builder.path,
            "--manifest",
            manifest.path,
            "--pyproject",
            ctx.file.pyproject.path,
            "--readme",
            ctx.file.readme.path,
            "--out-dir",
            out.path,
        ],
        inputs = inputs,
        outputs = [out],
        use_default_shell_env = True,  # PATH: the python3 the build uses, and its auditwheel
        mnemonic = "AscWheel",
        progress_message = "Writing the asc wheel",
    )
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

asc_wheel = rule(
    implementation = _asc_wheel_impl,
    attrs = {
        "package_files": attr.label_list(allow_files = True),
        "native_module": attr.label(allow_single_file = True, mandatory = True),
        "tools": attr.label_list(allow_files = True),
        "model_files": attr.label_list(allow_files = True),
        "pyproject": attr.label(allow_single_file = True, mandatory = True),
        "readme": attr.label(allow_single_file = True, mandatory = True),
        "out_dir": attr.string(default = "dist"),
        "_builder": attr.label(allow_single_file = True, default = "//python:build_wheel.py"),
    },
)
