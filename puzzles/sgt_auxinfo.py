"""Tatham's own solution of a generated puzzle, for checking a pzc solution against it.

`sgt-GAME --generate 1 PARAMS#SEED --save PREFIX` writes a save file whose AUXINFO line
is the generator's solution, obfuscated by midend.c (obfuscate_bitmap in misc.c: each half
of the bytes is XORed with a SHA-1 stream keyed by the other half) and written in hex.
Slant's is one '\\' or '/' per square, row by row; Rectangles' is 'S', then a '0'/'1' per
vertical edge inside the grid (row by row, the W-1 edges of each row), then per
horizontal edge inside it (the W edges below each of rows 1..H-1).
"""
import hashlib
import os
import subprocess
import tempfile


def deobfuscate(hexs):
    b = bytearray(bytes.fromhex(hexs))
    first = len(b) // 2
    second = len(b) - first
    # decoding undoes the encoder's two steps in reverse order
    for seed_at, seed_len, target_at, target_len in ((0, first, first, second), (first, second, 0, first)):
        seed = bytes(b[seed_at:seed_at + seed_len])
        digest, pos, counter = b"", 20, 0
        for j in range(target_len):
            if pos >= 20:
                digest = hashlib.sha1(seed + str(counter).encode()).digest()
                counter += 1
                pos = 0
            b[target_at + j] ^= digest[pos]
            pos += 1
    return b.decode("latin-1")


def generate(program, spec):
    """(description, Tatham's solution) of `program --generate 1 spec`: the description is
    the game ID's part after the ':'."""
    with tempfile.TemporaryDirectory() as d:
        prefix = os.path.join(d, "s")
        subprocess.run([program, "--generate", "1", spec, "--save", prefix],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        fields = {}
        with open(prefix + "0") as f:
            for line in f:
                key, _, value = line.partition(":")
                fields[key.strip()] = value.partition(":")[2].strip()
    return fields["DESC"], deobfuscate(fields["AUXINFO"])
