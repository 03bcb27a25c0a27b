// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// Threads exchange data: barrier, every register to shared memory, barrier,
// every register of the new layout from it. (A device function: its caller
// may have been using shared memory.)
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @transpose_threads
  tt.func private @transpose_threads(%x: tensor<64x64xf32, #blocked1>) -> tensor<64x64xf32, #blocked> attributes {noinline = true} {
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-32: llvm.store {{.*}} : vector<1xi32>, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-32: llvm.load {{.*}} : !llvm.ptr<3> -> i32
    %y = ttg.convert_layout %x : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
    tt.return %y : tensor<64x64xf32, #blocked>
  }
}

// -----

// Same threads, other register order: no shared memory, no barrier.
#a = #ttg.linear<{register = [[1], [2]], lane = [[4], [8], [16], [32], [64]], warp = [], block = []}>
#b = #ttg.linear<{register = [[2], [1]], lane = [[4], [8], [16], [32], [64]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @registers_only
  tt.func public @registers_only(%x: tensor<128xi32, #a>) -> tensor<128xi32, #b> attributes {noinline = true} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
    // CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
    // CHECK: %[[R2:.*]] = llvm.extractvalue %arg0[2]
    // CHECK: %[[R3:.*]] = llvm.extractvalue %arg0[3]
    // CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
    // CHECK: llvm.insertvalue %[[R2]], %{{.*}}[1]
    // CHECK: llvm.insertvalue %[[R1]], %{{.*}}[2]
    // CHECK: llvm.insertvalue %[[R3]], %{{.*}}[3]
    %y = ttg.convert_layout %x : tensor<128xi32, #a> -> tensor<128xi32, #b>
    tt.return %y : tensor<128xi32, #b>
  }
}

// -----

// The registers both layouts hold together need not be the first ones: here
// register 4 of each layout is element +512 of register 0, so each pair of
// 8-byte elements moves as one 16-byte vector (as in the corpus histogram).
// The source's registers 0 and 4 go together, and come back as the
// destination's registers 0 and 4.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @vector_of_later_registers
  tt.func private @vector_of_later_registers(%x: tensor<1024xi64, #blocked>) -> tensor<1024xi64, #blocked1> attributes {noinline = true} {
    // CHECK: %[[S0:.*]] = llvm.extractvalue %arg0[0]
    // CHECK: %[[S4:.*]] = llvm.extractvalue %arg0[4]
    // CHECK: nvvm.barrier0
    // CHECK: %[[V0:.*]] = llvm.insertelement %[[S0]], %{{.*}}[%{{.*}} : i32] : vector<2xi64>
    // CHECK: llvm.insertelement %[[S4]], %[[V0]][%{{.*}} : i32] : vector<2xi64>
    // CHECK-COUNT-4: llvm.store {{.*}} {alignment = 16 : i64} : vector<2xi64>, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: %[[L0:.*]] = llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<2xi64>
    // CHECK: %[[D0:.*]] = llvm.extractelement %[[L0]][%{{.*}} : i32] : vector<2xi64>
    // CHECK: %[[D4:.*]] = llvm.extractelement %[[L0]][%{{.*}} : i32] : vector<2xi64>
    // CHECK-COUNT-3: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<2xi64>
    // CHECK: llvm.insertvalue %[[D0]], %{{.*}}[0]
    // CHECK: llvm.insertvalue %[[D4]], %{{.*}}[4]
    %y = ttg.convert_layout %x : tensor<1024xi64, #blocked> -> tensor<1024xi64, #blocked1>
    tt.return %y : tensor<1024xi64, #blocked1>
  }
}

// -----

// Both layouts hold rows 2k and 2k+1 in one thread (register 0 is row +1),
// but the destination's lane 0 moves by 3 rows: a pair would start at an odd
// offset for half of the lanes. The elements go one by one instead. (Column
// 1 moves between the warps: through shared memory.)
#src = #ttg.linear<{register = [[1, 0]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[0, 1]], block = []}>
#dst = #ttg.linear<{register = [[1, 0]], lane = [[3, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [[32, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @misaligned_pairs
  tt.func private @misaligned_pairs(%a: tensor<64x2xf32, #src>) -> tensor<64x2xf32, #dst> attributes {noinline = true} {
    // CHECK-NOT: vector<2xf32>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-2: llvm.store {{.*}} {alignment = 4 : i64} : vector<1xi32>, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-2: llvm.load {{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
    // CHECK-NOT: vector<2xf32>
    // CHECK: llvm.return
    %b = ttg.convert_layout %a : tensor<64x2xf32, #src> -> tensor<64x2xf32, #dst>
    tt.return %b : tensor<64x2xf32, #dst>
  }
}

// -----

// The same pairs within one warp: no shared memory, one shuffle per register.
// Lane 0 of the destination reads rows 2k+1 and 2k+2: an odd lane offers its
// other register (a select on the lane's bit 0), every lane reads itself.
#src = #ttg.linear<{register = [[1, 0]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[1, 0]], lane = [[3, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @pairs_within_a_warp
  tt.func private @pairs_within_a_warp(%a: tensor<32x2xf32, #src>) -> tensor<32x2xf32, #dst> attributes {noinline = true} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK: %[[LANE:.*]] = llvm.and %{{.*}} {ttg.lane_id}
    // CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
    // CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
    // CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32)
    // CHECK: %[[BIT:.*]] = llvm.and %[[LANE]], %[[ONE]]
    // CHECK: %[[PAR:.*]] = llvm.intr.ctpop(%[[BIT]])
    // CHECK: %[[ODD:.*]] = llvm.trunc %[[PAR]] : i32 to i1
    // What each lane sends, then the shuffles (upstream's order).
    // CHECK: %[[O0:.*]] = llvm.select %[[ODD]], %[[R1]], %[[R0]]
    // CHECK: %[[O1:.*]] = llvm.select %[[ODD]], %[[R0]], %[[R1]]
    // CHECK: %[[I0:.*]] = llvm.bitcast %[[O0]] : f32 to i32
    // CHECK: nvvm.shfl.sync idx %{{.*}}, %[[I0]], %[[LANE]], %{{.*}}
    // CHECK: %[[I1:.*]] = llvm.bitcast %[[O1]] : f32 to i32
    // CHECK: nvvm.shfl.sync idx %{{.*}}, %[[I1]], %[[LANE]], %{{.*}}
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.return
    %b = ttg.convert_layout %a : tensor<32x2xf32, #src> -> tensor<32x2xf32, #dst>
    tt.return %b : tensor<32x2xf32, #dst>
  }
}

// -----

// Register bit 0 and lane bit 0 trade places: the two registers share one
// butterfly exchange across lane bit 0. Each lane sends the register its
// partner needs (register 1 where the partner, odd, does not read itself
// for register 0; else register 0) and keeps, per destination register,
// its own register where it would read itself.
#src = #ttg.linear<{register = [[1, 0]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[2, 0]], lane = [[1, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @register_and_lane_bits_swap
  tt.func private @register_and_lane_bits_swap(%a: tensor<32x2xf32, #src>) -> tensor<32x2xf32, #dst> attributes {noinline = true} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK: %[[LANE:.*]] = llvm.and %{{.*}} {ttg.lane_id}
    // CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
    // CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
    // CHECK: %[[READ:.*]] = llvm.and %[[LANE]], %{{.*}}
    // CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32)
    // CHECK: %[[PARTNER:.*]] = llvm.xor %[[LANE]], %[[ONE]]
    // CHECK: %[[PSELF:.*]] = llvm.icmp "eq" %[[READ]], %[[PARTNER]]
    // CHECK: %[[SELF0:.*]] = llvm.icmp "eq" %[[READ]], %[[LANE]]
    // CHECK: %[[READ1:.*]] = llvm.xor %[[READ]], %{{.*}}
    // CHECK: %[[SELF1:.*]] = llvm.icmp "eq" %[[READ1]], %[[LANE]]
    // CHECK: %[[SEND:.*]] = llvm.select %[[PSELF]], %[[R0]], %[[R1]]
    // CHECK: %[[I:.*]] = llvm.bitcast %[[SEND]] : f32 to i32
    // CHECK: %[[S:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[I]], %{{.*}}, %{{.*}}
    // CHECK: %[[V:.*]] = llvm.bitcast %[[S]] : i32 to f32
    // CHECK: llvm.select %[[SELF0]], %[[R0]], %[[V]]
    // CHECK: llvm.select %[[SELF1]], %[[R1]], %[[V]]
    // CHECK-NOT: nvvm.shfl
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.return
    %b = ttg.convert_layout %a : tensor<32x2xf32, #src> -> tensor<32x2xf32, #dst>
    tt.return %b : tensor<32x2xf32, #dst>
  }
}

// -----

// A transpose within a warp (4x8, one element per lane): lanes move,
// registers stay; each lane reads the lane its bits swapped give, no select.
#src = #ttg.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#dst = #ttg.linear<{register = [], lane = [[1, 0], [2, 0], [0, 4], [0, 1], [0, 2]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @lanes_swap_bits
  tt.func private @lanes_swap_bits(%a: tensor<4x8xi16, #src>) -> tensor<4x8xi16, #dst> attributes {noinline = true} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK-NOT: llvm.select
    // CHECK: llvm.zext %{{.*}} : i16 to i32
    // CHECK: nvvm.shfl.sync idx
    // CHECK: llvm.trunc %{{.*}} : i32 to i16
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK: llvm.return
    %b = ttg.convert_layout %a : tensor<4x8xi16, #src> -> tensor<4x8xi16, #dst>
    tt.return %b : tensor<4x8xi16, #dst>
  }
}

// -----

// Two register bits trade places with two lane bits: a lane would have to
// offer one of four registers, more than one round of shuffles does. As
// upstream, such a conversion goes through shared memory: each warp reads
// only what it wrote, so a warp's sync orders it. Each side's registers are
// the other's lanes (a transpose): single elements both ways (upstream
// reads this one with ldmatrix, which we do not use for 32-bit elements
// yet). Marked
// ttg.warp_shuffles (as tritongpu-optimize-epilogue marks its own), two
// rounds of one swap each: two butterfly exchanges per round (four
// registers, two pairs), no shared memory.
#src = #ttg.linear<{register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[4, 0], [8, 0]], lane = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @two_swaps_through_shared_memory
  tt.func private @two_swaps_through_shared_memory(%a: tensor<16x8xf32, #src>) -> tensor<16x8xf32, #dst> attributes {noinline = true} {
    // CHECK-NOT: nvvm.shfl.sync bfly
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-4: llvm.store {{.*}} {alignment = 4 : i64} : vector<1xi32>, !llvm.ptr<3>
    // CHECK-NOT: nvvm.barrier0
    // CHECK: nvvm.bar.warp.sync
    // CHECK-COUNT-4: llvm.load {{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
    // CHECK-NOT: llvm.load
    // CHECK: llvm.return
    %b = ttg.convert_layout %a : tensor<16x8xf32, #src> -> tensor<16x8xf32, #dst>
    tt.return %b : tensor<16x8xf32, #dst>
  }
  // CHECK-LABEL: llvm.func internal @two_register_lane_swaps
  tt.func private @two_register_lane_swaps(%a: tensor<16x8xf32, #src>) -> tensor<16x8xf32, #dst> attributes {noinline = true} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK-NOT: llvm.store
    // CHECK-COUNT-4: nvvm.shfl.sync bfly
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    // CHECK-NOT: llvm.load
    // CHECK: llvm.return
    %b = ttg.convert_layout %a {ttg.warp_shuffles} : tensor<16x8xf32, #src> -> tensor<16x8xf32, #dst>
    tt.return %b : tensor<16x8xf32, #dst>
  }
}

// -----

// At the start of a kernel no thread has touched shared memory: the first
// conversion stores without a barrier; the second waits for the first's
// readers.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @idle_at_kernel_start
  // CHECK-NOT: nvvm.barrier0
  // CHECK-COUNT-32: llvm.store {{.*}} : vector<1xi32>, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-32: llvm.load {{.*}} : !llvm.ptr<3> -> i32
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-32: llvm.store {{.*}} : vector<1xi32>, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-32: llvm.load {{.*}} : !llvm.ptr<3> -> i32
  tt.func public @idle_at_kernel_start(%x: tensor<64x64xf32, #blocked1>) -> tensor<64x64xf32, #blocked1> {
    %y = ttg.convert_layout %x : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
    %z = ttg.convert_layout %y : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    tt.return %z : tensor<64x64xf32, #blocked1>
  }

  // A loop body (a block of its own once control flow is lowered) is entered
  // again after its last reads of shared memory: its first conversion waits.
  // CHECK-LABEL: llvm.func @loop_body_is_not_kernel_start
  // CHECK: ^bb1(
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-32: llvm.store {{.*}} : vector<1xi32>, !llvm.ptr<3>
  tt.func public @loop_body_is_not_kernel_start(%x: tensor<64x64xf32, #blocked1>, %n: i32) -> tensor<64x64xf32, #blocked1> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^bb1(%c0, %x : i32, tensor<64x64xf32, #blocked1>)
  ^bb1(%i: i32, %acc: tensor<64x64xf32, #blocked1>):
    %y = ttg.convert_layout %acc : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
    %z = ttg.convert_layout %y : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    %j = arith.addi %i, %c1 : i32
    %more = arith.cmpi slt, %j, %n : i32
    cf.cond_br %more, ^bb1(%j, %z : i32, tensor<64x64xf32, #blocked1>), ^bb2
  ^bb2:
    tt.return %z : tensor<64x64xf32, #blocked1>
  }
}

// -----

// 16-bit elements in butterfly pairs that make the same choices lane by
// lane (registers 0/1 and 2/3 trade register bit 0 for lane bit 0) travel
// two to a shuffle, packed into one 32-bit word.
#src = #ttg.linear<{register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[4, 0], [2, 0]], lane = [[1, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @packed_butterflies
  tt.func private @packed_butterflies(%a: tensor<16x8xf16, #src>) -> tensor<16x8xf16, #dst> attributes {noinline = true} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.zext %{{.*}} : i16 to i32
    // CHECK: %[[HI16:.*]] = llvm.zext %{{.*}} : i16 to i32
    // CHECK: %[[HI:.*]] = llvm.shl %[[HI16]], %{{.*}} : i32
    // CHECK: %[[W:.*]] = llvm.or %{{.*}}, %[[HI]]
    // CHECK: %[[S:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[W]], %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK: llvm.trunc %[[S]] : i32 to i16
    // CHECK: %[[UP:.*]] = llvm.lshr %[[S]], %{{.*}} : i32
    // CHECK: llvm.trunc %[[UP]] : i32 to i16
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.return
    %b = ttg.convert_layout %a : tensor<16x8xf16, #src> -> tensor<16x8xf16, #dst>
    tt.return %b : tensor<16x8xf16, #dst>
  }
}

// -----

// 16-bit elements that both layouts keep in pairs (register bit 0 is row 1
// in both) move as 32-bit words of two: four words, two register/lane
// swaps in two rounds of two butterflies, as a 16-bit wgmma accumulator
// reaching 16-byte vectors does (marked by tritongpu-optimize-epilogue).
#src = #ttg.linear<{register = [[1, 0], [2, 0], [4, 0]], lane = [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[1, 0], [8, 0], [16, 0]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @sixteen_bit_words
  tt.func private @sixteen_bit_words(%a: tensor<32x8xf16, #src>) -> tensor<32x8xf16, #dst> attributes {noinline = true} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
    // CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
    // Registers 0 and 1 make the first word, register 0 its low half.
    // CHECK: %[[LO:.*]] = llvm.insertelement %[[R0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[PAIR:.*]] = llvm.insertelement %[[R1]], %[[LO]][%{{.*}} : i32] : vector<2xf16>
    // CHECK: llvm.bitcast %[[PAIR]] : vector<2xf16> to i32
    // CHECK-COUNT-3: llvm.bitcast %{{.*}} : vector<2xf16> to i32
    // CHECK-COUNT-4: nvvm.shfl.sync bfly %{{.*}} : i32 -> i32
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK: %[[W0:.*]] = llvm.bitcast %{{.*}} : i32 to vector<2xf16>
    // CHECK: %[[E0:.*]] = llvm.extractelement %[[W0]][%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[E1:.*]] = llvm.extractelement %[[W0]][%{{.*}} : i32] : vector<2xf16>
    // CHECK-COUNT-3: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
    // CHECK: llvm.insertvalue %[[E0]], %{{.*}}[0]
    // CHECK: llvm.insertvalue %[[E1]], %{{.*}}[1]
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.return
    %b = ttg.convert_layout %a {ttg.warp_shuffles} : tensor<32x8xf16, #src> -> tensor<32x8xf16, #dst>
    tt.return %b : tensor<32x8xf16, #dst>
  }
}

// -----

// 8-bit elements: four butterfly pairs (register bit 0 trades places with
// lane bit 0) make the same choices, so the four bytes each lane sends go
// in one 32-bit shuffle, byte i at bits 8i; byte i of the word received
// goes to registers 2i and 2i + 1 where those do not keep their own.
#src = #ttg.linear<{register = [[1, 0], [2, 0], [4, 0]], lane = [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[8, 0], [2, 0], [4, 0]], lane = [[1, 0], [16, 0], [0, 1], [0, 2], [0, 4]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @four_bytes_a_shuffle
  tt.func private @four_bytes_a_shuffle(%a: tensor<32x8xi8, #src>) -> tensor<32x8xi8, #dst> attributes {noinline = true} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
    // CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
    // CHECK: %[[R2:.*]] = llvm.extractvalue %arg0[2]
    // CHECK: %[[R3:.*]] = llvm.extractvalue %arg0[3]
    // CHECK: %[[R4:.*]] = llvm.extractvalue %arg0[4]
    // CHECK: %[[R5:.*]] = llvm.extractvalue %arg0[5]
    // CHECK: %[[R6:.*]] = llvm.extractvalue %arg0[6]
    // CHECK: %[[R7:.*]] = llvm.extractvalue %arg0[7]
    // CHECK: %[[PSELF:.*]] = llvm.icmp "eq"
    // CHECK: %[[SELF0:.*]] = llvm.icmp "eq"
    // CHECK: %[[SELF1:.*]] = llvm.icmp "eq"
    // CHECK: %[[S0:.*]] = llvm.select %[[PSELF]], %[[R0]], %[[R1]] : i1, i8
    // CHECK: %[[S1:.*]] = llvm.select %[[PSELF]], %[[R2]], %[[R3]] : i1, i8
    // CHECK: %[[S2:.*]] = llvm.select %[[PSELF]], %[[R4]], %[[R5]] : i1, i8
    // CHECK: %[[S3:.*]] = llvm.select %[[PSELF]], %[[R6]], %[[R7]] : i1, i8
    // CHECK: llvm.zext %[[S0]] : i8 to i32
    // CHECK: %[[Z1:.*]] = llvm.zext %[[S1]] : i8 to i32
    // CHECK: %[[C8:.*]] = llvm.mlir.constant(8 : i32)
    // CHECK: llvm.shl %[[Z1]], %[[C8]]
    // CHECK: %[[Z2:.*]] = llvm.zext %[[S2]] : i8 to i32
    // CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i32)
    // CHECK: llvm.shl %[[Z2]], %[[C16]]
    // CHECK: %[[Z3:.*]] = llvm.zext %[[S3]] : i8 to i32
    // CHECK: %[[C24:.*]] = llvm.mlir.constant(24 : i32)
    // CHECK: llvm.shl %[[Z3]], %[[C24]]
    // CHECK: %[[W:.*]] = llvm.or
    // CHECK: %[[GOT:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[W]], %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK: %[[B0:.*]] = llvm.trunc %[[GOT]] : i32 to i8
    // CHECK: %[[U1:.*]] = llvm.lshr %[[GOT]], %{{.*}}
    // CHECK: %[[B1:.*]] = llvm.trunc %[[U1]] : i32 to i8
    // CHECK: %[[U2:.*]] = llvm.lshr %[[GOT]], %{{.*}}
    // CHECK: %[[B2:.*]] = llvm.trunc %[[U2]] : i32 to i8
    // CHECK: %[[U3:.*]] = llvm.lshr %[[GOT]], %{{.*}}
    // CHECK: %[[B3:.*]] = llvm.trunc %[[U3]] : i32 to i8
    // CHECK: llvm.select %[[SELF0]], %[[R0]], %[[B0]]
    // CHECK: llvm.select %[[SELF1]], %[[R1]], %[[B0]]
    // CHECK: llvm.select %[[SELF0]], %[[R2]], %[[B1]]
    // CHECK: llvm.select %[[SELF1]], %[[R3]], %[[B1]]
    // CHECK: llvm.select %[[SELF0]], %[[R4]], %[[B2]]
    // CHECK: llvm.select %[[SELF1]], %[[R5]], %[[B2]]
    // CHECK: llvm.select %[[SELF0]], %[[R6]], %[[B3]]
    // CHECK: llvm.select %[[SELF1]], %[[R7]], %[[B3]]
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.return
    %b = ttg.convert_layout %a : tensor<32x8xi8, #src> -> tensor<32x8xi8, #dst>
    tt.return %b : tensor<32x8xi8, #dst>
  }
}

// -----

// A register bit and a lane bit trade places while the other lane bits move
// too (column bit 0 leaves the lanes, row bit 4 enters them): each lane
// sends one of a pair of registers by its lane parity, one shuffle per
// register, then each lane takes one of a pair of shuffles by its parity.
#src = #ttg.blocked<{sizePerThread = [32, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [16, 2], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @swap_with_lane_moves
  tt.func private @swap_with_lane_moves(%a: tensor<32x32xi32, #src>) -> tensor<32x32xi32, #dst> attributes {noinline = true} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-32: llvm.select
    // CHECK-COUNT-32: nvvm.shfl.sync idx
    // CHECK: llvm.intr.ctpop
    // CHECK-COUNT-32: llvm.select
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.return
    %b = ttg.convert_layout %a : tensor<32x32xi32, #src> -> tensor<32x32xi32, #dst>
    tt.return %b : tensor<32x32xi32, #dst>
  }
}
