"""JSON API for tools: the rules-core contract over HTTP (DESIGN.md). Exempt from CSRF, JSON only."""

from __future__ import annotations

import json

from flask import Blueprint, jsonify, request

from ..content.generate import GenerateError, generate
from ..openapi import document
from ..rules import BoardError, analyze, check
from ..rules.resolve import resolve_request

bp = Blueprint("api", __name__, url_prefix="/api")


class BadInput(Exception):
    def __init__(self, message: str, field: str | None = None, status: int = 400):
        super().__init__(message)
        self.field, self.status = field, status


@bp.errorhandler(BadInput)
def bad_input(err: BadInput):
    body = {"error": str(err)}
    if err.field:
        body["field"] = err.field
    return jsonify(body), err.status


@bp.errorhandler(BoardError)
def board_error(err: BoardError):
    return jsonify({"error": str(err), "field": getattr(err, "field", None)}), 400


def _board() -> dict:
    """The request body as a JSON object, or a 4xx that says what is wrong with it."""
    if not request.is_json:
        raise BadInput("body: send the board as application/json", "body", status=415)
    try:
        data = json.loads(request.get_data())
    except (ValueError, RecursionError) as err:  # broken, non-UTF-8 or absurdly nested JSON
        raise BadInput(f"body: not valid JSON ({type(err).__name__})", "body") from None
    if not isinstance(data, dict):
        raise BadInput("body: must be a JSON object describing the board", "body")
    return data


@bp.post("/check")
def api_check():
    return jsonify(check(_board()))


@bp.post("/analyze")
def api_analyze():
    return jsonify(analyze(_board()))


@bp.post("/resolve")
def api_resolve():
    """The combat resolved: an illegal assignment is a 200 with its problems, like /check."""
    return jsonify(resolve_request(_board()))


@bp.get("/quiz/generate")
def quiz_generate():
    """Fresh questions; `n` and `seed` have defaults, `tier` is required."""
    args = {}
    for name, default in (("tier", None), ("n", "10"), ("seed", "0")):
        raw = request.args.get(name, default)
        if raw is None:
            raise BadInput(f"{name}: is required", name)
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 10:
            raise BadInput(f"{name}: must be a whole number", name)
        args[name] = int(raw)
    try:
        return jsonify({"questions": generate(args["tier"], args["n"], args["seed"])})
    except GenerateError as err:
        raise BadInput(str(err), err.field) from None


@bp.get("/openapi.json")
def openapi():
    return jsonify(document())
