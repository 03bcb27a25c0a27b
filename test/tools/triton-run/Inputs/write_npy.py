"""Writes a .npy file from a literal header, without numpy.

Usage: write_npy.py OUT HEADER DATA_BYTES [VERSION]
Writes the magic, the version (default 1), the header length, HEADER plus a
newline, then DATA_BYTES zero bytes: enough to make malformed files (wrong
byte order, Fortran order, bad sizes) for triton-run's error tests.
"""
import struct
import sys

out, header, data_bytes = sys.argv[1], sys.argv[2], int(sys.argv[3])
version = int(sys.argv[4]) if len(sys.argv) > 4 else 1
text = (header + "\n").encode("latin1")
with open(out, "wb") as f:
    f.write(b"\x93NUMPY" + bytes([version, 0]))
    f.write(struct.pack("<H" if version == 1 else "<I", len(text)))
    f.write(text)
    f.write(bytes(data_bytes))
