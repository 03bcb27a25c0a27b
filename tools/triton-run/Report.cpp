//===- Report.cpp - printing, checking and the JSON report ---------------===//

#include "Report.h"

#include "Json.h"
#include "Npy.h"

#include <cmath>

namespace triton::runner {

/// numpy's print options: summarise above `threshold` elements, keeping
/// `edgeItems` at each end of every dimension.
static constexpr size_t threshold = 1000;
static constexpr size_t edgeItems = 3;

/// Appends the sub-array at dimension `dim` that starts at element `offset`.
static void formatLevel(std::string &out, const HostArray &array, size_t dim,
                        size_t offset, const std::vector<size_t> &strides,
                        bool summarize) {
  size_t rank = array.shape.size();
  size_t count = static_cast<size_t>(array.shape[dim]);
  bool cut = summarize && count > 2 * edgeItems;
  std::string separator = ",";
  if (dim + 1 == rank)
    separator += ' ';
  else
    separator += std::string(rank - dim - 1, '\n') + std::string(dim + 1, ' ');
  out += '[';
  for (size_t i = 0; i < count; ++i) {
    if (i > 0)
      out += separator;
    if (cut && i == edgeItems) {
      out += "...";
      i = count - edgeItems - 1;
      continue;
    }
    size_t element = offset + i * strides[dim];
    if (dim + 1 == rank)
      out += formatElement(array.dtype, array.element(element));
    else
      formatLevel(out, array, dim + 1, element, strides, summarize);
  }
  out += ']';
}

void printArray(FILE *out, const std::string &name, const HostArray &array) {
  std::vector<size_t> strides(array.shape.size(), 1);
  for (size_t i = array.shape.size(); i-- > 1;)
    strides[i - 1] = strides[i] * static_cast<size_t>(array.shape[i]);
  std::string text;
  formatLevel(text, array, 0, 0, strides, array.numElements() > threshold);
  std::fprintf(out, "%s: shape %s, dtype %s\n%s\n", name.c_str(),
               formatShapeTuple(array.shape).c_str(), dtypeName(array.dtype),
               text.c_str());
}

/// "[3, 7]": the multi-dimensional index of a flat index.
static std::string formatIndex(size_t flat, const std::vector<int64_t> &shape) {
  std::vector<size_t> index(shape.size());
  for (size_t i = shape.size(); i-- > 0;) {
    index[i] = flat % static_cast<size_t>(shape[i]);
    flat /= static_cast<size_t>(shape[i]);
  }
  std::string text = "[";
  for (size_t i = 0; i < index.size(); ++i)
    text += (i ? ", " : "") + std::to_string(index[i]);
  return text + "]";
}

Status checkArray(FILE *out, const std::string &name, const HostArray &actual,
                  const std::string &expectedPath, double atol, double rtol,
                  CheckResult &result) {
  result = CheckResult();
  result.buffer = name;
  result.expectedPath = expectedPath;
  HostArray expected;
  if (Status status = readNpy(expectedPath, expected); status.failed())
    return status;
  if (expected.shape != actual.shape)
    return Status::badInput(formatString(
        "--check %s: %s holds shape %s, but the buffer has shape %s",
        name.c_str(), expectedPath.c_str(),
        formatShapeTuple(expected.shape).c_str(),
        formatShapeTuple(actual.shape).c_str()));
  result.count = actual.numElements();
  size_t maxAbsAt = 0, maxRelAt = 0;
  for (size_t i = 0; i < result.count; ++i) {
    double a = loadElement(actual.dtype, actual.element(i));
    double e = loadElement(expected.dtype, expected.element(i));
    bool ok;
    double absError = 0, relError = 0;
    if (std::isnan(a) || std::isnan(e)) {
      ok = std::isnan(a) && std::isnan(e);
    } else if (std::isinf(a) || std::isinf(e)) {
      ok = a == e;
      absError = relError = ok ? 0 : INFINITY;
    } else {
      absError = std::fabs(a - e);
      relError =
          e != 0 ? absError / std::fabs(e) : (absError > 0 ? INFINITY : 0);
      ok = absError <= atol + rtol * std::fabs(e);
    }
    if (absError > result.maxAbs) {
      result.maxAbs = absError;
      maxAbsAt = i;
    }
    if (relError > result.maxRel) {
      result.maxRel = relError;
      maxRelAt = i;
    }
    if (!ok) {
      ++result.mismatches;
      if (result.firstMismatches.size() < 10)
        result.firstMismatches.push_back(i);
    }
  }

  std::fprintf(out, "check %s against %s: %s", name.c_str(),
               expectedPath.c_str(), result.passed() ? "ok" : "MISMATCH");
  if (!result.passed())
    std::fprintf(out, ", %zu of %zu elements differ", result.mismatches,
                 result.count);
  std::fprintf(out, " (atol %g, rtol %g)\n", atol, rtol);
  std::fprintf(out, "  max abs error %g", result.maxAbs);
  if (result.maxAbs > 0)
    std::fprintf(out, " at %s", formatIndex(maxAbsAt, actual.shape).c_str());
  std::fprintf(out, ", max rel error %g", result.maxRel);
  if (result.maxRel > 0)
    std::fprintf(out, " at %s", formatIndex(maxRelAt, actual.shape).c_str());
  std::fprintf(out, "\n");
  if (!result.passed()) {
    std::fprintf(out, "  first mismatches (index: actual vs expected):\n");
    for (size_t index : result.firstMismatches)
      std::fprintf(
          out, "    %s: %s vs %s\n", formatIndex(index, actual.shape).c_str(),
          formatElement(actual.dtype, actual.element(index)).c_str(),
          formatElement(expected.dtype, expected.element(index)).c_str());
  }
  return Status();
}

void printBench(FILE *out, const BenchResult &bench, const Options &options) {
  std::fprintf(out,
               "bench: %llu reps after %llu warm-up runs: min %.4f ms, median "
               "%.4f ms, mean %.4f ms\n",
               static_cast<unsigned long long>(bench.reps),
               static_cast<unsigned long long>(bench.warmup), bench.minMs,
               bench.medianMs, bench.meanMs);
  double seconds = bench.medianMs * 1e-3;
  if (options.bytes)
    std::fprintf(out, "bandwidth: %.1f GB/s (%llu bytes, median time)\n",
                 static_cast<double>(*options.bytes) / seconds / 1e9,
                 static_cast<unsigned long long>(*options.bytes));
  if (options.flops)
    std::fprintf(out, "throughput: %.1f TFLOP/s (%llu flops, median time)\n",
                 static_cast<double>(*options.flops) / seconds / 1e12,
                 static_cast<unsigned long long>(*options.flops));
  std::fprintf(out,
               "host launch overhead: %.2f us per launch (mean of %llu; "
               "median %.2f us)\n",
               bench.launchMeanUs,
               static_cast<unsigned long long>(bench.launches),
               bench.launchMedianUs);
}

static void writeDims(JsonWriter &json, const char *key,
                      const uint64_t values[3]) {
  json.key(key);
  json.beginArray();
  for (int i = 0; i < 3; ++i)
    json.value(values[i]);
  json.endArray();
}

static void writeArgs(JsonWriter &json, const std::vector<KernelArg> &args) {
  auto writeDims = [&](const char *key, const std::vector<int64_t> &dims) {
    json.key(key);
    json.beginArray();
    for (int64_t dim : dims)
      json.value(dim);
    json.endArray();
  };
  json.key("args");
  json.beginArray();
  for (const KernelArg &arg : args) {
    json.beginObject();
    json.key("index");
    json.value(arg.index);
    json.key("name");
    json.value(arg.name);
    json.key("spelling");
    json.value(arg.spelling);
    switch (arg.kind) {
    case KernelArg::Kind::Null:
      json.key("kind");
      json.value("null");
      break;
    case KernelArg::Kind::Scalar:
      json.key("kind");
      json.value("scalar");
      json.key("dtype");
      json.value(dtypeName(arg.dtype));
      json.key("value");
      json.value(formatElement(arg.dtype, arg.value));
      break;
    case KernelArg::Kind::Buffer:
      json.key("kind");
      json.value("buffer");
      json.key("dtype");
      json.value(dtypeName(arg.host.dtype));
      writeDims("shape", arg.host.shape);
      json.key("bytes");
      json.value(static_cast<uint64_t>(arg.host.byteSize()));
      json.key("init");
      json.value(arg.init.describe(arg.host.dtype));
      break;
    case KernelArg::Kind::Descriptor:
      json.key("kind");
      json.value("descriptor");
      json.key("dtype");
      json.value(dtypeName(arg.host.dtype));
      writeDims("shape", arg.host.shape);
      json.key("init");
      json.value(arg.init.describe(arg.host.dtype));
      writeDims("block", arg.block);
      writeDims("box", arg.box);
      json.key("swizzle");
      json.value(static_cast<int64_t>(arg.swizzle));
      json.key("padding");
      json.value(arg.nanPadding ? "nan" : "zero");
      break;
    }
    json.endObject();
  }
  json.endArray();
}

static void writeBench(JsonWriter &json, const BenchResult &bench,
                       const Options &options) {
  json.key("bench");
  json.beginObject();
  json.key("warmup");
  json.value(bench.warmup);
  json.key("reps");
  json.value(bench.reps);
  json.key("min_ms");
  json.value(bench.minMs);
  json.key("median_ms");
  json.value(bench.medianMs);
  json.key("mean_ms");
  json.value(bench.meanMs);
  double seconds = bench.medianMs * 1e-3;
  if (options.bytes) {
    json.key("bytes");
    json.value(*options.bytes);
    json.key("gbps");
    json.value(static_cast<double>(*options.bytes) / seconds / 1e9);
  }
  if (options.flops) {
    json.key("flops");
    json.value(*options.flops);
    json.key("tflops");
    json.value(static_cast<double>(*options.flops) / seconds / 1e12);
  }
  json.key("launch_overhead_us");
  json.value(bench.launchMeanUs);
  json.key("launch_overhead_median_us");
  json.value(bench.launchMedianUs);
  json.key("launches_timed");
  json.value(bench.launches);
  json.endObject();
}

Status writeReport(const std::string &path, const RunReport &report) {
  std::string text;
  JsonWriter json(text);
  json.beginObject();
  json.key("ok");
  json.value(!report.status.failed());
  json.key("exit_code");
  json.value(static_cast<int>(report.status.exitCode()));
  if (report.status.failed()) {
    json.key("error");
    json.value(report.status.message());
  }
  json.key("dry_run");
  json.value(report.options && report.options->dryRun);
  if (report.module) {
    json.key("module");
    json.value(report.module->path);
    json.key("format");
    json.value(moduleFormatName(report.module->format));
  }
  if (report.metadata && !report.metadata->path.empty()) {
    json.key("metadata");
    json.value(report.metadata->path);
  }
  if (const LaunchPlan *plan = report.plan) {
    json.key("kernel");
    json.value(plan->kernel);
    writeDims(json, "grid", plan->grid);
    writeDims(json, "launch_grid", plan->launchGrid);
    writeDims(json, "block", plan->block);
    json.key("num_warps");
    json.value(plan->numWarps);
    json.key("num_ctas");
    json.value(plan->numCtas);
    json.key("shared");
    json.value(plan->shared);
    json.key("scratch_args");
    json.value(plan->scratchArgs);
    json.key("global_scratch_bytes");
    json.value(plan->globalScratchBytes());
    json.key("profile_scratch_bytes");
    json.value(plan->profileScratchBytes());
  }
  if (report.args)
    writeArgs(json, *report.args);
  if (const DeviceInfo *device = report.device) {
    json.key("device");
    json.beginObject();
    json.key("ordinal");
    json.value(device->ordinal);
    json.key("name");
    json.value(device->name);
    json.key("compute_capability");
    json.value(formatString("%d.%d", device->ccMajor, device->ccMinor));
    json.key("multiprocessors");
    json.value(device->multiprocessors);
    json.key("driver_version");
    json.value(device->driverVersion);
    json.endObject();
  }
  if (const FunctionInfo *function = report.function) {
    json.key("function");
    json.beginObject();
    json.key("registers");
    json.value(function->registers);
    json.key("spills");
    json.value(function->localBytes / 4);
    json.key("max_threads");
    json.value(function->maxThreads);
    json.key("static_shared");
    json.value(function->staticShared);
    json.endObject();
  }
  json.key("checks");
  json.beginArray();
  for (const CheckResult &check : report.checks) {
    json.beginObject();
    json.key("buffer");
    json.value(check.buffer);
    json.key("expected");
    json.value(check.expectedPath);
    json.key("passed");
    json.value(check.passed());
    json.key("elements");
    json.value(static_cast<uint64_t>(check.count));
    json.key("mismatches");
    json.value(static_cast<uint64_t>(check.mismatches));
    json.key("max_abs_err");
    json.value(check.maxAbs);
    json.key("max_rel_err");
    json.value(check.maxRel);
    json.endObject();
  }
  json.endArray();
  if (report.bench && report.options)
    writeBench(json, *report.bench, *report.options);
  json.key("saved");
  json.beginObject();
  for (const auto &[name, file] : report.saved) {
    json.key(name);
    json.value(file);
  }
  json.endObject();
  json.endObject();
  return writeFileAtomically(path, {{text.data(), text.size()}});
}

} // namespace triton::runner
