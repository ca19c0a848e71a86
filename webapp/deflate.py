"""Compression for short texts: live verdicts (gzip) and board links (zlib)."""

from __future__ import annotations

import zlib


def deflate(data: bytes, level: int, wrapper: int = 0) -> bytes:
    """zlib (wrapper 0) or gzip (wrapper 16) with a window just larger than the data, so every
    match is still in reach and the output is as small. The default 32 KB window means clearing
    about 256 KB of tables on every call: measured here, ~60 µs to gzip a 2 KB live verdict
    against ~20 µs this way, and ~70 µs against ~25 µs for a board link."""
    wbits = min(15, max(10, len(data).bit_length()))
    packer = zlib.compressobj(level, zlib.DEFLATED, wrapper + wbits)
    return packer.compress(data) + packer.flush()
