//===- TargetTest.cpp - unit tests of the NVIDIA back-end stages ----------===//
//
// The pieces of make_llir/make_ptx whose cases the lit tests cannot all
// reach: every arch spelling, the PTX version table, the PTX text fix-ups,
// and struct-phi splitting on nested structs and repeated predecessors.
//
//===----------------------------------------------------------------------===//

#include "Target/LLVMIR.h"
#include "Target/NVPTXTarget.h"
#include "Target/PTX.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace mlir::triton::nvidia;

namespace {

int capabilityOf(llvm::StringRef arch) {
  llvm::Expected<int> capability = parseComputeCapability(arch);
  if (!capability) {
    llvm::consumeError(capability.takeError());
    return -1;
  }
  return *capability;
}

TEST(NVPTXTarget, ArchSpellings) {
  EXPECT_EQ(capabilityOf("sm_90"), 90);
  EXPECT_EQ(capabilityOf("sm_90a"), 90);
  EXPECT_EQ(capabilityOf("90"), 90);
  EXPECT_EQ(capabilityOf("sm90"), 90);
  EXPECT_EQ(capabilityOf("cuda:80"), 80);
  EXPECT_EQ(capabilityOf(" sm_100a "), 100);
  EXPECT_EQ(capabilityOf("sm_80a"), -1);
  EXPECT_EQ(capabilityOf("sm_"), -1);
  EXPECT_EQ(capabilityOf("sm_9x"), -1);
  EXPECT_EQ(capabilityOf("-90"), -1);
  EXPECT_EQ(capabilityOf("5"), -1);
  EXPECT_EQ(capabilityOf(""), -1);
}

TEST(NVPTXTarget, ProcessorAndFeatures) {
  EXPECT_EQ(getNVPTXProcessor(80), "sm_80");
  EXPECT_EQ(getNVPTXProcessor(89), "sm_89");
  EXPECT_EQ(getNVPTXProcessor(90), "sm_90a");
  EXPECT_EQ(getNVPTXProcessor(120), "sm_120a");
  EXPECT_EQ(getNVPTXFeatures(90, 83), "+ptx83");
  EXPECT_EQ(getNVPTXFeatures(90, 90), "+ptx86");
  // LLVM targets sm_120a from PTX 8.7 on only.
  EXPECT_EQ(getMinimumPTXVersion(120), 87);
  EXPECT_EQ(getNVPTXFeatures(120, 90), "+ptx87");
  EXPECT_EQ(getMinimumPTXVersion(80), 70);
}

int ptxVersionOf(llvm::StringRef cuda) {
  llvm::Expected<int> version = getPTXVersionFromCUDAVersion(cuda);
  if (!version) {
    llvm::consumeError(version.takeError());
    return -1;
  }
  return *version;
}

TEST(NVPTXTarget, PTXVersionFromCUDA) {
  EXPECT_EQ(ptxVersionOf("10.2"), 65);
  EXPECT_EQ(ptxVersionOf("11.0"), 70);
  EXPECT_EQ(ptxVersionOf("11.8"), 78);
  EXPECT_EQ(ptxVersionOf("12.0"), 80);
  EXPECT_EQ(ptxVersionOf("12.5"), 85);
  EXPECT_EQ(ptxVersionOf("12.6"), 85);
  EXPECT_EQ(ptxVersionOf("12.8"), 87);
  EXPECT_EQ(ptxVersionOf("12.9"), 88);
  EXPECT_EQ(ptxVersionOf("13.0"), 90);
  EXPECT_EQ(ptxVersionOf("13.2"), 92);
  EXPECT_EQ(ptxVersionOf("14.1"), 101);
  EXPECT_EQ(ptxVersionOf("9.2"), -1);
  EXPECT_EQ(ptxVersionOf("13"), -1);
  EXPECT_EQ(ptxVersionOf("x.y"), -1);
}

TEST(PTX, Fixups) {
  EXPECT_EQ(
      fixupPTX(".version 8.6\n.target sm_90a\n.address_size 64\n", 90, 87),
      ".version 8.7\n.target sm_90a\n.address_size 64\n");
  EXPECT_EQ(fixupPTX(".version 7.0\n.target sm_80, debug\n", 80, 78),
            ".version 7.8\n.target sm_80\n");
  EXPECT_EQ(fixupPTX(".target debug, sm_90a", 90, 90), ".target sm_90a");
  EXPECT_EQ(fixupPTX(".target sm_75, texmode_independent", 80, 90),
            ".target sm_80, texmode_independent");
  // Only directives change: names that merely contain the words stay.
  const char *body = "\t// .version 1.0 in a comment\n"
                     "\tcall.uni debug_print, (param0);\n";
  EXPECT_EQ(fixupPTX(body, 90, 90), body);
}

/// Parses a module or fails the test.
std::unique_ptr<llvm::Module> parse(llvm::StringRef text,
                                    llvm::LLVMContext &context) {
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(text, error, context);
  if (!module) {
    std::string message;
    llvm::raw_string_ostream os(message);
    error.print("TargetTest", os);
    ADD_FAILURE() << message;
  }
  return module;
}

bool hasStructPhi(const llvm::Function &function) {
  for (const llvm::BasicBlock &block : function)
    for (const llvm::PHINode &phi : block.phis())
      if (phi.getType()->isStructTy())
        return true;
  return false;
}

TEST(LLVMIR, BreakStructPhiNodes) {
  llvm::LLVMContext context;
  // A nested struct through a loop, and a switch that reaches the exit twice
  // from one block: that block must give one value per field phi.
  std::unique_ptr<llvm::Module> module = parse(R"(
define { i32, { float, float } } @f(i32 %n, { i32, { float, float } } %init) {
entry:
  br label %loop
loop:
  %acc = phi { i32, { float, float } } [ %init, %entry ], [ %next, %loop ]
  %i = extractvalue { i32, { float, float } } %acc, 0
  %i1 = add i32 %i, 1
  %next = insertvalue { i32, { float, float } } %acc, i32 %i1, 0
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %out
out:
  switch i32 %i1, label %exit [ i32 0, label %exit
                                i32 1, label %exit ]
exit:
  %r = phi { i32, { float, float } } [ %next, %out ], [ %next, %out ], [ %next, %out ]
  ret { i32, { float, float } } %r
}
)",
                                               context);
  ASSERT_TRUE(module);
  llvm::Function &function = *module->getFunction("f");
  EXPECT_TRUE(breakStructPhiNodes(function));
  EXPECT_FALSE(hasStructPhi(function));
  std::string broken;
  llvm::raw_string_ostream os(broken);
  EXPECT_FALSE(llvm::verifyModule(*module, &os)) << broken;
  // Nothing left to split.
  EXPECT_FALSE(breakStructPhiNodes(function));
}

TEST(LLVMIR, LibdeviceDeclarations) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> calls = parse(R"(
declare float @__nv_expf(float)
declare float @llvm.fabs.f32(float)
)",
                                              context);
  std::unique_ptr<llvm::Module> defines = parse(R"(
declare float @llvm.fabs.f32(float)
define float @__nv_expf(float %x) {
  ret float %x
}
)",
                                                context);
  ASSERT_TRUE(calls && defines);
  EXPECT_TRUE(hasLibdeviceDeclarations(*calls));
  EXPECT_FALSE(hasLibdeviceDeclarations(*defines));
}

} // namespace
