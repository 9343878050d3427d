"""A stand-in for bisheng (and ld.lld): appends its argv (JSON) to $FAKE_BISHENG_LOG;
with $FAKE_BISHENG_FAIL prints that to stderr and exits 1 (only when the command
line has the argument $FAKE_BISHENG_FAIL_IF and lacks $FAKE_BISHENG_FAIL_UNLESS,
where set); otherwise writes the -o file: a copy of $FAKE_BISHENG_COPY if set, else a
dummy."""
import json
import os
import shutil
import sys

log = os.environ.get("FAKE_BISHENG_LOG")
if log:
    with open(log, "a") as f:
        f.write(json.dumps(sys.argv) + "\n")
if (os.environ.get("FAKE_BISHENG_FAIL") and os.environ.get("FAKE_BISHENG_FAIL_UNLESS", "\0") not in sys.argv
        and os.environ.get("FAKE_BISHENG_FAIL_IF", sys.argv[0]) in sys.argv):
    sys.stderr.write(os.environ["FAKE_BISHENG_FAIL"] + "\n")
    sys.exit(1)
out = sys.argv[sys.argv.index("-o") + 1]
if os.environ.get("FAKE_BISHENG_COPY"):
    shutil.copyfile(os.environ["FAKE_BISHENG_COPY"], out)
else:
    with open(out, "w") as f:
        f.write("not a real library\n")
