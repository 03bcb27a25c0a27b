//===- triton-tensor-layout.cpp - print where a layout puts each element --===//
//
// Prints, for a tensor type and a ttg encoding, which thread and register
// (distributed encodings) or which shared-memory offset (shared encodings)
// holds every element, computed from the encoding's linear layout. The
// `--use-hw-view` mode prints the other direction: what each thread holds.
//
//   triton-tensor-layout -l '#ttg.blocked<{...}>' -t 'tensor<16x16xf16>'
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "InitAll.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;

static llvm::cl::opt<std::string>
    layoutOpt("l",
              llvm::cl::desc("the layout attribute, e.g. '#ttg.blocked<...>'"
                             " (default: the tensor type's encoding)"),
              llvm::cl::value_desc("attribute"), llvm::cl::init(""));
static llvm::cl::opt<std::string>
    tensorOpt("t", llvm::cl::desc("the tensor type, e.g. 'tensor<16x16xf16>'"),
              llvm::cl::value_desc("type"), llvm::cl::Required);
static llvm::cl::opt<bool>
    hwViewOpt("use-hw-view",
              llvm::cl::desc("print what each thread (or offset) holds "
                             "instead of who holds each element"),
              llvm::cl::init(false));
static llvm::cl::opt<std::string>
    outputOpt("o", llvm::cl::desc("output file (default: stdout)"),
              llvm::cl::value_desc("filename"), llvm::cl::init("-"));

namespace {
/// One hardware location: a thread (warp * threadsPerWarp + lane) with a
/// register, in a block; or a shared-memory offset in a block.
struct Holder {
  int32_t block = 0, thread = 0, index = 0;
};

std::string format(const Holder &holder, bool shared, bool withBlock) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (withBlock)
    os << "B" << holder.block << ":";
  if (shared)
    os << "O" << holder.index;
  else
    os << "T" << holder.thread << ":" << holder.index;
  return s;
}

/// Prints `cells` (one string per element, row-major) as nested brackets.
void printNested(raw_ostream &os, ArrayRef<int64_t> shape,
                 ArrayRef<std::string> cells) {
  if (shape.empty()) {
    os << cells.front() << "\n";
    return;
  }
  int64_t rowLength = shape.back();
  for (size_t i = 0; i < cells.size(); i += rowLength) {
    // Open a bracket for every dimension whose index just wrapped to 0.
    int64_t stride = 1, opened = 0;
    for (int64_t dim = shape.size() - 1; dim >= 0; --dim) {
      stride *= shape[dim];
      if (i % stride == 0)
        ++opened;
      else
        break;
    }
    os << std::string(shape.size() - opened, ' ') << std::string(opened, '[');
    for (int64_t j = 0; j < rowLength; ++j) {
      if (j)
        os << ", ";
      os << cells[i + j];
    }
    int64_t closed = 0;
    stride = 1;
    for (int64_t dim = shape.size() - 1; dim >= 0; --dim) {
      stride *= shape[dim];
      if ((i + rowLength) % stride == 0)
        ++closed;
      else
        break;
    }
    os << std::string(closed, ']') << "\n";
  }
}

std::string indexString(ArrayRef<int64_t> index) {
  std::string s = "(";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(index, os);
  os << ")";
  return s;
}
} // namespace

static int run(raw_ostream &os, MLIRContext &ctx) {
  auto tensorType =
      dyn_cast_or_null<RankedTensorType>(parseType(tensorOpt, &ctx));
  if (!tensorType) {
    llvm::errs() << "error: -t must be a ranked tensor type, got '" << tensorOpt
                 << "'\n";
    return 1;
  }
  Attribute layout = tensorType.getEncoding();
  if (!layoutOpt.empty()) {
    layout = parseAttribute(layoutOpt, &ctx);
    if (!layout) {
      llvm::errs() << "error: cannot parse the layout '" << layoutOpt << "'\n";
      return 1;
    }
  }
  if (!layout) {
    llvm::errs() << "error: no layout: give -l or a tensor type with an "
                    "encoding\n";
    return 1;
  }
  ArrayRef<int64_t> shape = tensorType.getShape();
  std::optional<LinearLayout> ll = triton::gpu::toLinearLayout(shape, layout);
  if (!ll) {
    llvm::errs() << "error: cannot lay out " << tensorType << " with " << layout
                 << "\n";
    return 1;
  }
  bool shared = triton::gpu::isSharedEncoding(layout);
  auto dim = [&](StringRef inDim) { return StringAttr::get(&ctx, inDim); };
  auto size = [&](StringRef inDim) {
    return ll->hasInDim(dim(inDim)) ? ll->getInDimSize(dim(inDim)) : 1;
  };
  int32_t numBlocks = size("block");
  int32_t lanes = size("lane");
  SmallVector<StringRef> inner =
      shared ? SmallVector<StringRef>{"offset"}
             : SmallVector<StringRef>{"register", "lane", "warp"};

  // Who holds each element, in hardware order.
  int64_t numElements = tensorType.getNumElements();
  std::vector<std::vector<Holder>> holders(numElements);
  std::map<std::pair<int32_t, int32_t>, std::vector<int64_t>> held;
  SmallVector<int32_t> sizes;
  for (StringRef name : inner)
    sizes.push_back(size(name));
  int64_t innerTotal = 1;
  for (int32_t s : sizes)
    innerTotal *= s;
  for (int32_t block = 0; block < numBlocks; ++block)
    for (int64_t flat = 0; flat < innerTotal; ++flat) {
      SmallVector<std::pair<StringAttr, int32_t>> ins;
      int64_t rest = flat;
      SmallVector<int32_t> values;
      for (auto [name, s] : llvm::zip(inner, sizes)) {
        values.push_back(rest % s);
        if (ll->hasInDim(dim(name)))
          ins.push_back({dim(name), static_cast<int32_t>(rest % s)});
        rest /= s;
      }
      if (ll->hasInDim(dim("block")))
        ins.push_back({dim("block"), block});
      SmallVector<std::pair<StringAttr, int32_t>> outs = ll->apply(ins);
      int64_t linear = 0;
      for (auto [d, outValue] : llvm::enumerate(outs))
        linear = linear * shape[d] + outValue.second;
      Holder holder;
      holder.block = block;
      holder.index = values[0];
      if (!shared)
        holder.thread = values[2] * lanes + values[1];
      holders[linear].push_back(holder);
      held[{block, shared ? holder.index : holder.thread}].push_back(linear);
    }

  if (!hwViewOpt) {
    SmallVector<std::string> cells;
    for (const std::vector<Holder> &list : holders) {
      std::string cell;
      for (auto [i, holder] : llvm::enumerate(list))
        cell += (i ? "|" : "") + format(holder, shared, numBlocks > 1);
      cells.push_back(cell.empty() ? "-" : cell);
    }
    printNested(os, shape, cells);
    return 0;
  }
  // Hardware view: per thread (in register order) or per offset.
  for (const auto &[key, elements] : held) {
    if (numBlocks > 1)
      os << "B" << key.first << ":";
    os << (shared ? "O" : "T") << key.second << ":";
    for (int64_t element : elements) {
      SmallVector<int64_t> index(shape.size());
      int64_t rest = element;
      for (int64_t d = shape.size() - 1; d >= 0; --d) {
        index[d] = rest % shape[d];
        rest /= shape[d];
      }
      os << " " << indexString(index);
    }
    os << "\n";
  }
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "Prints which thread and register (or shared-memory offset) holds "
      "each element of a tensor with a ttg layout\n");
  DialectRegistry registry;
  registerTritonDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();

  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputOpt, &error);
  if (!output) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  int status = run(output->os(), ctx);
  if (status == 0)
    output->keep();
  return status;
}
