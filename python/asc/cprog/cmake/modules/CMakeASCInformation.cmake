# How CMake compiles and links the ASC language with asc-cc (python/asc/cprog/cc.py).
include(CMakeCommonLanguageInclude)
set(CMAKE_ASC_OUTPUT_EXTENSION .o)
set(CMAKE_INCLUDE_FLAG_ASC "-I")
set(CMAKE_INCLUDE_SYSTEM_FLAG_ASC "-isystem ")
set(CMAKE_ASC_COMPILE_OPTIONS_PIC "-fPIC")
set(CMAKE_SHARED_LIBRARY_CREATE_ASC_FLAGS "-shared")
set(CMAKE_SHARED_LIBRARY_SONAME_ASC_FLAG "-Wl,-soname,")

# Debug, Release and the devkit's Profile: asc-cc compiles every build type
# with the Model's flags (one precompiled header); the type is accepted.
set(CMAKE_ASC_FLAGS_DEBUG_INIT "-g")
set(CMAKE_ASC_FLAGS_RELEASE_INIT "-DNDEBUG")
set(CMAKE_ASC_FLAGS_PROFILE_INIT "-DNDEBUG")
set(CMAKE_ASC_FLAGS_INIT "$ENV{ASCFLAGS} ${CMAKE_ASC_FLAGS_INIT}")
cmake_initialize_per_config_variable(CMAKE_ASC_FLAGS "Flags used by the ASC compiler")
set(CMAKE_CXX_FLAGS_PROFILE "${CMAKE_CXX_FLAGS_RELEASE}" CACHE STRING "C++ flags of the Profile build type")
set(CMAKE_EXE_LINKER_FLAGS_PROFILE "" CACHE STRING "Linker flags of the Profile build type")
set(CMAKE_SHARED_LINKER_FLAGS_PROFILE "" CACHE STRING "Shared-library linker flags of the Profile build type")
set(CMAKE_STATIC_LINKER_FLAGS_PROFILE "" CACHE STRING "Static-library linker flags of the Profile build type")

# The architecture reaches the link too (it selects the Model's platform).
if(CMAKE_ASC_ARCHITECTURES)
  string(APPEND CMAKE_ASC_FLAGS " --npu-arch=${CMAKE_ASC_ARCHITECTURES}")
endif()

set(CMAKE_DEPFILE_FLAGS_ASC "-MD -MT <DEP_TARGET> -MF <DEP_FILE>")
if(CMAKE_GENERATOR MATCHES "Makefiles|WMake")
  set(CMAKE_ASC_DEPFILE_FORMAT gcc)
  set(CMAKE_ASC_DEPENDS_USE_COMPILER TRUE)
endif()

set(CMAKE_ASC_COMPILE_OBJECT "<CMAKE_ASC_COMPILER> <DEFINES> <INCLUDES> <FLAGS> -o <OBJECT> -c <SOURCE>")
set(CMAKE_ASC_LINK_EXECUTABLE "<CMAKE_ASC_COMPILER> <FLAGS> <CMAKE_ASC_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")
set(CMAKE_ASC_CREATE_SHARED_LIBRARY "<CMAKE_ASC_COMPILER> <FLAGS> <LINK_FLAGS> -shared <SONAME_FLAG><TARGET_SONAME> -o <TARGET> <OBJECTS> <LINK_LIBRARIES>")
set(CMAKE_ASC_ARCHIVE_CREATE "<CMAKE_AR> qc <TARGET> <LINK_FLAGS> <OBJECTS>")
set(CMAKE_ASC_ARCHIVE_APPEND "<CMAKE_AR> q <TARGET> <LINK_FLAGS> <OBJECTS>")
set(CMAKE_ASC_ARCHIVE_FINISH "<CMAKE_RANLIB> <TARGET>")
set(CMAKE_ASC_INFORMATION_LOADED 1)
