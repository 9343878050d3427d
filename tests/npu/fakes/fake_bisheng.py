"""A stand-in for bisheng: appends its argv (JSON) to $FAKE_BISHENG_LOG; with
$FAKE_BISHENG_FAIL prints that to stderr and exits 1; otherwise writes the -o
file: a copy of $FAKE_BISHENG_COPY if set, else a dummy."""
import json
import os
import shutil
import sys

log = os.environ.get("FAKE_BISHENG_LOG")
if log:
    with open(log, "a") as f:
        f.write(json.dumps(sys.argv) + "\n")
if os.environ.get("FAKE_BISHENG_FAIL"):
    sys.stderr.write(os.environ["FAKE_BISHENG_FAIL"] + "\n")
    sys.exit(1)
out = sys.argv[sys.argv.index("-o") + 1]
if os.environ.get("FAKE_BISHENG_COPY"):
    shutil.copyfile(os.environ["FAKE_BISHENG_COPY"], out)
else:
    with open(out, "w") as f:
        f.write("not a real library\n")
