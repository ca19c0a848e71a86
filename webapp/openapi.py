"""The OpenAPI 3.1 description of the JSON API, generated from the models the API validates its
requests with (webapp.api_schema); only the operations (paths, statuses) are written here."""

from __future__ import annotations

from functools import cache

from pydantic.json_schema import models_json_schema

from . import api_schema as s
from .config import Defaults

_REF = "#/components/schemas/{model}"
# Every model the document names; the ones only nested in them come along.
_MODELS = (s.Board, s.ResolveRequest, s.CheckResult, s.AnalyzeResult, s.ResolveResult,
           s.Questions, s.Error)


def _json(name: str) -> dict:
    return {"application/json": {"schema": {"$ref": _REF.format(model=name)}}}


def _operation(summary: str, result: str, body: str = "Board") -> dict:
    return {
        "summary": summary,
        "requestBody": {"required": True, "content": _json(body)},
        "responses": {
            "200": {"description": "OK", "content": _json(result)},
            "400": {"description": "Bad board or bad JSON; the error names the field",
                    "content": _json("Error")},
            "413": {"description": f"Body larger than {Defaults.MAX_CONTENT_LENGTH // 1024} KB",
                    "content": _json("Error")},
            "415": {"description": "Body is not application/json", "content": _json("Error")},
        },
    }


def _query_parameters(model: type[s.Request]) -> list[dict]:
    schema = model.model_json_schema(ref_template=_REF)
    return [{"name": name, "in": "query", "required": name in schema.get("required", ()),
             "description": prop.pop("description", ""), "schema": prop}
            for name, prop in schema["properties"].items()]


def _generate_operation() -> dict:
    return {
        "summary": "Fresh quiz questions for a tier, keyed by the rules core; same seed, same "
                   "questions.",
        "parameters": _query_parameters(s.GenerateQuery),
        "responses": {
            "200": {"description": "OK", "content": _json("Questions")},
            "400": {"description": "A parameter out of range; the error names it",
                    "content": _json("Error")},
        },
    }


@cache
def document() -> dict:
    _, schemas = models_json_schema([(m, "validation") for m in _MODELS], ref_template=_REF)
    return {
        "openapi": "3.1.0",
        "info": {"title": "Trample Trainer rules API", "version": "1.1.0",
                 "description": "Check, analyze and resolve combat damage assignment (CR 510, "
                                "702.19, 704.5)."},
        "paths": {
            "/api/check": {"post": _operation(
                "Is this damage assignment legal? Every problem with its rule.", "CheckResult")},
            "/api/analyze": {"post": _operation(
                "Lethal damage, every recipient's least/most, legal ways, a best split.",
                "AnalyzeResult")},
            "/api/resolve": {"post": _operation(
                "Combat resolved: damage dealt, deaths, life, poison, loyalty and defense; both "
                "steps with first or double strike.", "ResolveResult", "ResolveRequest")},
            "/api/quiz/generate": {"get": _generate_operation()},
        },
        "components": {"schemas": schemas["$defs"]},
    }
