"""Short texts are compressed with a window sized to them: same bytes back, no bigger."""

from __future__ import annotations

import gzip
import zlib

import pytest

from webapp.deflate import deflate


@pytest.mark.parametrize("size", [0, 1, 500, 1875, 4096, 40_000, 200_000])
def test_gzip_and_zlib_round_trip_and_are_no_bigger_than_the_defaults(size):
    text = (b"<p class=\"note\" id=\"note-a1--b%d\">Lethal 2: toughness 2, nothing marked</p>\n" * 5000)
    data = bytes((b ^ (i % 7)) for i, b in enumerate(text[:size]))
    packed = deflate(data, 6, wrapper=16)
    assert gzip.decompress(packed) == data
    assert len(packed) <= len(gzip.compress(data, 6)) + 2
    linked = deflate(data, 9)
    assert zlib.decompressobj().decompress(linked) == data
    assert len(linked) <= len(zlib.compress(data, 9)) + 2
