# The two commands in README.md: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test install clean translations catalogs db

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# Serve on http://$(HOST):$(PORT); `HOST=0.0.0.0 make run` for a store's LAN. How gunicorn
# serves (workers, threads, keep-alive, trusted proxies) is in webapp/serving.py.
run: $(STAMP) translations db
	HOST=$(HOST) PORT=$(PORT) $(BIN)/gunicorn -c python:webapp.serving 'webapp:create_app()'

# Apply the Alembic migrations: instance/trample.db by default, DATABASE_URL for PostgreSQL.
db: $(STAMP)
	$(BIN)/flask --app webapp db-upgrade

# Compiled catalogs (.mo) are build output, never committed.
translations: $(STAMP)
	$(BIN)/pybabel compile --use-fuzzy --statistics -d webapp/translations

# After changing UI text: refresh messages.pot and merge it into every language's .po file.
catalogs: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k _l --project="Trample Trainer" -o webapp/translations/messages.pot .
	$(BIN)/pybabel update -i webapp/translations/messages.pot -d webapp/translations

test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
