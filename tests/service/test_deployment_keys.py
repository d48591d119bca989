"""Issue 22: one secret per deployment (kept in the data directory), a signing key created
once, and durations with fractions."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

from domain.platform.storage import EXACT_LOCK_TIMEOUT, persistence_env
from service.config import Settings
from service.signing import RecordSigner, new_private_pem


def test_the_secret_key_is_created_once_in_the_data_directory(tmp_path):
    """Before, every process drew its own key: invite links died with a restart and did not
    work across processes. Four processes started at once agree on one key."""
    env = {**os.environ, "CHRONICLE_DATA_DIR": str(tmp_path)}
    env.pop("CHRONICLE_SECRET_KEY", None)
    code = "from service.config import Settings; print(Settings.from_env().secret_key)"
    procs = [
        subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    keys = {p.communicate(timeout=60)[0].strip() for p in procs}
    assert len(keys) == 1 and len(keys.pop()) == 64
    path = tmp_path / "secret-key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = Settings.from_env({"CHRONICLE_DATA_DIR": str(tmp_path)})  # a restart
    assert again.secret_key == path.read_text().strip()
    given = Settings.from_env(
        {"CHRONICLE_DATA_DIR": str(tmp_path), "CHRONICLE_SECRET_KEY": "operator"}
    )
    assert given.secret_key == "operator"


def test_an_invite_link_made_by_one_process_opens_the_seat_in_another(tmp_path):
    from service.app import create_app
    from service.bootstrap import bootstrap, init_db

    env = {"CHRONICLE_DATA_DIR": str(tmp_path), "REDIS_URL": ""}
    init_db(Settings.from_env(env)).close()
    first, second = bootstrap(Settings.from_env(env)), bootstrap(Settings.from_env(env))
    try:
        one = create_app(services=first).test_client()
        other = create_app(services=second).test_client()
        body = one.post("/api/v1/games", json={"title": "toy", "players": ["A", "B"]})
        game = body.get_json()["id"]
        import re

        page = one.get("/").get_data(True)
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        created = one.post(
            "/games",
            data={"csrf_token": csrf, "title": "toy", "variant": "race", "player": ["A", "B"]},
            follow_redirects=True,
        )  # POST, redirect, GET: the invites page
        link = re.search(r'href="http://localhost(/join/[^"]+)"', created.get_data(True))
        assert link and other.get(link.group(1).replace("&amp;", "&")).status_code == 200
        assert game
    finally:
        first.close()
        second.close()


def test_the_signing_key_is_created_once_and_signatures_check(tmp_path):
    path = str(tmp_path / "signing-key.pem")
    first = RecordSigner.from_file(path)
    assert RecordSigner.from_file(path).public == first.public
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    signature = first.sign(b"message")
    assert first.check(signature, b"message") == (
        "this_service",
        first.check(signature, b"message")[1],
    )
    assert first.check(signature, b"other message") is None
    other = RecordSigner(new_private_pem(), trusted=(first.public,))
    assert other.check(signature, b"message")[0] == "trusted"
    assert RecordSigner(new_private_pem()).check(signature, b"message")[0] == "nobody"


def test_durations_keep_their_fractions():
    """CHRONICLE_STORE_LOCK_TIMEOUT=0.5 became 0 (int()), which turned the PostgreSQL timeouts
    off."""
    env = persistence_env("postgresql://u@h/db", lock_timeout=0.5)
    assert env["POSTGRES_LOCK_TIMEOUT"] != "0" and float(env[EXACT_LOCK_TIMEOUT]) == 0.5
    settings = Settings.from_env(
        {
            "CHRONICLE_DATA_DIR": "/tmp",
            "CHRONICLE_TIMEOUT": "2.5",
            "CHRONICLE_STORE_LOCK_TIMEOUT": "0.5",
        }
    )
    assert settings.timeout == 2.5 and settings.store_lock_timeout == 0.5


def test_the_postgres_store_applies_a_fractional_lock_timeout(postgres_schema):
    from eventsourcing.utils import Environment

    from domain.platform.pgstore import Factory
    from tests.conftest import postgres_url

    env = persistence_env(postgres_url(postgres_schema), lock_timeout=0.5)
    factory = Factory(Environment(env=env))
    try:
        assert factory.datastore.lock_timeout == 0.5
    finally:
        factory.close()
