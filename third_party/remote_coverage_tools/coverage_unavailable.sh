#!/bin/sh
# Coverage is not collected offline; `bazel coverage` is not part of this project.
echo "coverage tools are not available in this offline build" >&2
exit 1
