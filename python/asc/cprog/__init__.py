"""Ascend C programs on the Model: the vendor's `.asc` projects, built by
asc-cc (the `ASC` language's compiler in asc's CMake package) with the host
C++ compiler, run on the CPU with the Model's checks, profiled and debugged
by the same tools as Python kernels. docs/ascend-c-programs.md."""
