"""Issue 20: the vendor's Ascend C headers judge what asc emits and what the Model declares.

Sections 2 and 3 of the issue, as `./dev vendor-check` runs them
(asc.tools.vendor_check): every kernel the examples and the test suites compile
(collected by running them with DRY_RUN=1 and ASC_KERNEL_CORPUS) compiles against
the pinned asc-devkit snapshot's headers on the Atlas A2 vector and cube cores (and on
Atlas 310P where the APIs it uses exist there), and
the Model's kernel_operator.h declares no API differently from the vendor's. Any
failure is a regression. Without the snapshot (a checkout with no
../shared/third_party/asc-devkit) the tests skip, saying how to get it.
"""

import os
import tempfile
from pathlib import Path

import pytest

from asc.tools import vendor_check as dvc
from asc.tools import vendor_decls
from asc.runtime.npu import vendor_check as vc

ROOT = dvc.checkout_root()  # the checkout, or Bazel's runfiles tree
JOBS = max(2, os.cpu_count() or 2)
# The collection must find the project's kernels (a broken collection finds few).
MIN_KERNELS = 300


@pytest.fixture(scope="module")
def cache():
    """Under Bazel, a cache outside the test's own temporary folder, so the unpacked
    snapshot and the precompiled headers (keyed by their digests) outlive one run."""
    base = Path("/tmp") / f"asc-vendor-check-{os.getuid()}" if "TEST_TMPDIR" in os.environ else None
    if base is not None:
        base.mkdir(parents=True, exist_ok=True)
        os.environ["ASC_CACHE_DIR"] = str(base)
    from asc import settings
    return settings.cache_dir.get()


@pytest.fixture(scope="module")
def devkit(cache):
    tarball = dvc.find_snapshot()
    if tarball is None:
        pytest.skip(f"no asc-devkit snapshot (../{dvc.SNAPSHOT} beside the checkout): get the shared "
                    f"third_party folder, or run `./dev vendor-check --devkit DIR` on an unpacked asc-devkit")
    return dvc.unpack_snapshot(tarball, cache / "vendor")


@pytest.fixture(scope="module")
def kernels(devkit):
    corpus = Path(tempfile.mkdtemp(prefix="asc-corpus-"))
    dvc.collect(ROOT, corpus, JOBS)
    return dvc.load_corpus(corpus)


def test_every_emitted_kernel_compiles_against_the_vendor_headers(devkit, kernels):
    results = dvc.check_all(kernels, devkit, JOBS, 12, vc.A2)
    lines = []
    checks, failures = dvc.report(kernels, results, ROOT, vc.A2, out=lines.append)
    print("\n".join(lines))
    assert len(kernels) >= MIN_KERNELS, f"the collection found only {len(kernels)} kernels"
    assert failures == 0, "\n".join(l for l in lines if not l.startswith("pass"))


def test_every_emitted_kernel_compiles_for_310p_where_its_apis_exist(devkit, kernels):
    """Atlas 310P (dav-m200), the issue's third target: every kernel compiles, or uses an API the
    architecture does not have (`not on 310p`, asc.runtime.npu.vendor_check.not_on_arch: an
    A2 API with no 310P form, e.g. the Matmul client's IterateNBatch, Fixpipe to GM, Mmad of
    float inputs). An error in the vendor's lines at a bisheng intrinsic is a failure: the
    builtins header lacks the architecture's form. (Measured: about 30 s more on 2 cores.)"""
    results = dvc.check_all(kernels, devkit, JOBS, 12, ("310p",))
    dvc.classify_other_arches(kernels, results, devkit)
    lines = []
    checks, failures = dvc.report(kernels, results, ROOT, ("310p",), out=lines.append)
    print("\n".join(lines))
    assert failures == 0, "\n".join(l for l in lines if l.startswith(("FAIL", "    ")))
    absent = sum(bool(r.not_on) for r in results.values())
    assert absent < checks / 4, f"{absent} of {checks} kernels use an API not on 310p: the verdict is too eager"


def test_the_model_declares_the_vendor_api(devkit):
    """No difference beyond cpp/vendor_check/known_model_differences.txt (each with its
    reason), and none listed there that is gone (the list only shrinks)."""
    report = vendor_decls.compare(devkit)
    print(report.text())
    new, fixed = vendor_decls.unexplained(report, vendor_decls.known_differences())
    assert not new, "Model declarations differing from the vendor's:\n" + report.text(limit=40)
    assert not fixed, f"no longer different, delete from known_model_differences.txt: {fixed}"
