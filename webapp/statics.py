"""Static files (htmx, app.js, the stylesheets), served by WhiteNoise in front of Flask.

Each file's gzip variant is written once, beside it, when the app starts (or when the file has
changed since), so a request only sends bytes from disk: nothing is compressed per request. A file
whose name carries a version number (`vendor/htmx-2.0.11.min.js`) never changes, so browsers keep
it for a year; the others are revalidated on every use (their names stay the same when they
change), which costs a 304. WhiteNoise also answers Range, HEAD and conditional requests.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
from pathlib import Path

from flask import Flask
from whitenoise import WhiteNoise
from whitenoise.compress import Compressor

from .security import HEADERS

log = logging.getLogger(__name__)

VERSIONED = re.compile(r"-\d+(?:\.\d+)+(?:\.min)?\.[a-z]+$")


class AtomicCompressor(Compressor):
    """WhiteNoise's compressor, writing each variant under a temporary name first: several
    processes (gunicorn without preload, parallel tests) may start at once, and none may ever see
    half a file."""

    def write_data(self, path, data, suffix, stat_result):
        filename = path + suffix
        fd, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".compressing-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.utime(temporary, (stat_result.st_atime, stat_result.st_mtime))
            os.replace(temporary, filename)
        except BaseException:
            os.unlink(temporary)
            raise
        return filename


def compress_files(root: Path) -> None:
    """Write `<file>.gz` beside every file of `root` that lacks one or has changed since (the
    variant keeps its source's modification time). A folder that can't be written (an install in a
    read-only place) is served uncompressed, with a warning."""
    compressor = AtomicCompressor(use_brotli=False, quiet=True)
    for path in sorted(root.rglob("*")):
        if (not path.is_file() or path.name.startswith(".") or path.suffix in (".gz", ".br")
                or not compressor.should_compress(path.name)):
            continue
        variant = path.with_name(path.name + ".gz")
        if variant.is_file() and variant.stat().st_mtime == path.stat().st_mtime:
            continue
        try:
            compressor.compress(str(path))
        except OSError as error:
            log.warning("static files are served uncompressed: %s", error)
            return


def is_versioned(path: str, url: str) -> bool:
    return bool(VERSIONED.search(url))


def add_security_headers(headers, path: str, url: str) -> None:
    for name, value in HEADERS.items():
        headers[name] = value


# The static folders this process has checked: every app a process builds (a test suite builds
# hundreds) serves the same files, so checking them once is enough.
checked: set[Path] = set()


def init_app(app: Flask) -> None:
    """WhiteNoise in front of the app. Not under the debug server: there a stylesheet edited while
    it runs must show at once, so Flask's own static route serves the files as they are."""
    if app.debug:
        return
    root = Path(app.static_folder)
    if root not in checked:
        compress_files(root)
        checked.add(root)
    app.wsgi_app = WhiteNoise(app.wsgi_app, root=str(root), prefix=app.static_url_path,
                              max_age=0, immutable_file_test=is_versioned,
                              add_headers_function=add_security_headers)
