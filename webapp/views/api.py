"""JSON API for tools: the rules-core contract over HTTP (DESIGN.md). Exempt from CSRF, JSON only."""

from __future__ import annotations

import json

from flask import Blueprint, jsonify, request
from pydantic import BaseModel, ValidationError

from .. import api_schema
from ..content.generate import GenerateError, check_request, generate
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


def _body() -> dict:
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


def _where(loc: tuple) -> str:
    """pydantic's location as the core names a field: attackers[0].power."""
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc).lstrip(".")


def _answer(model: type[BaseModel], core):
    """The core's answer for a body the OpenAPI document's model accepts. A body it refuses the
    core refuses too, in its own words (a BoardError, the one wording of what is wrong); only if
    the model were stricter than the core would pydantic's words reach the tool."""
    data = _body()
    try:
        model.model_validate(data)
    except ValidationError as refused:
        core(data)
        raise _refused(refused) from None
    return jsonify(core(data))


def _refused(refused: ValidationError) -> BadInput:
    first = refused.errors(include_url=False)[0]
    return BadInput(f"{_where(first['loc'])}: {first['msg']}", _where(first["loc"]))


@bp.post("/check")
def api_check():
    return _answer(api_schema.Board, check)


@bp.post("/analyze")
def api_analyze():
    return _answer(api_schema.Board, analyze)


@bp.post("/resolve")
def api_resolve():
    """The combat resolved: an illegal assignment is a 200 with its problems, like /check."""
    return _answer(api_schema.ResolveRequest, resolve_request)


@bp.get("/quiz/generate")
def quiz_generate():
    """Fresh questions; `n` and `seed` have defaults, `tier` is required (GenerateQuery)."""
    fields = api_schema.GenerateQuery.model_fields
    args = {}
    for name, field in fields.items():
        raw = request.args.get(name)
        if raw is None:
            if field.is_required():
                raise BadInput(f"{name}: is required", name)
            args[name] = field.default
        elif not (raw.isascii() and raw.isdigit()) or len(raw) > 10:
            raise BadInput(f"{name}: must be a whole number", name)
        else:
            args[name] = int(raw)
    try:
        api_schema.GenerateQuery.model_validate(args)
    except ValidationError as refused:
        try:
            check_request(**args)
        except GenerateError as err:  # the generator's words for a number out of range
            raise BadInput(str(err), err.field) from None
        raise _refused(refused) from None
    return jsonify({"questions": generate(**args)})


@bp.get("/openapi.json")
def openapi():
    return jsonify(document())
