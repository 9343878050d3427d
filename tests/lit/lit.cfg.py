# lit configuration for the dialect and emitter tests (tests/lit).
# run_lit.py puts asc-opt, asc-translate, FileCheck and not on PATH.
import os

import lit.formats

config.name = "asc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.environment["PATH"] = os.environ["PATH"]
