"""Runs a command, prints its stdout and stderr merged, then "exit code: N".

lit's `not` only tells zero from non-zero; triton-run's exit codes (0 ok,
1 mismatch, 2 bad input, 3 driver or device) are part of its interface, so
the tests check them exactly through this wrapper. Always exits 0.
"""
import subprocess
import sys

result = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT)
sys.stdout.buffer.write(result.stdout)
print(f"exit code: {result.returncode}")
