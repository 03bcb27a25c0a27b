// RUN: triton-opt %s -split-input-file --convert-warp-specialize-to-llvm -verify-diagnostics

module attributes {"ttg.num-warps" = 4 : i32} {
  // expected-error @below {{the warps of its ttg.warp_specialize ops are not allocated: run tritongpu-allocate-warp-groups first}}
  llvm.func @no_total() attributes {nvvm.kernel, allocation.offset = 0 : i32} {
    ttg.warp_specialize() attributes {ttg.lowered_captures, warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    llvm.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
  // expected-error @below {{the shared memory of its ttg.warp_specialize ops is not planned: run allocate-shared-memory first}}
  llvm.func @no_states() attributes {nvvm.kernel} {
    ttg.warp_specialize() attributes {ttg.lowered_captures, warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    llvm.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @not_lowered() attributes {nvvm.kernel, allocation.offset = 0 : i32} {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %p = tt.int_to_ptr %c0 : i64 -> !tt.ptr<i32>
    // expected-error @below {{has not had its regions lowered: run convert-triton-gpu-to-llvm first}}
    ttg.warp_specialize(%p) attributes {warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield
    }
    partition0(%q: !tt.ptr<i32>) num_warps(4) {
      ttg.warp_return
    } : (!tt.ptr<i32>) -> ()
    llvm.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
  llvm.func @outside_workers() attributes {nvvm.kernel, allocation.offset = 0 : i32} {
    // expected-error @below {{places a partition on warps 6 to 9, outside the workers (warps 4 to 7)}}
    ttg.warp_specialize() attributes {ttg.lowered_captures, warpGroupStartIds = array<i32: 6>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    llvm.return
  }
}

// -----

// The partitions' warps are placed by tritongpu-allocate-warp-groups.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @unplaced_partitions() attributes {nvvm.kernel, allocation.offset = 0 : i32} {
    // expected-error @below {{has no warpGroupStartIds: run tritongpu-allocate-warp-groups first}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    llvm.return
  }
}
