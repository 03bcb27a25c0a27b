// RUN: triton-opt --split-input-file --verify-diagnostics %s

// Parse and verification errors of the ttg layout attributes, one case
// each: unknown and missing keys, values of the wrong kind, rank
// mismatches, orders that are not permutations, bad CTA layouts in both
// spellings, and the constraints of each encoding.

//===----------------------------------------------------------------------===//
// Attribute dictionaries
//===----------------------------------------------------------------------===//

// Tests that a layout's parameters are a dictionary.
// expected-error @+1 {{#ttg.blocked: expected a dictionary of parameters}}
#a = #ttg.blocked<[1, 4]>

// -----

// Tests that a layout's parameters are in angle brackets.
// expected-error @+1 {{expected '<'}}
#a = #ttg.blocked{sizePerThread = [4]}

// -----

// Tests that unknown keys are rejected.
// expected-error @+1 {{#ttg.blocked: unexpected key 'sizePerWarp'}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], sizePerWarp = [1, 1]}>

// -----

// Tests that every required key is given.
// expected-error @+1 {{#ttg.blocked: missing key 'order'}}
#a = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4]}>

// -----

// Tests that an array parameter is an array.
// expected-error @+1 {{#ttg.blocked: expected an array of integers for 'sizePerThread', got 4 : i64}}
#a = #ttg.blocked<{sizePerThread = 4, threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// -----

// Tests that array entries are non-negative integers.
// expected-error @+1 {{#ttg.blocked: expected non-negative integers in 'order', got -1 : i64}}
#a = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [-1]}>

// -----

// Tests that array entries are integers, not other attributes.
// expected-error @+1 {{#ttg.blocked: expected non-negative integers in 'warpsPerCTA', got "4"}}
#a = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = ["4"], order = [0]}>

// -----

// Tests that an integer parameter is a non-negative integer.
// expected-error @+1 {{#ttg.slice: expected a non-negative integer for 'dim', got -1 : i64}}
#a = #ttg.slice<{dim = -1, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>

// -----

// Tests that an integer parameter is not a string.
// expected-error @+1 {{#ttg.slice: expected a non-negative integer for 'dim', got "x"}}
#a = #ttg.slice<{dim = "x", parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>

// -----

// Tests that a boolean parameter is true or false.
// expected-error @+1 {{#ttg.nvmma_shared: expected true or false for 'transposed', got 1 : i64}}
#a = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = 1, elementBitWidth = 16}>

// -----

// Tests that a list of bases is an array.
// expected-error @+1 {{#ttg.linear: expected a list of bases for 'register', got 1 : i64}}
#a = #ttg.linear<{register = 1, lane = [], warp = [], block = []}>

// -----

// Tests that each basis is an array.
// expected-error @+1 {{#ttg.linear: expected each basis of 'register' to be an array, got 1 : i64}}
#a = #ttg.linear<{register = [1], lane = [], warp = [], block = []}>

// -----

// Tests that bases hold integers.
// expected-error @+1 {{#ttg.linear: expected integers in the bases of 'register', got 1.000000e+00 : f64}}
#a = #ttg.linear<{register = [[1.0]], lane = [], warp = [], block = []}>

// -----

// Tests that the dialect has no other attributes.
// expected-error @+1 {{unknown attribute `blocked_layout` in dialect `ttg`}}
#a = #ttg.blocked_layout<{}>

// -----

//===----------------------------------------------------------------------===//
// #ttg.blocked
//===----------------------------------------------------------------------===//

// Tests that a blocked layout has at least one dimension.
// expected-error @+1 {{blocked layouts must have rank at least 1}}
#a = #ttg.blocked<{sizePerThread = [], threadsPerWarp = [], warpsPerCTA = [], order = []}>

// -----

// Tests that the parameters of a blocked layout have one rank.
// expected-error @+1 {{sizePerThread, threadsPerWarp, warpsPerCTA and order must have the same rank}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// Tests that sizePerThread has no zero entry.
// expected-error @+1 {{sizePerThread entries must be powers of two, got 0}}
#a = #ttg.blocked<{sizePerThread = [0, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// Tests that threadsPerWarp has no zero entry.
// expected-error @+1 {{threadsPerWarp entries must be powers of two, got 0}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 0], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// Tests that warpsPerCTA has no zero entry.
// expected-error @+1 {{warpsPerCTA entries must be powers of two, got 0}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [0, 1], order = [1, 0]}>

// -----

// Tests that order is a permutation of the dimensions (no repeats).
// expected-error @+1 {{order must be a permutation of [0, 2), got [0, 0]}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 0]}>

// -----

// Tests that order is a permutation of the dimensions (in range).
// expected-error @+1 {{order must be a permutation of [0, 2), got [2, 0]}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [2, 0]}>

// -----

//===----------------------------------------------------------------------===//
// CTA layouts: CGALayout and the Triton 3.5 CTAsPerCGA/CTASplitNum/CTAOrder
//===----------------------------------------------------------------------===//

// Tests that CGALayout bases hold zeros and powers of two.
// expected-error @+1 {{Each CGALayout basis must be 0 or a power of two, got 3}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[3, 0]]}>

// -----

// Tests that CGALayout bases are not negative.
// expected-error @+1 {{Each CGALayout basis must be 0 or a power of two, got -1}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[-1, 0]]}>

// -----

// Tests that CGALayout bases have the layout's rank.
// expected-error @+1 {{#ttg.blocked: every basis of 'CGALayout' must have 2 entries, got 1}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1]]}>

// -----

// Tests that CGALayout is a list of bases.
// expected-error @+1 {{#ttg.blocked: expected each basis of 'CGALayout' to be an array, got 1 : i64}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [1, 0]}>

// -----

// Tests that the 3.5 spelling gives all three keys.
// expected-error @+1 {{#ttg.blocked: missing key 'CTAOrder'}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1]}>

// -----

// Tests that the 3.5 keys are arrays.
// expected-error @+1 {{#ttg.blocked: expected an array of integers for 'CTAsPerCGA', got 2 : i64}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = 2, CTASplitNum = [2, 1], CTAOrder = [1, 0]}>

// -----

// Tests that the 3.5 keys have the layout's rank.
// expected-error @+1 {{#ttg.blocked: CTAsPerCGA, CTASplitNum and CTAOrder must have 2 entries}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2], CTASplitNum = [2], CTAOrder = [0]}>

// -----

// Tests that CTAOrder holds dimensions of the layout.
// expected-error @+1 {{#ttg.blocked: CTAOrder must be a permutation of [0, 2)}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [2, 0]}>

// -----

// Tests that CTAsPerCGA holds powers of two.
// expected-error @+1 {{#ttg.blocked: CTAsPerCGA and CTASplitNum must be powers of two with CTASplitNum <= CTAsPerCGA}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [3, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>

// -----

// Tests that a dimension is split over at most its CTAs.
// expected-error @+1 {{#ttg.blocked: CTAsPerCGA and CTASplitNum must be powers of two with CTASplitNum <= CTAsPerCGA}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [4, 1], CTAOrder = [1, 0]}>

// -----

// Tests that a layout takes one of the two spellings, not both.
// expected-error @+1 {{#ttg.blocked: unexpected key 'CTAOrder'}}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>

// -----

// Tests that the 3.5 spelling of a swizzled_shared layout has the rank of its order.
// expected-error @+1 {{#ttg.swizzled_shared: CTAsPerCGA, CTASplitNum and CTAOrder must have 2 entries}}
#a = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CTAsPerCGA = [2, 1, 1], CTASplitNum = [2, 1, 1], CTAOrder = [2, 1, 0]}>

// -----

// Tests that the CGALayout of an nvmma_shared layout has its rank (2 unless given).
// expected-error @+1 {{#ttg.nvmma_shared: every basis of 'CGALayout' must have 3 entries, got 2}}
#a = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3, CGALayout = [[1, 0]]}>

// -----

// Tests that the CGALayout of an nvidia_mma layout has the rank of warpsPerCTA.
// expected-error @+1 {{#ttg.nvidia_mma: every basis of 'CGALayout' must have 2 entries, got 3}}
#a = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16], CGALayout = [[1, 0, 0]]}>

// -----

// Tests that the CGALayout of an nvidia_mma layout holds zeros and powers of two.
// expected-error @+1 {{Each CGALayout basis must be 0 or a power of two, got 3}}
#a = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16], CGALayout = [[3, 0]]}>

// -----

//===----------------------------------------------------------------------===//
// #ttg.slice and #ttg.dot_op
//===----------------------------------------------------------------------===//

// Tests that a slice's parent is a distributed layout, not a shared one.
// expected-error @+1 {{the parent of a slice layout must be a distributed layout, got #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}}
#a = #ttg.slice<{dim = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>

// -----

// Tests that a slice's parent is a layout.
// expected-error @+1 {{the parent of a slice layout must be a distributed layout, got 1 : i64}}
#a = #ttg.slice<{dim = 0, parent = 1}>

// -----

// Tests that a slice's parent has at least 2 dimensions.
// expected-error @+1 {{parent layout must have at least rank >= 2, got 1}}
#a = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>

// -----

// Tests that a slice removes a dimension of its parent.
// expected-error @+1 {{slice dim=2 must be less than the parent rank=2}}
#a = #ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>

// -----

// Tests that a slice names its parent.
// expected-error @+1 {{#ttg.slice: missing key 'parent'}}
#a = #ttg.slice<{dim = 0}>

// -----

// Tests that a dot operand is operand 0 or 1.
// expected-error @+1 {{ttg.dot_op opIdx parameter can be 0 or 1, got: 2}}
#a = #ttg.dot_op<{opIdx = 2, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>

// -----

// Tests that a dot operand's parent is a distributed layout.
// expected-error @+1 {{ttg.dot_op unexpected parent layout: #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>}}
#a = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>}>

// -----

// Tests that an operand of an Ampere MMA says how many K elements a thread holds.
// expected-error @+1 {{ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent}}
#a = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>}>

// -----

// Tests that kWidth is an integer.
// expected-error @+1 {{#ttg.dot_op: expected a non-negative integer for 'kWidth', got true}}
#a = #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>, kWidth = true}>

// -----

// Tests that a dot operand names its parent.
// expected-error @+1 {{#ttg.dot_op: missing key 'parent'}}
#a = #ttg.dot_op<{opIdx = 0}>

// -----

//===----------------------------------------------------------------------===//
// #ttg.nvidia_mma
//===----------------------------------------------------------------------===//

// Tests that the MMA version is 1, 2 or 3 (not 4).
// expected-error @+1 {{versionMajor must be 1 (Volta), 2 (Ampere) or 3 (Hopper), got 4}}
#a = #ttg.nvidia_mma<{versionMajor = 4, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>

// -----

// Tests that the MMA version is 1, 2 or 3 (not 0).
// expected-error @+1 {{versionMajor must be 1 (Volta), 2 (Ampere) or 3 (Hopper), got 0}}
#a = #ttg.nvidia_mma<{versionMajor = 0, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>

// -----

// Tests that an MMA layout has 2 or 3 dimensions.
// expected-error @+1 {{warpsPerCTA must have 2 or 3 entries}}
#a = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4], instrShape = [16, 8]}>

// -----

// Tests that warpsPerCTA of an MMA layout has no zero entry.
// expected-error @+1 {{warpsPerCTA entries must be positive}}
#a = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 0], instrShape = [16, 8]}>

// -----

// Tests that an Ampere instruction shape has M and N.
// expected-error @+1 {{instrShape of a version 2 nvidia_mma layout must have at least 2 entries (M and N), got 1}}
#a = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16]}>

// -----

// Tests that a Hopper instruction shape has M and N (K is the lowering's to
// check).
// expected-error @+1 {{instrShape of a version 3 nvidia_mma layout must have at least 2 entries (M and N), got 1}}
#a = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16]}>

// -----

// Tests that an MMA layout gives its instruction shape.
// expected-error @+1 {{#ttg.nvidia_mma: missing key 'instrShape'}}
#a = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1]}>

// -----

//===----------------------------------------------------------------------===//
// #ttg.linear
//===----------------------------------------------------------------------===//

// Tests that a linear layout gives bases for register, lane, warp and block.
// expected-error @+1 {{#ttg.linear: missing key 'block'}}
#a = #ttg.linear<{register = [], lane = [], warp = []}>

// -----

// Tests that a linear layout has no other input dimension.
// expected-error @+1 {{#ttg.linear: unexpected key 'offset'}}
#a = #ttg.linear<{register = [[0, 1]], lane = [], warp = [], block = [], offset = []}>

// -----

// Tests that bases which leave part of their shape unreached are rejected:
// [3] alone spans a dimension of size 4 with a single basis.
// expected-error @+1 {{after removing the zero bases the layout must be bijective onto its shape [4]}}
#a = #ttg.linear<{register = [[3]], lane = [], warp = [], block = []}>

// -----

// Tests that register bases are not negative.
// expected-error @+1 {{register bases must not be negative, got -2}}
#a = #ttg.linear<{register = [[0, -2]], lane = [], warp = [], block = []}>

// -----

// Tests that lane bases have the rank of the other bases.
// expected-error @+1 {{#ttg.linear: every basis of 'lane' must have 2 entries, got 1}}
#a = #ttg.linear<{register = [[0, 1]], lane = [[1]], warp = [], block = []}>

// -----

// Tests that a basis has the same rank as the bases before it.
// expected-error @+1 {{#ttg.linear: every basis of 'register' must have 2 entries, got 3}}
#a = #ttg.linear<{register = [[0, 1], [1, 0, 0]], lane = [], warp = [], block = []}>

// -----

// Tests that a basis of a distributed layout moves along one dimension.
// expected-error @+1 {{each warp basis must move along at most one dimension, got [1, 1]}}
#a = #ttg.linear<{register = [[0, 1], [1, 0]], lane = [], warp = [[1, 1]], block = []}>

// -----

// Tests that a block basis of 6 leaves rows of the [8, 2] shape unreached.
// expected-error @+1 {{after removing the zero bases the layout must be bijective onto its shape [8, 2]}}
#a = #ttg.linear<{register = [[0, 1]], lane = [], warp = [], block = [[6, 0]]}>

// -----

//===----------------------------------------------------------------------===//
// #ttg.swizzled_shared and #ttg.nvmma_shared
//===----------------------------------------------------------------------===//

// Tests that vec, perPhase and maxPhase are positive.
// expected-error @+1 {{vec, perPhase and maxPhase must be positive}}
#a = #ttg.swizzled_shared<{vec = 0, perPhase = 1, maxPhase = 1, order = [1, 0]}>

// -----

// Tests that a swizzled layout has at least one dimension.
// expected-error @+1 {{order must not be empty}}
#a = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = []}>

// -----

// Tests that a swizzled layout's order is a permutation.
// expected-error @+1 {{order must be a permutation of [0, 2), got [1, 2]}}
#a = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 2]}>

// -----

// Tests that a swizzled layout gives its order.
// expected-error @+1 {{#ttg.swizzled_shared: missing key 'order'}}
#a = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1}>

// -----

// Tests that vec is an integer.
// expected-error @+1 {{#ttg.swizzled_shared: expected a non-negative integer for 'vec', got [1]}}
#a = #ttg.swizzled_shared<{vec = [1], perPhase = 1, maxPhase = 1, order = [1, 0]}>

// -----

// Tests that the CGALayout of a swizzled layout holds zeros and powers of two.
// expected-error @+1 {{Each CGALayout basis must be 0 or a power of two, got 5}}
#a = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[0, 5]]}>

// -----

// Tests that an nvmma_shared layout has at least one dimension.
// expected-error @+1 {{rank must be at least 1}}
#a = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 0}>

// -----

// Tests that an nvmma_shared layout gives its swizzle width.
// expected-error @+1 {{#ttg.nvmma_shared: missing key 'swizzlingByteWidth'}}
#a = #ttg.nvmma_shared<{transposed = false, elementBitWidth = 16}>

// -----

// Tests that fp4Padded is a boolean.
// expected-error @+1 {{#ttg.nvmma_shared: expected true or false for 'fp4Padded', got 0 : i64}}
#a = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, fp4Padded = 0}>

// -----

// Tests that an nvmma_shared layout has no order.
// expected-error @+1 {{#ttg.nvmma_shared: unexpected key 'order'}}
#a = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, order = [1, 0]}>

// -----

//===----------------------------------------------------------------------===//
// #ttg.padded_shared
//===----------------------------------------------------------------------===//

// Tests that a padded layout has at least one interval:+padding pair.
// expected-error @+1 {{expected at least one interval:+padding pair}}
#a = #ttg.padded_shared<[] {order = [1, 0], shape = [16, 16]}>

// -----

// Tests that intervals are powers of two.
// expected-error @+1 {{interval values must all be power of two}}
#a = #ttg.padded_shared<[96:+4] {order = [1, 0], shape = [16, 16]}>

// -----

// Tests that paddings are powers of two.
// expected-error @+1 {{padding values must all be power of two}}
#a = #ttg.padded_shared<[128:+4, 256:+3] {order = [1, 0], shape = [16, 16]}>

// -----

// Tests that a padding is written with a plus sign.
// expected-error @+1 {{expected '+'}}
#a = #ttg.padded_shared<[128:4] {order = [1, 0], shape = [16, 16]}>

// -----

// Tests that an interval and its padding are separated by a colon.
// expected-error @+1 {{expected ':'}}
#a = #ttg.padded_shared<[128+4] {order = [1, 0], shape = [16, 16]}>

// -----

// Tests that the pairs are followed by a dictionary.
// expected-error @+1 {{#ttg.padded_shared: expected a dictionary of parameters}}
#a = #ttg.padded_shared<[128:+4] [1, 0]>

// -----

// Tests that order and shape have one rank.
// expected-error @+1 {{#ttg.padded_shared: Mismatch of shape and order ranks in padded layout}}
#a = #ttg.padded_shared<[128:+4] {order = [1, 0], shape = [16]}>

// -----

// Tests that shape entries are powers of two.
// expected-error @+1 {{#ttg.padded_shared: shape entries must be powers of two}}
#a = #ttg.padded_shared<[128:+4] {order = [1, 0], shape = [16, 24]}>

// -----

// Tests that the short form's order is a permutation.
// expected-error @+1 {{#ttg.padded_shared: order must be a permutation}}
#a = #ttg.padded_shared<[128:+4] {order = [1, 1], shape = [16, 16]}>

// -----

// Tests that the short form gives both order and shape.
// expected-error @+1 {{#ttg.padded_shared: missing key 'shape'}}
#a = #ttg.padded_shared<[128:+4] {order = [1, 0]}>

// -----

// Tests that the two forms do not mix.
// expected-error @+1 {{#ttg.padded_shared: Unexpected attribute "order" found}}
#a = #ttg.padded_shared<[128:+4] {order = [1, 0], shape = [16, 16], block = []}>

// -----

// Tests that the full form gives its offset bases.
// expected-error @+1 {{#ttg.padded_shared: Expected basis of 'offset' not found}}
#a = #ttg.padded_shared<[128:+4] {block = []}>

// -----

// Tests that the full form has no other key.
// expected-error @+1 {{#ttg.padded_shared: Unexpected attribute "foo" found}}
#a = #ttg.padded_shared<[128:+4] {offset = [[0, 1]], block = [], foo = 1}>

// -----

// Tests that offset bases are powers of two.
// expected-error @+1 {{Each offset basis must be 0 or a power of two, got 3}}
#a = #ttg.padded_shared<[128:+4] {offset = [[0, 3]], block = []}>

// -----

// Tests that the full form has at least one offset basis to give its rank.
// expected-error @+1 {{the layout must have rank at least 1}}
#a = #ttg.padded_shared<[128:+4] {offset = [], block = []}>

// -----

// Tests that offset bases have one rank.
// expected-error @+1 {{#ttg.padded_shared: every basis of 'offset' must have 2 entries, got 1}}
#a = #ttg.padded_shared<[128:+4] {offset = [[0, 1], [1]], block = []}>

// -----

// Tests that block bases have the rank of the offset bases.
// expected-error @+1 {{#ttg.padded_shared: every basis of 'block' must have 2 entries, got 1}}
#a = #ttg.padded_shared<[128:+4] {offset = [[0, 1]], block = [[1]]}>

// -----

//===----------------------------------------------------------------------===//
// #ttg.shared_linear
//===----------------------------------------------------------------------===//

// Tests that the alignment is a power of two.
// expected-error @+1 {{alignment must be a power of two, got 24}}
#a = #ttg.shared_linear<{offset = [[0, 1]], block = []}, alignment = 24>

// -----

// Tests that the alignment is not zero.
// expected-error @+1 {{alignment must be a power of two, got 0}}
#a = #ttg.shared_linear<{offset = [[0, 1]], block = []}, alignment = 0>

// -----

// Tests that the alignment is written outside the braces.
// expected-error @+1 {{#ttg.shared_linear: alignment must be specified outside of the linear layout braces: #ttg.shared_linear<{...}, alignment = N>}}
#a = #ttg.shared_linear<{offset = [[0, 1]], block = [], alignment = 16}>

// -----

// Tests that the alignment is required.
// expected-error @+1 {{expected ','}}
#a = #ttg.shared_linear<{offset = [[0, 1]], block = []}>

// -----

// Tests that the alignment is introduced by its keyword.
// expected-error @+1 {{expected 'alignment'}}
#a = #ttg.shared_linear<{offset = [[0, 1]], block = []}, align = 16>

// -----

// Tests that a shared_linear layout reaches all of its shape: [0, 5] alone
// cannot span [1, 8].
// expected-error @+1 {{the layout must be surjective onto its shape [1, 8]}}
#a = #ttg.shared_linear<{offset = [[0, 5]], block = []}, alignment = 16>

// -----

// Tests that a shared_linear layout gives its offset bases.
// expected-error @+1 {{#ttg.shared_linear: missing key 'offset'}}
#a = #ttg.shared_linear<{block = []}, alignment = 16>

// -----

// Tests that shared_linear block bases have the rank of the offset bases.
// expected-error @+1 {{#ttg.shared_linear: every basis of 'block' must have 2 entries, got 1}}
#a = #ttg.shared_linear<{offset = [[0, 1]], block = [[1]]}, alignment = 16>

// -----

//===----------------------------------------------------------------------===//
// Layouts in types
//===----------------------------------------------------------------------===//

// Tests that a memdesc type alias is checked like any memdesc: its minor dimensions are powers of two.
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// expected-error @+1 {{memdesc dimension 1 must be a power of two, got 96}}
!a = !ttg.memdesc<2x96xf16, #shared, #ttg.shared_memory>

// -----

// Tests that an error inside a nested layout is reported.
// expected-error @+1 {{#ttg.blocked: missing key 'warpsPerCTA'}}
#a = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], order = [1, 0]}>}>

// -----

// Tests that blocked layout entries must be powers of two.
// expected-error @+1 {{sizePerThread entries must be powers of two, got 3}}
#a = #ttg.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// -----

// Tests that the 3.5 spelling's CTAOrder must be a permutation (no repeats).
// expected-error @+1 {{CTAOrder must be a permutation of [0, 2)}}
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 2], CTASplitNum = [2, 2], CTAOrder = [0, 0]}>

// -----

// Tests that Hopper's operand B has no register layout.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// expected-error @+1 {{ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA only allows first operand to be in registers}}
#a = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>

// -----

// Tests that a dot operand of a blocked (FMA) parent has no kWidth.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout}}
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked, kWidth = 2}>

// -----

// Tests that a dot operand's parent is an mma or blocked layout.
#linear = #ttg.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [], block = []}>
// expected-error @+1 {{ttg.dot_op unexpected parent layout: #ttg.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [], block = []}>}}
#a = #ttg.dot_op<{opIdx = 0, parent = #linear}>

// -----

// Tests that a linear layout needs bases: they give its rank.
// expected-error @+1 {{a linear layout needs at least one basis, which gives its rank}}
#a = #ttg.linear<{register = [], lane = [], warp = [], block = []}>

// -----

// Tests that a register basis moving two dimensions at once is rejected.
// expected-error @+1 {{each register basis must move along at most one dimension, got [1, 1]}}
#a = #ttg.linear<{register = [[1, 1]], lane = [[0, 1]], warp = [], block = []}>

// -----

// Tests that a linear layout may not repeat a basis (two lanes holding the
// same element is a broadcast, written with a zero basis).
// expected-error @+1 {{after removing the zero bases the layout must be bijective onto its shape [1, 2]}}
#a = #ttg.linear<{register = [[0, 1]], lane = [[0, 1]], warp = [], block = []}>

// -----

// Tests that a linear layout reaches every element of its shape: nothing
// maps to column 2 here.
// expected-error @+1 {{after removing the zero bases the layout must be bijective onto its shape [2, 8]}}
#a = #ttg.linear<{register = [[0, 1], [0, 4]], lane = [[1, 0]], warp = [], block = []}>

// -----

// Tests that a shared_linear layout is bijective once its zero bases are
// dropped.
// expected-error @+1 {{after removing the zero bases the layout must be bijective onto its shape [2, 2]}}
#a = #ttg.shared_linear<{offset = [[0, 1], [1, 0], [1, 1]], block = []}, alignment = 16>

// -----

// Tests that a shared_linear layout has bases.
// expected-error @+1 {{a shared linear layout needs at least one basis, which gives its rank}}
#a = #ttg.shared_linear<{offset = [], block = []}, alignment = 16>

// -----

// Tests that shared_linear bases are not negative.
// expected-error @+1 {{offset bases must not be negative, got -1}}
#a = #ttg.shared_linear<{offset = [[0, -1]], block = []}, alignment = 16>

// -----

// Tests that padded_shared intervals do not repeat.
// expected-error @+1 {{interval values cannot have duplicates, got 128 twice}}
#a = #ttg.padded_shared<[128:+4, 128:+8] {order = [1, 0], shape = [16, 64]}>

// -----

// Tests that padded_shared paddings are powers of two.
// expected-error @+1 {{padding values must all be power of two}}
#a = #ttg.padded_shared<[128:+3] {order = [1, 0], shape = [16, 64]}>

// -----

// Tests that padded_shared intervals are powers of two.
// expected-error @+1 {{interval values must all be power of two}}
#a = #ttg.padded_shared<[96:+4] {order = [1, 0], shape = [16, 64]}>

// -----

// Tests that a padded_shared offset basis moves along one dimension.
// expected-error @+1 {{each offset basis must move along at most one dimension, got [1, 1]}}
#a = #ttg.padded_shared<[128:+4] {offset = [[0, 1], [1, 1]], block = []}>

// -----

// Tests that padded_shared offsets do not broadcast (a zero basis).
// expected-error @+1 {{the offset bases must not broadcast: they must be nonzero and linearly independent}}
#a = #ttg.padded_shared<[128:+4] {offset = [[0, 1], [0, 0]], block = []}>

// -----

// Tests that padded_shared offsets do not repeat a basis.
// expected-error @+1 {{the offset bases must not broadcast: they must be nonzero and linearly independent}}
#a = #ttg.padded_shared<[128:+4] {offset = [[0, 1], [0, 1], [1, 0]], block = []}>

// -----

// Tests that a padded_shared layout reaches all of its shape.
// expected-error @+1 {{the layout must be surjective onto its shape [1, 8]}}
#a = #ttg.padded_shared<[128:+4] {offset = [[0, 1], [0, 4]], block = []}>

// -----

// Tests the AMD encodings' checks (upstream's words).
// expected-error @+1 {{version must be in the [0, 4] range}}
#a = #ttg.amd_mfma<{version = 5, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = false}>

// -----

// expected-error @+1 {{invalid (mDim, nDim) combination: (32, 16)}}
#a = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 16, 8], isTransposed = false}>

// -----

// expected-error @+1 {{instrShape must be [M, N, K], got 2 entries}}
#a = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32], isTransposed = false}>

// -----

// expected-error @+1 {{tilesPerWarp must have as many entries as warpsPerCTA}}
#a = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = false, tilesPerWarp = [1, 1, 1]}>

// -----

// expected-error @+1 {{#ttg.amd_mfma: missing key 'version'}}
#a = #ttg.amd_mfma<{warpsPerCTA = [1, 1], instrShape = [32, 32, 8]}>

// -----

// expected-error @+1 {{#ttg.amd_mfma: unexpected key 'isTranspose'}}
#a = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTranspose = true}>

// -----

// expected-error @+1 {{WMMA version must be in the [1, 3] range}}
#a = #ttg.amd_wmma<{version = 0, warpsPerCTA = [1, 1]}>

// -----

// expected-error @+1 {{#ttg.amd_wmma: expected true or false for 'isTranspose', got 1 : i64}}
#a = #ttg.amd_wmma<{version = 1, isTranspose = 1, warpsPerCTA = [1, 1]}>

// -----

// expected-error @+2 {{ttg.dot_op kWidth parameter is mandatory for WMMA v3}}
#wmma = #ttg.amd_wmma<{version = 3, warpsPerCTA = [1, 1], instrShape = [16, 16, 32]}>
#dot = #ttg.dot_op<{opIdx = 0, parent = #wmma}>

// -----

// expected-error @+2 {{ttg.dot_op unexpected parent layout: #ttg.swizzled_shared}}
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#dot = #ttg.dot_op<{opIdx = 0, parent = #shared}>
