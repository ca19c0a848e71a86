"""Trample Trainer: the application factory — config, extensions, blueprints, nothing else."""

from __future__ import annotations

from flask import Flask
from flask_wtf.csrf import CSRFProtect

from . import paths

csrf = CSRFProtect()


def create_app(config: dict | None = None, catalogue=None) -> Flask:
    """The app. `catalogue` (webapp.catalogue.load) reuses lessons already read and checked; without
    it the app reads config LESSONS_DIR."""
    # INSTANCE_PATH lets tests and benchmarks run on their own instance folder (secret, database).
    app = Flask(__name__, instance_relative_config=True,
                instance_path=(config or {}).get("INSTANCE_PATH"),
                template_folder=paths.TEMPLATES, static_folder=paths.STATIC)

    from . import catalogue as catalogues, config as configuration, i18n, security, services, statics
    configuration.load(app, config)
    catalogues.init_app(app, catalogue)
    statics.init_app(app)  # before security: its Host check must see static requests too
    security.init_app(app)
    i18n.init_app(app)
    csrf.init_app(app)
    services.init_app(app)

    # Every surface, in one place. The navigation links only to registered blueprints.
    from .views import api, classroom, errors, learn, main, quiz, sandbox
    app.register_blueprint(main.bp)
    app.register_blueprint(learn.bp)
    app.register_blueprint(sandbox.bp)
    app.register_blueprint(quiz.bp)
    app.register_blueprint(classroom.bp)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # JSON for tools: no cookies involved, application/json only
    errors.init_app(app)
    return app
