# asc's CMake package for the ASC language: Ascend C projects built for the
# Model (docs/ascend-c-programs.md). Found by find_package(ASC) through
#   -DCMAKE_PREFIX_PATH=$(asc-config --cmake-prefix)
# whose generated ASCConfig.cmake sets ASC_PYTHON, ASC_PACKAGE_DIR and
# ASC_CC (the asc-cc wrapper) and includes this file.
if(_ASC_MODEL_PACKAGE_LOADED)
  return()
endif()
set(_ASC_MODEL_PACKAGE_LOADED TRUE)

# The one run mode of this package. An unset mode means the Model; the
# vendor's npu/cpu/sim modes need CANN's own package.
if(NOT DEFINED CMAKE_ASC_RUN_MODE OR CMAKE_ASC_RUN_MODE STREQUAL "")
  set(CMAKE_ASC_RUN_MODE "model" CACHE STRING "Run mode: model (asc's CPU Model)")
endif()
if(NOT CMAKE_ASC_RUN_MODE STREQUAL "model")
  message(FATAL_ERROR
    "ASC: CMAKE_ASC_RUN_MODE='${CMAKE_ASC_RUN_MODE}': asc's ASC package builds for the Model only; "
    "configure with -DCMAKE_ASC_RUN_MODE=model (npu, cpu and sim need CANN's package)")
endif()

set(ASC_MODEL_DIR "${ASC_PACKAGE_DIR}/cprog/cmake")
list(APPEND CMAKE_MODULE_PATH "${ASC_MODEL_DIR}/modules")

# acl/acl.h for the project's plain C++ sources too (its .asc sources get it from asc-cc):
# where asc-config found it, unless $ASC_MODEL_INCLUDE names another Model (then asc-cc says).
if(DEFINED ASC_DEFAULT_HOST_INCLUDE AND "$ENV{ASC_MODEL_INCLUDE}" STREQUAL "")
  set(ASC_HOST_INCLUDE "${ASC_DEFAULT_HOST_INCLUDE}")
else()
  execute_process(COMMAND "${ASC_CC}" --print-host-include
                  OUTPUT_VARIABLE ASC_HOST_INCLUDE OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _asc_rc)
  if(NOT _asc_rc EQUAL 0 OR ASC_HOST_INCLUDE STREQUAL "")
    message(FATAL_ERROR "ASC: ${ASC_CC} --print-host-include failed (${_asc_rc})")
  endif()
endif()
include_directories(SYSTEM "${ASC_HOST_INCLUDE}")

# The helpers of the vendor's package that projects call.
function(ascendc_library target_name target_type)
  set_source_files_properties(${ARGN} PROPERTIES LANGUAGE ASC)
  add_library(${target_name} ${target_type} ${ARGN})
  set_target_properties(${target_name} PROPERTIES POSITION_INDEPENDENT_CODE ON LINKER_LANGUAGE ASC)
endfunction()
function(ascendc_compile_definitions target_name target_scope)
  target_compile_definitions(${target_name} ${target_scope} ${ARGN})
endfunction()
function(ascendc_include_directories target_name target_scope)
  target_include_directories(${target_name} ${target_scope} ${ARGN})
endfunction()
function(ascendc_compile_options target_name target_scope)
  target_compile_options(${target_name} ${target_scope} ${ARGN})
endfunction()

set(ASC_FOUND TRUE)
