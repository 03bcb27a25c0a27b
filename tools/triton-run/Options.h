//===- Options.h - triton-run's command line --------------------*- C++ -*-===//
//
// The flags, parsed into plain values. The positional arguments after the
// module stay text here: Args.h parses them, once the metadata is known.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_OPTIONS_H
#define TRITON_RUN_OPTIONS_H

#include "Support.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace triton::runner {

struct Options {
  std::string modulePath;
  /// The positional kernel arguments, unparsed.
  std::vector<std::string> argTexts;

  std::string kernel;
  std::string metadataPath;
  std::string signatureSpec;
  /// Empty when not given.
  std::vector<int64_t> grid, block;
  std::optional<int64_t> numWarps, numCtas, shared;
  std::optional<int64_t> globalScratchSize, profileScratchSize;
  bool scratchArgs = true;
  int device = 0;

  std::vector<std::string> prints;
  /// (buffer, file) pairs.
  std::vector<std::pair<std::string, std::string>> saves, checks;
  /// numpy.allclose's defaults.
  double atol = 1e-8, rtol = 1e-5;

  bool bench = false;
  /// triton.testing.do_bench's defaults; counts override them.
  double warmupMs = 25, repMs = 100;
  std::optional<uint64_t> warmupCount, repCount;
  std::optional<uint64_t> bytes, flops;
  std::string jsonPath;

  bool dryRun = false;
  bool help = false;
  bool version = false;
};

/// Parses argv. Options may come before, between or after the positional
/// arguments; "--" ends options.
Status parseOptions(int argc, char **argv, Options &options);

/// The --help text.
const char *helpText();

} // namespace triton::runner

#endif // TRITON_RUN_OPTIONS_H
