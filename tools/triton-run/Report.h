//===- Report.h - printing, checking and the JSON report --------*- C++ -*-===//
//
// What triton-run tells about a run: buffers printed for people and
// FileCheck, --check's comparison with an expected .npy, the --bench summary,
// and the --json report for scripts.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_REPORT_H
#define TRITON_RUN_REPORT_H

#include "Args.h"
#include "HostArray.h"
#include "Plan.h"
#include "Runner.h"

#include <cstdio>
#include <string>
#include <vector>

namespace triton::runner {

/// Prints a buffer's name, shape and dtype, then its values as numpy's repr
/// does: nested brackets, and only the first and last 3 entries of each
/// dimension once the buffer has more than 1000 elements.
void printArray(FILE *out, const std::string &name, const HostArray &array);

struct CheckResult {
  std::string buffer, expectedPath;
  size_t count = 0, mismatches = 0;
  /// Largest errors over the elements where both sides are finite, or
  /// infinite when an infinity meets a different value.
  double maxAbs = 0, maxRel = 0;
  /// Flat indices of the first mismatching elements (at most 10).
  std::vector<size_t> firstMismatches;

  bool passed() const { return mismatches == 0; }
};

/// Compares `actual` with the .npy at `expectedPath`, element by element in
/// double precision: |a - e| <= atol + rtol * |e|, NaN equal only to NaN, an
/// infinity only to the same infinity. Prints the outcome. An unreadable
/// file or a shape that differs is an error Status; a mismatch is not.
Status checkArray(FILE *out, const std::string &name, const HostArray &actual,
                  const std::string &expectedPath, double atol, double rtol,
                  CheckResult &result);

/// Prints the timing summary of --bench.
void printBench(FILE *out, const BenchResult &bench, const Options &options);

/// Everything the --json report says; null members are left out.
struct RunReport {
  const Options *options = nullptr;
  const ModuleImage *module = nullptr;
  const KernelMetadata *metadata = nullptr;
  const LaunchPlan *plan = nullptr;
  const std::vector<KernelArg> *args = nullptr;
  const DeviceInfo *device = nullptr;
  const FunctionInfo *function = nullptr;
  const BenchResult *bench = nullptr;
  std::vector<CheckResult> checks;
  /// (buffer, file) of each --save that was written.
  std::vector<std::pair<std::string, std::string>> saved;
  /// The final status of the run.
  Status status;
};

/// Writes the report as JSON, atomically.
Status writeReport(const std::string &path, const RunReport &report);

} // namespace triton::runner

#endif // TRITON_RUN_REPORT_H
