//===- TestPasses.h - analysis test passes ---------------------*- C++ -*-===//
//
// Passes that print analysis results for lit tests, under upstream Triton's
// flags.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_ANALYSIS_TESTPASSES_H
#define TRITON_ANALYSIS_TESTPASSES_H

namespace mlir::triton {

/// test-print-alignment: the AxisInfo of every op result, as remarks.
void registerTestAlignmentPass();

} // namespace mlir::triton

#endif // TRITON_ANALYSIS_TESTPASSES_H
