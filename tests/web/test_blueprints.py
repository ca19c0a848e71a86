"""Every blueprint package names the modules whose routes it carries, in its __init__: a route
is never registered because some other module happened to import its module."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

VIEWS = Path(__file__).resolve().parents[2] / "webapp" / "views"
PACKAGES = sorted(p.parent for p in VIEWS.glob("*/__init__.py"))


def adds_routes(module: ast.Module) -> bool:
    """Whether a module decorates a function with bp.<something>(...)."""
    return any(isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute)
               and isinstance(d.func.value, ast.Name) and d.func.value.id == "bp"
               for node in ast.walk(module) if isinstance(node, ast.FunctionDef)
               for d in node.decorator_list)


def sibling_imports(module: ast.Module) -> set[str]:
    """The sibling modules imported as modules: `from . import a, b`."""
    return {alias.name for node in ast.walk(module)
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None
            for alias in node.names}


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_the_package_imports_every_module_that_adds_routes_and_no_other_module_does(package):
    modules = {p.stem: ast.parse(p.read_text()) for p in package.glob("*.py")
               if p.stem != "__init__"}
    routes = {name for name, tree in modules.items() if adds_routes(tree)}
    init = ast.parse((package / "__init__.py").read_text())
    assert routes <= sibling_imports(init), f"{package.name}/__init__.py must import them"
    for name, tree in modules.items():
        assert not (sibling_imports(tree) & routes), \
            f"{package.name}/{name}.py imports a route module: let __init__.py do it"


def test_the_check_sees_a_route_module(app):
    """The AST test above finds the quiz package's route modules (so it can fail)."""
    sharing = ast.parse((VIEWS / "quiz" / "sharing.py").read_text())
    assert adds_routes(sharing)
    modules = {f.__module__ for f in app.view_functions.values()}
    assert {"webapp.views.quiz.sharing", "webapp.views.quiz.authoring",
            "webapp.views.quiz.preview", "webapp.views.learn.practice"} <= modules
