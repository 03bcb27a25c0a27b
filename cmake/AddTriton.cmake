#===- AddTriton.cmake - thin wrappers over MLIR's CMake functions --------===#
#
# Every library of the project goes through these wrappers so that upstream
# MLIR is linked in exactly one way: through mlir_target_link_libraries, which
# picks libMLIR.so when MLIR_LINK_MLIR_DYLIB is on.
#
#===----------------------------------------------------------------------===#

# add_triton_library(name srcs... [DEPENDS targets...] [MLIR_LIBS libs...]
#                    [LINK_LIBS our-libs...])
function(add_triton_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;MLIR_LIBS;LINK_LIBS" ${ARGN})
  add_mlir_library(${name} ${ARG_UNPARSED_ARGUMENTS}
    EXCLUDE_FROM_LIBMLIR
    DISABLE_INSTALL
    DEPENDS ${ARG_DEPENDS}
    LINK_LIBS PUBLIC ${ARG_LINK_LIBS})
  mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
endfunction()

# add_triton_dialect_library: a library that holds a dialect's IR.
function(add_triton_dialect_library name)
  add_triton_library(${name} ${ARGN})
endfunction()

# add_triton_tool(name srcs... [MLIR_LIBS libs...] [LINK_LIBS our-libs...])
function(add_triton_tool name)
  cmake_parse_arguments(ARG "" "" "MLIR_LIBS;LINK_LIBS" ${ARGN})
  add_llvm_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  llvm_update_compile_flags(${name})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS})
  mlir_target_link_libraries(${name} PRIVATE ${ARG_MLIR_LIBS})
  mlir_check_all_link_libraries(${name})
endfunction()
