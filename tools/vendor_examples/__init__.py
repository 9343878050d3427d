"""The vendor's example programs as asc's conformance suite (issue 22, part 3).

- ``snapshot``: find or unpack the pinned asc-devkit snapshot, list its programs;
- ``survey``: which Ascend C / host APIs each program uses and which the Model
  lacks (libclang's lexer, not regular expressions), and the hardware-only
  features that make a program UNSUPPORTED on a CPU model;
- ``runner``: build one program in the Model run mode, generate its data,
  run it and verify it the way its README says;
- ``cli``: ``./dev vendor-examples`` (absl flags, tqdm, --jobs, --json).
"""
