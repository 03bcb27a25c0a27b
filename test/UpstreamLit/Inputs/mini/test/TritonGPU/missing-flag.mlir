// RUN: triton-opt %s -no-such-pass-of-ours | FileCheck %s
// CHECK: module
module {
}
