# asc-cc is the host compiler behind a driver: CMake's try-compile is skipped
# (the first real compile says what is wrong, in one line).
set(CMAKE_ASC_COMPILER_WORKS 1 CACHE INTERNAL "")
