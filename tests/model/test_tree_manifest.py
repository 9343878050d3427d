"""asc._tree: a checkout's files found again through a manifest of its directories (one
stat per directory, no listing), the same files a walk finds, after any change a walk
would see (issue 24 §1: never a stale key after a source edit)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from asc import _tree, cache


def _age_all(root: Path, seconds: float = 60.0) -> None:
    t = time.time() - seconds
    for p in [root, *root.rglob("*")]:
        os.utime(p, (t, t), follow_symlinks=False)


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "pkg"
    (root / "sub" / "deep").mkdir(parents=True)
    (root / "__pycache__").mkdir()
    for name in ("__init__.py", "mod.py", "sub/__init__.py", "sub/deep/x.py", "_C.so", "data.json",
                 "__pycache__/mod.cpython-311.pyc"):
        (root / name).write_text(name)
    _age_all(root)
    return root


def _store(path: str, data: bytes) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    Path(path).write_bytes(data)


def files(root: Path, manifest: Path):
    return _tree.stat_files(str(root), cache._package_source, cache._package_dir, str(manifest), _store)


def walked(root: Path):
    return _tree.walk(str(root), cache._package_source, cache._package_dir)[1]


def test_manifest_gives_what_a_walk_gives_without_listing(tree, tmp_path, monkeypatch):
    manifest = tmp_path / "m"
    first = files(tree, manifest)
    assert manifest.exists() and first == walked(tree)
    assert [f[0] for f in first] == ["_C.so", "__init__.py", "mod.py", "sub/__init__.py", "sub/deep/x.py"]
    with monkeypatch.context() as m:
        m.setattr(os, "scandir", lambda *a: pytest.fail("listed"))
        assert files(tree, manifest) == first


@pytest.mark.parametrize("change", ["edit", "add", "add_subpackage", "remove", "rename", "replace_dir"])
def test_every_change_a_walk_sees_is_seen(tree, tmp_path, change):
    manifest = tmp_path / "m"
    before = files(tree, manifest)
    assert manifest.exists()
    if change == "edit":  # in place, same size: only the file's own stat moves
        (tree / "sub" / "deep" / "x.py").write_text("sub/deep/y.py")
    elif change == "add":
        (tree / "sub" / "new.py").write_text("new")
    elif change == "add_subpackage":
        (tree / "sub" / "deep" / "more").mkdir()
        (tree / "sub" / "deep" / "more" / "m.py").write_text("m")
    elif change == "remove":
        (tree / "mod.py").unlink()
    elif change == "rename":
        (tree / "mod.py").rename(tree / "mod2.py")
    elif change == "replace_dir":  # a new directory given the old one's mtime: only its inode differs
        deep = tree / "sub" / "deep"
        st = deep.stat()
        os.rename(deep, tmp_path / "old")
        deep.mkdir()
        (deep / "x.py").write_text("sub/deep/x.py")
        (deep / "z.py").write_text("z")
        os.utime(deep / "x.py", ns=(st.st_atime_ns, st.st_mtime_ns))
        os.utime(deep, ns=(st.st_atime_ns, st.st_mtime_ns))
        os.utime(tree / "sub", ns=(st.st_atime_ns, st.st_mtime_ns))  # (the rename moved it too)
    after = files(tree, manifest)
    assert after == walked(tree) and after != before


def test_young_directories_are_not_trusted(tree, tmp_path):
    manifest = tmp_path / "m"
    (tree / "sub" / "new.py").write_text("new")  # sub's mtime is now: within TRUST_AGE_NS
    assert files(tree, manifest) == walked(tree)
    assert not manifest.exists()


def test_damaged_or_foreign_manifest_is_walked_again(tree, tmp_path, monkeypatch):
    manifest = tmp_path / "m"
    want = files(tree, manifest)
    raw = manifest.read_bytes()
    manifest.write_bytes(raw[:-3] + bytes([raw[-3] ^ 1]) + raw[-2:])  # a flipped bit
    walks = []
    real = _tree.walk
    monkeypatch.setattr(_tree, "walk", lambda *a: walks.append(a) or real(*a))
    assert files(tree, manifest) == want and len(walks) == 1
    assert manifest.read_bytes() == raw  # written anew
    other = tmp_path / "other"
    other.mkdir()
    assert files(other, manifest) == [] and len(walks) == 2  # another root's manifest
    # one manifest per walk: the package's and the Model's selections of one root do not share it
    assert len({cache.tree_manifest(kind, str(tree), tmp_path) for kind in ("package", "model headers")}) == 2


def test_package_hash_moves_with_a_new_file_when_the_manifest_is_used(tree, tmp_path, monkeypatch):
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "cache"))
    h0 = cache._package_hash(str(tree))
    assert list((tmp_path / "cache" / "trees").iterdir())
    assert cache._package_hash(str(tree)) == h0
    (tree / "sub" / "deep" / "y.py").write_text("y")
    h1 = cache._package_hash(str(tree))
    assert h1 != h0
    (tree / "sub" / "deep" / "y.py").unlink()
    _age_all(tree)  # directories old again: a manifest is written, and it holds what a walk finds
    h2 = cache._package_hash(str(tree))
    assert cache._package_hash(str(tree)) == h2 not in (h0, h1)
    for manifest in (tmp_path / "cache" / "trees").iterdir():
        manifest.unlink()
    assert cache._package_hash(str(tree)) == h2
