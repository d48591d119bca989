"""The services of the running app, for views, auth and the CLI (built by :mod:`.bootstrap`)."""

from __future__ import annotations

from flask import current_app

from domain.platform.application import Games

from .bootstrap import Services

EXTENSION = "chronicle"


def services() -> Services:
    return current_app.extensions[EXTENSION]


def games() -> Games:
    """The ``Games`` application (raises ``StoreUnavailable`` while the store is down)."""
    return services().games()


def secret_key() -> str | bytes:
    """The app's ``SECRET_KEY`` (set at start by :mod:`.config`), for the signed tokens."""
    key = current_app.secret_key
    if key is None:
        raise RuntimeError("the app has no SECRET_KEY")
    return key
