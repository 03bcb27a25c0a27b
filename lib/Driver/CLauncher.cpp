//===- CLauncher.cpp - AOT C launchers for compiled kernels ---------------===//

#include "Driver/CLauncher.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace mlir;
using namespace mlir::triton::driver;

static bool isCIdentifier(StringRef s) {
  if (s.empty() || !(llvm::isAlpha(s[0]) || s[0] == '_'))
    return false;
  return llvm::all_of(s, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// The C type a launcher passes a parameter of `type` as, or "" if none.
static std::string cTypeOf(Type type) {
  if (isa<triton::PointerType, LLVM::LLVMPointerType>(type))
    return "CUdeviceptr";
  if (auto i = dyn_cast<IntegerType>(type)) {
    switch (i.getWidth()) {
    case 1:
      return "bool";
    case 8:
    case 16:
    case 32:
    case 64:
      return "int" + std::to_string(i.getWidth()) + "_t";
    default:
      return "";
    }
  }
  // 16-bit floats are passed as their bit patterns, as upstream's launcher
  // packs them.
  if (type.isF16() || type.isBF16())
    return "uint16_t";
  if (type.isF32())
    return "float";
  if (type.isF64())
    return "double";
  return "";
}

llvm::Expected<std::vector<KernelParam>>
mlir::triton::driver::getKernelParams(ModuleOp module, std::string &name,
                                      bool descriptorsToPointers) {
  Operation *kernel = nullptr;
  SmallVector<Type> types;
  SmallVector<Location> locs;
  for (auto func : module.getOps<triton::FuncOp>()) {
    if (!func.isPublic())
      continue;
    if (kernel)
      return llvm::createStringError("the module holds more than one kernel");
    kernel = func;
    name = func.getName().str();
    for (BlockArgument arg : func.getArguments()) {
      types.push_back(arg.getType());
      locs.push_back(arg.getLoc());
    }
  }
  if (!kernel)
    return llvm::createStringError(
        "the module holds no kernel (a public tt.func)");
  std::vector<KernelParam> params;
  std::set<std::string> used = {"stream", "gridX", "gridY", "gridZ"};
  auto uniqueName = [&](std::string name, size_t i) {
    if (!isCIdentifier(name) || used.count(name))
      name = "arg" + std::to_string(i);
    while (used.count(name))
      name += "_";
    used.insert(name);
    return name;
  };
  for (auto [i, type] : llvm::enumerate(types)) {
    std::string argName;
    if (auto nameLoc = dyn_cast<NameLoc>(locs[i]))
      argName = nameLoc.getName().str();
    if (isa<triton::TensorDescType>(type) && !descriptorsToPointers) {
      params.push_back({uniqueName(argName, i), "CUtensorMap", unsigned(i)});
      continue;
    }
    if (auto desc = dyn_cast<triton::TensorDescType>(type)) {
      std::string base = uniqueName(argName, i);
      unsigned argIndex = i;
      auto add = [&](const std::string &name, const char *cType) {
        params.push_back({uniqueName(name, i), cType, argIndex});
      };
      params.push_back({base, "CUdeviceptr", argIndex});
      int64_t rank = desc.getBlockType().getRank();
      for (int64_t d = 0; d < rank; ++d)
        add(base + "_shape" + std::to_string(d), "int64_t");
      for (int64_t d = 0; d < rank; ++d)
        add(base + "_stride" + std::to_string(d), "int64_t");
      add(base + "_padding_nan", "bool");
      continue;
    }
    std::string cType = cTypeOf(type);
    if (cType.empty()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "kernel parameter " << i << " has type " << type
         << ", which a C launcher cannot pass";
      return llvm::createStringError(text);
    }
    params.push_back({uniqueName(argName, i), cType, unsigned(i)});
  }
  return params;
}

CLauncher mlir::triton::driver::emitCLauncher(const LauncherSpec &spec) {
  const std::string &k = spec.kernelName;
  std::string guard = "TRITON_LAUNCHER_" + llvm::StringRef(k).upper() + "_H";
  std::string paramList;
  for (const KernelParam &p : spec.params)
    paramList += ", " + p.cType + " " + p.name;

  CLauncher out;
  llvm::raw_string_ostream h(out.header);
  h << "/* Launcher of the Triton kernel " << k
    << ", written by triton-compile. */\n"
    << "#ifndef " << guard << "\n#define " << guard << "\n\n"
    << "#include <cuda.h>\n#include <stdbool.h>\n#include <stdint.h>\n\n"
    << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
    << "/* Loads the kernel into the current context (the primary context of\n"
    << "   device 0 when there is none). Launching loads it too. */\n"
    << "CUresult load_" << k << "(void);\n"
    << "/* Unloads the module loaded by load_" << k << ". */\n"
    << "void unload_" << k << "(void);\n"
    << "/* Launches a grid of gridX x gridY x gridZ programs of "
    << spec.numWarps * spec.threadsPerWarp << " threads\n   (" << spec.numWarps
    << " warps, " << spec.shared << " bytes of shared memory) on `stream`."
    << (spec.globalScratchSize > 0
            ? "\n   Allocates the " + std::to_string(spec.globalScratchSize) +
                  " bytes of global scratch each CTA needs\n   for the "
                  "launch (cuMemAllocAsync) and frees them after it on "
                  "`stream`."
            : std::string())
    << " */\n"
    << "CUresult " << k
    << "(CUstream stream, unsigned int gridX, unsigned int gridY, "
       "unsigned int gridZ"
    << paramList << ");\n\n"
    << "#ifdef __cplusplus\n}\n#endif\n\n#endif /* " << guard << " */\n";

  llvm::raw_string_ostream c(out.source);
  c << "/* Launcher of the Triton kernel " << k
    << ", written by triton-compile. */\n"
    << "#include \"" << k << ".h\"\n\n"
    << "static const unsigned char " << k << "_cubin[" << spec.cubin.size()
    << "] = {";
  for (size_t i = 0; i < spec.cubin.size(); ++i) {
    if (i % 16 == 0)
      c << "\n ";
    c << llvm::format(" 0x%02x,", (unsigned char)spec.cubin[i]);
  }
  c << "\n};\n\n"
    << "static CUmodule " << k << "_module = NULL;\n"
    << "static CUfunction " << k << "_function = NULL;\n\n"
    << "CUresult load_" << k << "(void) {\n"
    << "  if (" << k << "_function)\n    return CUDA_SUCCESS;\n"
    << "  CUresult err;\n  CUcontext ctx = NULL;\n"
    << "  if ((err = cuCtxGetCurrent(&ctx)) != CUDA_SUCCESS)\n    return err;\n"
    << "  if (!ctx) {\n    CUdevice dev;\n"
    << "    if ((err = cuDeviceGet(&dev, 0)) != CUDA_SUCCESS ||\n"
    << "        (err = cuDevicePrimaryCtxRetain(&ctx, dev)) != CUDA_SUCCESS "
       "||\n"
    << "        (err = cuCtxSetCurrent(ctx)) != CUDA_SUCCESS)\n"
    << "      return err;\n  }\n"
    << "  if ((err = cuModuleLoadData(&" << k << "_module, " << k
    << "_cubin)) != CUDA_SUCCESS)\n    return err;\n"
    << "  if ((err = cuModuleGetFunction(&" << k << "_function, " << k
    << "_module, \"" << k << "\")) != CUDA_SUCCESS) {\n"
    << "    cuModuleUnload(" << k << "_module);\n    " << k
    << "_module = NULL;\n    return err;\n  }\n";
  if (spec.shared > 49152) {
    c << "  /* Above 48 KB, dynamic shared memory must be opted in to. */\n"
      << "  CUdevice dev;\n  int optin = 0, staticBytes = 0;\n"
      << "  if ((err = cuCtxGetDevice(&dev)) != CUDA_SUCCESS ||\n"
      << "      (err = cuDeviceGetAttribute(&optin,\n"
      << "           CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, "
         "dev)) != CUDA_SUCCESS ||\n"
      << "      (err = cuFuncGetAttribute(&staticBytes,\n"
      << "           CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, " << k
      << "_function)) != CUDA_SUCCESS ||\n"
      << "      (err = cuFuncSetCacheConfig(" << k
      << "_function, CU_FUNC_CACHE_PREFER_SHARED)) != CUDA_SUCCESS ||\n"
      << "      (err = cuFuncSetAttribute(" << k << "_function,\n"
      << "           CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,\n"
      << "           optin - staticBytes)) != CUDA_SUCCESS) {\n"
      << "    unload_" << k << "();\n    return err;\n  }\n";
  }
  c << "  return CUDA_SUCCESS;\n}\n\n"
    << "void unload_" << k << "(void) {\n"
    << "  if (" << k << "_module)\n    cuModuleUnload(" << k << "_module);\n"
    << "  " << k << "_module = NULL;\n  " << k << "_function = NULL;\n}\n\n"
    << "CUresult " << k
    << "(CUstream stream, unsigned int gridX, unsigned int gridY, "
       "unsigned int gridZ"
    << paramList << ") {\n"
    << "  if (gridX == 0 || gridY == 0 || gridZ == 0)\n"
    << "    return CUDA_SUCCESS;\n"
    << "  CUresult err = load_" << k << "();\n"
    << "  if (err != CUDA_SUCCESS)\n    return err;\n"
    << "  /* The kernel's two trailing pointers: global scratch and profile "
       "scratch (unused). */\n"
    << "  CUdeviceptr global_scratch = 0, profile_scratch = 0;\n";
  // Global scratch (the tensor maps of device-side descriptors): each CTA
  // of each program owns `globalScratchSize` bytes, allocated for the
  // launch in stream order and freed after it. The driver's allocations
  // are 256-byte aligned; a larger alignment takes a rounded-up base.
  bool scratch = spec.globalScratchSize > 0;
  int64_t align = std::max<int64_t>(1, spec.globalScratchAlign);
  bool roundUp = align > 256;
  if (scratch) {
    c << "  /* " << spec.globalScratchSize
      << " bytes of global scratch a CTA, aligned to " << align
      << ", for this launch. */\n"
      << "  size_t scratch_bytes = (size_t)gridX * gridY * gridZ * "
      << spec.numCTAs << " * " << spec.globalScratchSize
      << (roundUp ? " + " + std::to_string(align - 1) : std::string()) << ";\n"
      << "  CUdeviceptr scratch_alloc = 0;\n"
      << "  err = cuMemAllocAsync(&scratch_alloc, scratch_bytes, stream);\n"
      << "  if (err != CUDA_SUCCESS)\n    return err;\n";
    if (roundUp)
      c << "  global_scratch = (scratch_alloc + " << align - 1
        << ") & ~(CUdeviceptr)" << align - 1 << ";\n";
    else
      c << "  global_scratch = scratch_alloc;\n";
  }
  c << "  void *params[] = {";
  for (const KernelParam &p : spec.params)
    c << "&" << p.name << ", ";
  c << "&global_scratch, &profile_scratch};\n";
  int threads = spec.numWarps * spec.threadsPerWarp;
  // The launch's result; with scratch, the scratch is freed after it.
  std::string finish =
      scratch ? "  CUresult freed = cuMemFreeAsync(scratch_alloc, stream);\n"
                "  return launched != CUDA_SUCCESS ? launched : freed;\n}\n"
              : "  return launched;\n}\n";
  if (spec.numCTAs == 1) {
    c << "  CUresult launched = cuLaunchKernel(" << k
      << "_function, gridX, gridY, gridZ, " << threads << ", 1, 1, "
      << spec.shared << ", stream, params, NULL);\n"
      << finish;
  } else {
    c << "  CUlaunchAttribute attrs[3];\n"
      << "  attrs[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;\n"
      << "  attrs[0].value.clusterDim.x = " << spec.numCTAs << ";\n"
      << "  attrs[0].value.clusterDim.y = 1;\n"
      << "  attrs[0].value.clusterDim.z = 1;\n"
      << "  attrs[1].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_"
         "PREFERENCE;\n"
      << "  attrs[1].value.clusterSchedulingPolicyPreference =\n"
      << "      CU_CLUSTER_SCHEDULING_POLICY_SPREAD;\n"
      << "  unsigned int numAttrs = 2;\n";
    if (spec.numCTAs > 8)
      c << "  cuFuncSetAttribute(" << k
        << "_function, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, "
           "1);\n";
    c << "  CUlaunchConfig config = {0};\n"
      << "  config.gridDimX = gridX * " << spec.numCTAs << ";\n"
      << "  config.gridDimY = gridY;\n  config.gridDimZ = gridZ;\n"
      << "  config.blockDimX = " << threads
      << ";\n  config.blockDimY = 1;\n  config.blockDimZ = 1;\n"
      << "  config.sharedMemBytes = " << spec.shared << ";\n"
      << "  config.hStream = stream;\n"
      << "  config.attrs = attrs;\n  config.numAttrs = numAttrs;\n"
      << "  CUresult launched = cuLaunchKernelEx(&config, " << k
      << "_function, params, NULL);\n"
      << finish;
  }
  return out;
}
