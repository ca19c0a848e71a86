"""Trample Trainer: the application factory — config, extensions, blueprints, nothing else."""

from __future__ import annotations

import importlib
import importlib.util

from flask import Flask
from flask_wtf.csrf import CSRFProtect

from . import paths
from .templating import App

csrf = CSRFProtect()


def create_app(config: dict | None = None) -> Flask:
    # INSTANCE_PATH lets tests and benchmarks run on their own instance folder (secret, database).
    app = App(__name__, instance_relative_config=True, instance_path=(config or {}).get("INSTANCE_PATH"),
                template_folder=paths.TEMPLATES, static_folder=paths.STATIC)

    from . import config as configuration, i18n, security
    configuration.load(app, config)
    security.init_app(app)
    i18n.init_app(app)
    csrf.init_app(app)

    # Services (database, progress, classes) plug in here when they exist.
    if importlib.util.find_spec("webapp.services") is not None:
        from . import services
        if hasattr(services, "init_app"):
            services.init_app(app)

    from .views import api, errors, main, sandbox
    app.register_blueprint(main.bp)
    app.register_blueprint(sandbox.bp)
    app.register_blueprint(api.bp)
    # Later surfaces register themselves by existing: webapp/views/<name>.py exposing `bp`.
    # The navigation shows a link only for blueprints that are registered.
    for name in ("learn", "quiz", "classroom"):
        if importlib.util.find_spec(f"webapp.views.{name}") is not None:
            module = importlib.import_module(f"webapp.views.{name}")
            app.register_blueprint(module.bp)
    csrf.exempt(api.bp)  # JSON for tools: no cookies involved, application/json only
    errors.init_app(app)
    return app
