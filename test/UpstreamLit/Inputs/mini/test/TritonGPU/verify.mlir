// RUN: triton-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{not a power of two}}
%0 = tt.make_range {end = 10 : i32, start = 0 : i32} : tensor<10xi32>

// -----

// A diagnostic the chunk does not expect fails it.
%0 = tt.make_range {end = 10 : i32, start = 0 : i32} : tensor<10xi32>
