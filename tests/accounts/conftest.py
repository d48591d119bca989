"""The accounts' tests sign many players in from one address: sign-in limits are generous here,
except in the test of the limits themselves (which uses addresses and emails of its own)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def generous_signin_limits(monkeypatch):
    monkeypatch.setenv("CHRONICLE_SIGNIN_LIMITS", "address=100000/hour, email=100000/hour")
