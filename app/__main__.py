"""``python -m app``: the same entry point as the ``napkinlab`` command."""

from app.cli import entry

entry()
