"""The developer tools built on the Model: asc-profile, asc-debug, asc-bench.

Each tool is a module of this package with a `TOOL` (a `cli.Tool`) and a
`main()` console entry; `cli` is the command-line layer they share.
"""
