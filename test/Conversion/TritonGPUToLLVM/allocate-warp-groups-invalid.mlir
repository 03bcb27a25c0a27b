// RUN: triton-opt %s -split-input-file --tritongpu-allocate-warp-groups -verify-diagnostics

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @count() {
    // expected-error @below {{requestedRegisters must have one entry per partition}}
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 232, 232>}
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

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @not_multiple_of_8() {
    // expected-error @below {{partition 0 requests 100 registers; setmaxnreg takes a multiple of 8 from 24 to 256}}
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 100>}
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

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @too_many() {
    // expected-error @below {{the partitions request more registers than there are: the default warps would be left 0 a thread}}
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 256, 256>}
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

// expected-error @below {{a module with ttg.warp_specialize ops needs ttg.num-warps}}
module {
  tt.func public @no_warps() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(1) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
