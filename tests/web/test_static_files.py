"""Static files: served by WhiteNoise (webapp/statics.py), gzipped once at start-up, cached by
version, with the same security headers as pages."""

from __future__ import annotations

import gzip
import os
import zlib

import pytest

from webapp import paths
from webapp.statics import compress_files, is_versioned

HTMX = "/static/vendor/htmx-2.0.11.min.js"
GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def test_a_static_file_is_gzipped_for_a_client_that_accepts_it(client):
    response = client.get(HTMX, headers=GZIP)
    assert response.status_code == 200 and response.headers["Content-Encoding"] == "gzip"
    htmx = (paths.STATIC / "vendor/htmx-2.0.11.min.js").read_bytes()
    assert gzip.decompress(response.data) == htmx
    assert "Accept-Encoding" in response.headers["Vary"]
    assert response.mimetype == "text/javascript"


def test_a_client_that_does_not_accept_gzip_gets_the_file_as_it_is(client):
    response = client.get("/static/css/app.css")
    assert "Content-Encoding" not in response.headers
    assert response.data == (paths.STATIC / "css/app.css").read_bytes()


def test_nothing_is_compressed_per_request(client, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("compressed during a request")

    monkeypatch.setattr(gzip, "compress", refuse)
    monkeypatch.setattr(gzip, "GzipFile", refuse)
    monkeypatch.setattr(zlib, "compressobj", refuse)
    for path in (HTMX, "/static/css/app.css", "/static/js/app.js"):
        assert client.get(path, headers=GZIP).headers["Content-Encoding"] == "gzip", path


def test_a_file_with_a_version_in_its_name_is_kept_a_year_the_others_are_revalidated(client):
    kept = client.get(HTMX).headers["Cache-Control"]
    assert "immutable" in kept and int(kept.split("max-age=")[1].split(",")[0]) >= 31536000
    css = client.get("/static/css/app.css", headers=GZIP)
    assert css.headers["Cache-Control"] == "max-age=0, public"
    again = client.get("/static/css/app.css",
                       headers={**GZIP, "If-None-Match": css.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


@pytest.mark.parametrize("url, versioned", [
    ("/static/vendor/htmx-2.0.11.min.js", True), ("/static/vendor/thing-3.1.css", True),
    ("/static/js/app.js", False), ("/static/css/app.css", False), ("/static/favicon.svg", False),
    ("/static/js/v2.js", False),
])
def test_only_a_name_with_a_version_number_counts_as_versioned(url, versioned):
    assert is_versioned("", url) is versioned


def test_static_files_carry_the_security_headers(client):
    for path in (HTMX, "/static/css/app.css", "/static/favicon.svg"):
        headers = client.get(path, headers=GZIP).headers
        assert headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"


def test_a_static_request_with_a_bad_host_is_refused_before_it_is_served(client):
    response = client.get(HTMX, headers={"Host": "evil\\example"})
    assert response.status_code == 400 and b"htmx" not in response.data


def test_a_missing_static_file_is_the_404_page(client):
    response = client.get("/static/js/nope.js")
    assert response.status_code == 404 and b"<!doctype html>" in response.data


def test_a_changed_file_gets_a_fresh_variant_and_an_unchanged_one_is_not_rewritten(tmp_path):
    source = tmp_path / "js" / "a.js"
    source.parent.mkdir()
    source.write_text("let x = 1;\n" * 200)
    compress_files(tmp_path)
    variant = tmp_path / "js" / "a.js.gz"
    assert gzip.decompress(variant.read_bytes()) == source.read_bytes()
    written = variant.stat().st_ino
    compress_files(tmp_path)
    assert variant.stat().st_ino == written  # up to date: left alone
    source.write_text("let y = 2;\n" * 200)
    os.utime(source, (1, 1))
    compress_files(tmp_path)
    assert gzip.decompress(variant.read_bytes()) == source.read_bytes()
    # no temporaries left behind
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["a.js", "a.js.gz", "js"]


def test_a_folder_that_cannot_be_written_is_served_uncompressed_with_a_warning(
        tmp_path, monkeypatch, caplog):
    (tmp_path / "a.css").write_text("body { color: red; }\n" * 100)

    def read_only(*args, **kwargs):
        raise PermissionError("read-only file system")

    monkeypatch.setattr("tempfile.mkstemp", read_only)
    compress_files(tmp_path)
    assert not (tmp_path / "a.css.gz").exists()
    assert "uncompressed" in caplog.text


def test_the_debug_server_serves_static_files_through_flask(tmp_path):
    """An edited stylesheet shows at once under `flask run --debug` (WhiteNoise reads a file's
    size once, at start-up)."""
    from tests.conftest import isolated_app

    debug = isolated_app(tmp_path / "debug", DEBUG=True).test_client()
    response = debug.get("/static/css/app.css", headers=GZIP)
    assert response.status_code == 200 and "public" not in response.headers["Cache-Control"]
    assert response.headers["Content-Security-Policy"].startswith("default-src 'self'")
