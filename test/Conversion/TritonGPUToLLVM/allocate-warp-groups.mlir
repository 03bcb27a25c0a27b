// RUN: triton-opt %s -split-input-file --tritongpu-allocate-warp-groups | FileCheck %s

// One partition of one warp: after the kernel's 4 warps, and the kernel
// grows to whole warp groups; empty partitions of 2 and 1 warps fill the
// other 3 worker warps (largest first: 2 at warp 4, then 1 at 6 and 7).
// CHECK-LABEL: module attributes
// CHECK-SAME: "ttg.total-num-warps" = 8 : i32
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @one(%p: !tt.ptr<i32>) {
    // CHECK: ttg.warp_specialize(%{{.*}}) attributes {warpGroupStartIds = array<i32: 6, 4, 7>}
    // CHECK: partition0(%{{.*}}: !tt.ptr<i32>) num_warps(1)
    // CHECK: partition1(%{{.*}}: !tt.ptr<i32>) num_warps(2) {
    // CHECK-NEXT: ttg.warp_return
    // CHECK: partition2(%{{.*}}: !tt.ptr<i32>) num_warps(1) {
    // CHECK-NEXT: ttg.warp_return
    ttg.warp_specialize(%p)
    default {
      ttg.warp_yield
    }
    partition0(%q: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    } : (!tt.ptr<i32>) -> ()
    tt.return
  }
}

// -----

// Largest first, so that each starts at a multiple of its size: 4 warps at
// warp 4, 2 at 8, 1 at 10; 11 warps in all, 12 launched, the last one in
// an empty partition.
// CHECK-LABEL: module attributes
// CHECK-SAME: "ttg.total-num-warps" = 12 : i32
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @sizes() {
    // CHECK: ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 10, 4, 8, 11>}
    // CHECK: partition3() num_warps(1)
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(1) {
      ttg.warp_return
    }
    partition1() num_warps(4) {
      ttg.warp_return
    }
    partition2() num_warps(2) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// Two ops share the workers: the kernel has the warps of the larger.
// CHECK-LABEL: module attributes
// CHECK-SAME: "ttg.total-num-warps" = 16 : i32
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func public @two() {
    // CHECK: ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 12, 8, 14>}
    // CHECK: partition1() num_warps(4)
    // CHECK: partition2() num_warps(2)
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(2) {
      ttg.warp_return
    } : () -> ()
    // CHECK: ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 8, 12>}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    }
    partition1() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// Registers: 12 warps can each start with 168 (65536 / 384, down to a
// multiple of 8), 64512 in all; the two 4-warp partitions take 232 each and
// the kernel's warps get the 40 left.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.maxnreg = 168 : i32
// CHECK-SAME: "ttg.total-num-warps" = 12 : i32
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @registers() {
    // CHECK: ttg.warp_specialize() attributes {actualRegisters = array<i32: 40, 232, 232>, requestedRegisters = array<i32: 232, 232>, warpGroupStartIds = array<i32: 4, 8>}
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 232, 232>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    }
    partition1() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// A module's own ttg.maxnreg lowers the start.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.maxnreg = 128 : i32
module attributes {"ttg.num-warps" = 4 : i32, ttg.maxnreg = 128 : i32} {
  tt.func public @capped() {
    // CHECK: actualRegisters = array<i32: 200, 56>
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 56>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// Without warp_specialize ops the kernel runs its own warps.
// CHECK-LABEL: module attributes
// CHECK-SAME: "ttg.total-num-warps" = 4 : i32
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @plain() {
    tt.return
  }
}

// -----

// setmaxnreg sets a whole warp group: partitions that share one get the
// most any of them asks for (80), and the kernel's warps what is left.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.maxnreg = 168 : i32
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func public @shared_group() {
    // CHECK: actualRegisters = array<i32: 208, 80, 80, 80>, requestedRegisters = array<i32: 48, 80, 48>, warpGroupStartIds = array<i32: 10, 8, 11>
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 48, 80, 48>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(1) {
      ttg.warp_return
    }
    partition1() num_warps(2) {
      ttg.warp_return
    }
    partition2() num_warps(1) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
