"""tools/vendor_examples/readme.py: which README block is a program's run."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from vendor_examples import readme  # noqa: E402

SWITCH_THEN_RUN = """# add
- Switch Case
  ```bash
  cmake -DSCENARIO_NUM=6 -DCMAKE_ASC_ARCHITECTURES=dav-2201 ..   # Build case 6
  ```
- Run the example
  ```bash
  mkdir -p build && cd build;   # Create and enter the build directory
  cmake -DSCENARIO_NUM=6 -DCMAKE_ASC_ARCHITECTURES=dav-2201 ..;make -j;  # Build
  ./demo
  ```
  ```bash
  cmake -DCMAKE_ASC_RUN_MODE=cpu ..;make -j;
  ```
"""


def test_a_block_that_only_shows_a_cmake_option_is_not_the_run(tmp_path):
    (tmp_path / "README_en.md").write_text(SWITCH_THEN_RUN)
    block = readme.run_block(tmp_path)
    assert "mkdir -p build" in block and "./demo" in block


def test_the_first_cmake_block_when_none_builds(tmp_path):
    (tmp_path / "README_en.md").write_text("```bash\ncmake ..\n```\n```bash\ncmake -DX=1 ..\n```\n")
    assert readme.run_block(tmp_path).strip() == "cmake .."


def test_no_readme_or_no_cmake_block(tmp_path):
    assert readme.run_block(tmp_path) is None
    (tmp_path / "README.md").write_text("```bash\n./demo\n```\n")
    assert readme.run_block(tmp_path) is None


if __name__ == "__main__":  # the Bazel target's entry point
    import pytest
    sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", __file__]))


def test_the_programs_python3_is_this_interpreter(tmp_path):
    """runner.program_env: the programs' `python3 gen_data.py` runs the interpreter that has
    numpy (this one), not whatever `python3` PATH finds first."""
    import subprocess

    from vendor_examples import runner

    decoy = tmp_path / "decoy"
    decoy.mkdir()
    (decoy / "python3").write_text("#!/bin/sh\necho decoy\n")
    (decoy / "python3").chmod(0o755)
    env = runner.program_env(tmp_path / "bin", {"PATH": f"{decoy}:/usr/bin:/bin"})
    for name in ("python3", "python"):
        out = subprocess.run(["bash", "-c", f"{name} -c 'import sys; print(sys.executable)'"], env=env,
                             capture_output=True, text=True, check=True).stdout.strip()
        assert out == sys.executable
