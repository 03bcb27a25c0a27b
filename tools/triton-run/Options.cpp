//===- Options.cpp - triton-run's command line ---------------------------===//

#include "Options.h"

#include <cctype>
#include <cmath>

namespace triton::runner {

const char *helpText() {
  return R"(OVERVIEW: triton-run - launch a GPU kernel from the command line

Runs a kernel compiled by our toolchain or by upstream Triton (same kernel ABI)
or a plain CUDA kernel, with buffers and scalars given on the command line;
prints, saves, checks and times the results.

USAGE: triton-run [options] MODULE [ARG...]

MODULE is a .cubin, a .ptx (compiled by the driver) or a .fatbin; its format
is read from its contents. Each ARG is one kernel argument, in order:

  [NAME=]TYPE:VALUE        scalar         i32:1024 f32:0.125 i1:true u64:0xff
  [NAME=]VALUE             scalar typed by the signature (--signature)
  [NAME=]TYPE:SHAPE:INIT   buffer         x=f32:4096x1024:normal,seed=1
  [NAME=]@FILE.npy         buffer with the dtype and shape of the file
  [NAME=]null              null pointer

  TYPE   i1 i8 i16 i32 i64 u8 u16 u32 u64 f16 bf16 f32 f64 (or fp16 fp32 fp64)
  SHAPE  sizes joined by 'x': 1048576, 64x128, 4x32x1024x64 (row-major)
  INIT   zeros | ones | fill=V | iota[,start=V][,step=V]
         | uniform[,lo=V][,hi=V][,seed=N]  (default [0,1); integers [0,100))
         | normal[,mean=V][,std=V][,seed=N]   (float dtypes)
         | @FILE  a .npy of that dtype and shape, or raw little-endian data

Buffers are named NAME, or argN (N counted from 0) when unnamed. Random data
comes from a fixed splitmix64 stream: a seed (default 0) gives the same values
everywhere. Triton kernels take two more pointers after their arguments,
global_scratch and profile_scratch; triton-run appends them.

KERNEL AND LAUNCH:
  -k, --kernel NAME        kernel to run (default: the metadata's name, or the
                           module's only kernel)
  -m, --metadata FILE      metadata JSON: ours, upstream Triton's cache JSON
                           (metadata_raw.json) or a corpus metadata.json
  -s, --signature SPEC     argument types to check the arguments against: a
                           signature.json, or a list like '*fp32,*fp32,i32'
  -g, --grid X[,Y[,Z]]     programs in the grid (default: a signature.json's
                           launch grid)
  -b, --block X[,Y[,Z]]    threads per block (default: 32 x num_warps)
      --num-warps N        warps per program (default: metadata, else 4)
      --num-ctas N         CTAs per cluster along X (default: metadata, else 1)
      --shared BYTES       dynamic shared memory (default: metadata, else 0)
      --global-scratch-size BYTES
                           global scratch per program (default: metadata)
      --profile-scratch-size BYTES
                           profile scratch per program (default: metadata)
      --no-scratch-args    pass no scratch pointers (plain CUDA kernels)
      --device N           CUDA device ordinal (default 0)

OUTPUTS (NAME is a buffer's name):
  -p, --print NAME         print the buffer after the run, numpy-like
      --save NAME=FILE     write the buffer after the run to a .npy or .bin
      --check NAME=FILE    compare the buffer with an expected .npy: prints the
                           max absolute and relative error and the first
                           mismatches; exit code 1 on mismatch. NaN matches
                           only NaN, an infinity only the same infinity
      --atol X             |actual - expected| <= atol + rtol * |expected|
      --rtol X             (defaults 1e-8 and 1e-5, as numpy.allclose)
      --json FILE          write a report of the run as JSON

TIMING:
      --bench              time the kernel like triton.testing.do_bench: CUDA
                           events, a 256 MB L2 flush before each repetition;
                           prints min, median and mean, and the host time of
                           one launch call
      --warmup-ms MS       warm-up budget (default 25)
      --rep-ms MS          repetition budget (default 100)
      --warmup N, --reps N fixed counts instead of budgets
      --bytes N            bytes moved by one run: prints GB/s
      --flops N            operations of one run: prints TFLOP/s

OTHER:
  -n, --dry-run            do everything but the launch, without a GPU: read
                           the module and metadata, check and build the
                           arguments on the host, print the plan; --print,
                           --save and --check then act on the host buffers
  -h, --help               print this help
      --version            print the version

EXIT CODES: 0 success; 1 --check found a mismatch; 2 bad command line, file,
metadata or argument (nothing launched); 3 no driver, no device, or a CUDA
error (a fault in the kernel included).

ENVIRONMENT: TRITON_RUN_LIBCUDA names the driver library (default
libcuda.so.1).

EXAMPLES:
  # Upstream Triton's vector_add, checked against a numpy reference.
  triton-run vector_add_kernel.cubin -m metadata_raw.json -s signature.json \
      -g 1024 @x.npy @y.npy out=f32:1048576:zeros 1048576 --check out=ref.npy

  # The same kernel on generated data, timed.
  triton-run vector_add_kernel.cubin -m metadata_raw.json -g 262144 \
      f32:268435456:uniform f32:268435456:uniform out=f32:268435456:zeros \
      i32:268435456 --bench --bytes 3221225472

  # A plain CUDA kernel, result printed.
  triton-run saxpy.cubin --no-scratch-args -g 4 -b 256 f32:2 x=f32:1024:iota \
      y=f32:1024:ones i32:1024 --print y
)";
}

/// Options that take a value.
enum class Flag {
  Kernel,
  Metadata,
  Signature,
  Grid,
  Block,
  NumWarps,
  NumCtas,
  Shared,
  GlobalScratch,
  ProfileScratch,
  Device,
  Print,
  Save,
  Check,
  Atol,
  Rtol,
  WarmupMs,
  RepMs,
  Warmup,
  Reps,
  Bytes,
  Flops,
  Json,
};

namespace {
struct ValueFlag {
  const char *longName;
  const char *shortName;
  Flag flag;
};
} // namespace

static const ValueFlag valueFlags[] = {
    {"--kernel", "-k", Flag::Kernel},
    {"--metadata", "-m", Flag::Metadata},
    {"--signature", "-s", Flag::Signature},
    {"--grid", "-g", Flag::Grid},
    {"--block", "-b", Flag::Block},
    {"--num-warps", nullptr, Flag::NumWarps},
    {"--num-ctas", nullptr, Flag::NumCtas},
    {"--shared", nullptr, Flag::Shared},
    {"--global-scratch-size", nullptr, Flag::GlobalScratch},
    {"--profile-scratch-size", nullptr, Flag::ProfileScratch},
    {"--device", nullptr, Flag::Device},
    {"--print", "-p", Flag::Print},
    {"--save", nullptr, Flag::Save},
    {"--check", nullptr, Flag::Check},
    {"--atol", nullptr, Flag::Atol},
    {"--rtol", nullptr, Flag::Rtol},
    {"--warmup-ms", nullptr, Flag::WarmupMs},
    {"--rep-ms", nullptr, Flag::RepMs},
    {"--warmup", nullptr, Flag::Warmup},
    {"--reps", nullptr, Flag::Reps},
    {"--bytes", nullptr, Flag::Bytes},
    {"--flops", nullptr, Flag::Flops},
    {"--json", nullptr, Flag::Json},
};

/// Parses "X[,Y[,Z]]" (or X x Y x Z) for --grid and --block.
static Status parseDims(const std::string &option, std::string_view text,
                        bool allowZero, std::vector<int64_t> &dims) {
  char sep = text.find(',') != std::string_view::npos ? ',' : 'x';
  dims.clear();
  for (std::string_view piece : split(text, sep)) {
    int64_t value;
    if (!parseInt64(piece, value) || value < (allowZero ? 0 : 1) ||
        value > INT32_MAX)
      return Status::badInput(option + ": expected 1 to 3 " +
                              (allowZero ? "non-negative" : "positive") +
                              " integers joined by ',' (e.g. 8,128), got '" +
                              std::string(text) + "'");
    dims.push_back(value);
  }
  if (dims.size() > 3)
    return Status::badInput(option + ": at most 3 dimensions, got '" +
                            std::string(text) + "'");
  return Status();
}

static Status parseCountOption(const std::string &option, std::string_view text,
                               int64_t minimum, int64_t &value) {
  if (!parseInt64(text, value) || value < minimum)
    return Status::badInput(formatString(
        "%s: expected an integer >= %lld, got '%s'", option.c_str(),
        static_cast<long long>(minimum), std::string(text).c_str()));
  return Status();
}

/// Parses NAME=FILE of --save and --check.
static Status
parseNameFile(const std::string &option, std::string_view text,
              std::vector<std::pair<std::string, std::string>> &out) {
  size_t equals = text.find('=');
  if (equals == 0 || equals == std::string_view::npos ||
      equals + 1 == text.size())
    return Status::badInput(option + ": expected NAME=FILE, got '" +
                            std::string(text) + "'");
  out.emplace_back(std::string(text.substr(0, equals)),
                   std::string(text.substr(equals + 1)));
  return Status();
}

static Status applyFlag(Flag flag, const std::string &option,
                        std::string_view value, Options &options) {
  int64_t count;
  double number;
  uint64_t amount;
  switch (flag) {
  case Flag::Kernel:
    options.kernel = std::string(value);
    return Status();
  case Flag::Metadata:
    options.metadataPath = std::string(value);
    return Status();
  case Flag::Signature:
    options.signatureSpec = std::string(value);
    return Status();
  case Flag::Grid:
    return parseDims(option, value, /*allowZero=*/true, options.grid);
  case Flag::Block:
    return parseDims(option, value, /*allowZero=*/false, options.block);
  case Flag::NumWarps:
  case Flag::NumCtas:
  case Flag::Shared:
  case Flag::GlobalScratch:
  case Flag::ProfileScratch:
  case Flag::Device: {
    int64_t minimum = flag == Flag::NumWarps || flag == Flag::NumCtas ? 1 : 0;
    if (Status status = parseCountOption(option, value, minimum, count);
        status.failed())
      return status;
    if (flag == Flag::NumWarps)
      options.numWarps = count;
    else if (flag == Flag::NumCtas)
      options.numCtas = count;
    else if (flag == Flag::Shared)
      options.shared = count;
    else if (flag == Flag::GlobalScratch)
      options.globalScratchSize = count;
    else if (flag == Flag::ProfileScratch)
      options.profileScratchSize = count;
    else if (count > INT32_MAX)
      return Status::badInput(option + ": device ordinal out of range");
    else
      options.device = static_cast<int>(count);
    return Status();
  }
  case Flag::Print:
    options.prints.emplace_back(value);
    return Status();
  case Flag::Save:
    return parseNameFile(option, value, options.saves);
  case Flag::Check:
    return parseNameFile(option, value, options.checks);
  case Flag::Atol:
  case Flag::Rtol:
  case Flag::WarmupMs:
  case Flag::RepMs:
    if (!parseDouble(value, number) || !std::isfinite(number) || number < 0)
      return Status::badInput(option +
                              ": expected a non-negative number, got '" +
                              std::string(value) + "'");
    if (flag == Flag::Atol)
      options.atol = number;
    else if (flag == Flag::Rtol)
      options.rtol = number;
    else if (flag == Flag::WarmupMs)
      options.warmupMs = number;
    else
      options.repMs = number;
    return Status();
  case Flag::Warmup:
  case Flag::Reps:
  case Flag::Bytes:
  case Flag::Flops:
    if (!parseCount(value, amount) || (amount == 0 && flag != Flag::Warmup))
      return Status::badInput(option + ": expected a positive integer, got '" +
                              std::string(value) + "'");
    if (flag == Flag::Warmup)
      options.warmupCount = amount;
    else if (flag == Flag::Reps)
      options.repCount = amount;
    else if (flag == Flag::Bytes)
      options.bytes = amount;
    else
      options.flops = amount;
    return Status();
  case Flag::Json:
    options.jsonPath = std::string(value);
    return Status();
  }
  return Status();
}

/// Whether `text` is a negative number, which is a positional argument.
static bool isNegativeNumber(std::string_view text) {
  return text.size() > 1 && text[0] == '-' &&
         (std::isdigit(static_cast<unsigned char>(text[1])) || text[1] == '.');
}

Status parseOptions(int argc, char **argv, Options &options) {
  std::vector<std::string> positional;
  bool optionsEnded = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view text = argv[i];
    if (optionsEnded || text.empty() || text[0] != '-' || text == "-" ||
        isNegativeNumber(text)) {
      positional.emplace_back(text);
      continue;
    }
    if (text == "--") {
      optionsEnded = true;
      continue;
    }
    if (text == "-h" || text == "--help") {
      options.help = true;
      continue;
    }
    if (text == "--version") {
      options.version = true;
      continue;
    }
    if (text == "-n" || text == "--dry-run") {
      options.dryRun = true;
      continue;
    }
    if (text == "--bench") {
      options.bench = true;
      continue;
    }
    if (text == "--no-scratch-args") {
      options.scratchArgs = false;
      continue;
    }
    size_t equals = text.find('=');
    std::string name(text.substr(0, equals));
    const ValueFlag *match = nullptr;
    for (const ValueFlag &candidate : valueFlags)
      if (name == candidate.longName ||
          (candidate.shortName && name == candidate.shortName))
        match = &candidate;
    if (!match)
      return Status::badInput("unknown option '" + std::string(text) +
                              "' (see --help)");
    std::string_view value;
    if (equals != std::string_view::npos) {
      value = text.substr(equals + 1);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      return Status::badInput(std::string("option '") + match->longName +
                              "' needs a value");
    }
    if (Status status = applyFlag(match->flag, match->longName, value, options);
        status.failed())
      return status;
  }
  if (options.help || options.version)
    return Status();
  if (positional.empty())
    return Status::badInput("no module given (see --help)");
  options.modulePath = positional[0];
  options.argTexts.assign(positional.begin() + 1, positional.end());
  return Status();
}

} // namespace triton::runner
