"""Writes asc's wheel (run by //python:wheel, build_defs/wheel.bzl).

    python3 python/build_wheel.py --manifest M --pyproject python/pyproject.toml \
        --readme README.md --out-dir DIR

The manifest has one line per file, `<path>\t<name in the wheel>`. The
metadata comes from pyproject.toml (name, description, dependencies, the
console scripts of [project.scripts]) and the version from asc/_version.py,
its one place. The tag is this interpreter's (`cp311-cp311`) and the
platform's (`linux_x86_64`); when `auditwheel show` confirms that the wheel's
binaries need nothing beyond a manylinux policy, the platform tag becomes that
policy's (`manylinux_2_36_x86_64`). The zip is reproducible: entries sorted,
timestamps fixed.
"""

import argparse
import base64
import hashlib
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

try:
    import tomllib
except ImportError:  # Python < 3.11
    import tomli as tomllib

DATE = (1980, 1, 1, 0, 0, 0)


def read_version(files):
    src = next(p for p, arc in files if arc == "asc/_version.py")
    m = re.search(r'^__version__\s*=\s*"([^"]+)"', open(src).read(), re.M)
    if not m:
        sys.exit(f"build_wheel: no __version__ in {src}")
    return m.group(1)


def metadata(project, version, readme):
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {version}",
             f"Summary: {project.get('description', '')}"]
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines += [f"Requires-Dist: {d}" for d in project.get("dependencies", [])]
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + readme


def entry_points(project):
    scripts = project.get("scripts", {})
    if not scripts:
        return None
    return "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in sorted(scripts.items()))


def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def write_wheel(path, entries, dist_info):
    """entries: [(arcname, bytes, executable)], the dist-info files last."""
    record = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        for arc, data, executable in entries:
            info = zipfile.ZipInfo(arc, DATE)
            info.external_attr = ((0o755 if executable else 0o644) | 0o100000) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
            record.append(f"{arc},{record_hash(data)},{len(data)}")
        record.append(f"{dist_info}/RECORD,,")
        info = zipfile.ZipInfo(f"{dist_info}/RECORD", DATE)
        info.external_attr = 0o100644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, "\n".join(record) + "\n")


def manylinux_tag(wheel):
    """The platform tag `auditwheel show` confirms for the wheel, or None
    (auditwheel not installed, or the wheel fits no manylinux policy)."""
    try:
        import auditwheel  # noqa: F401
    except ImportError:
        print("build_wheel: auditwheel is not installed (requirements-dev.txt): "
              "the wheel keeps the linux_x86_64 tag", file=sys.stderr)
        return None
    res = subprocess.run([sys.executable, "-m", "auditwheel", "show", wheel],
                         capture_output=True, text=True)
    text = " ".join((res.stdout + res.stderr).split())
    m = re.search(r'consistent with the following platform tag: "(manylinux_[0-9_]+_x86_64)"', text)
    if res.returncode != 0 or not m:
        print(f"build_wheel: auditwheel confirms no manylinux tag; keeping linux_x86_64:\n{text}",
              file=sys.stderr)
        return None
    return m.group(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--pyproject", required=True)
    ap.add_argument("--readme", required=True)
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--no-auditwheel", action="store_true")
    args = ap.parse_args()

    files = [tuple(line.rstrip("\n").split("\t")) for line in open(args.manifest) if line.strip()]
    project = tomllib.load(open(args.pyproject, "rb"))["project"]
    name = project["name"]
    version = read_version(files)
    py = f"cp{sys.version_info.major}{sys.version_info.minor}"
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    dist_info = f"{name}-{version}.dist-info"

    entries = []
    for src, arc in sorted(files, key=lambda f: f[1]):
        with open(src, "rb") as f:
            data = f.read()
        entries.append((arc, data, os.access(src, os.X_OK) and not arc.endswith((".py", ".h", ".cpp", ".json"))))

    def with_dist_info(platform_tag):
        wheel = "\n".join(["Wheel-Version: 1.0", "Generator: asc build_wheel.py", "Root-Is-Purelib: false",
                           f"Tag: {py}-{py}-{platform_tag}"]) + "\n"
        meta = [(f"{dist_info}/METADATA", metadata(project, version, open(args.readme).read()).encode(), False),
                (f"{dist_info}/WHEEL", wheel.encode(), False),
                (f"{dist_info}/top_level.txt", b"asc\n", False)]
        eps = entry_points(project)
        if eps:
            meta.append((f"{dist_info}/entry_points.txt", eps.encode(), False))
        return entries + meta

    os.makedirs(args.out_dir, exist_ok=True)
    tag = None
    if not args.no_auditwheel:
        with tempfile.TemporaryDirectory() as tmp:
            probe = os.path.join(tmp, f"{name}-{version}-{py}-{py}-{plat}.whl")
            write_wheel(probe, with_dist_info(plat), dist_info)
            tag = manylinux_tag(probe)
    out = os.path.join(args.out_dir, f"{name}-{version}-{py}-{py}-{tag or plat}.whl")
    write_wheel(out, with_dist_info(tag or plat), dist_info)
    print(f"build_wheel: {out} ({os.path.getsize(out) / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
