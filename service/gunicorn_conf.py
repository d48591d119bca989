"""gunicorn settings for ``gunicorn --config service/gunicorn_conf.py 'service.app:create_app()'``.

* binds ``127.0.0.1:$PORT`` (put a TLS-terminating proxy in front for the outside world);
* ``gthread`` workers: each process serves ``CHRONICLE_THREADS`` requests at once, so a slow
  request (a long audit, a store failover) never blocks the others;
* one process with SQLite (one file, one writer); ``CHRONICLE_WEB_CONCURRENCY`` processes
  (default 2 x CPUs) with PostgreSQL;
* ``timeout`` (``CHRONICLE_TIMEOUT``, default 60 s) is well above a PostgreSQL failover of ~5 s,
  which the store library rides out by retrying;
* the app is loaded in each worker after the fork (no ``preload_app``): no database connection
  is ever shared between processes;
* the control socket (``gunicornc``) lives in the data directory, one per port.
"""

from __future__ import annotations

import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from service.config import Settings

_settings = Settings.from_env()

bind = [f"127.0.0.1:{_settings.port}"]
worker_class = "gthread"
workers = _settings.web_concurrency
threads = _settings.threads
timeout = _settings.timeout
graceful_timeout = 30
keepalive = 5
preload_app = False
max_requests = 0
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("CHRONICLE_LOG_LEVEL", "info")
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
limit_request_line = 8190
limit_request_fields = 100
if os.path.isdir("/dev/shm"):
    worker_tmp_dir = "/dev/shm"
proc_name = "chronicle"

# gunicorn's control socket (``gunicornc``): one per server, beside its data, so two servers on
# one machine never share one; disabled where the path would be too long for a Unix socket
control_socket = os.path.join(_settings.data_dir, f"gunicorn-{_settings.port}.ctl")
control_socket_disable = len(control_socket) > 100


def when_ready(server: Any) -> None:
    """Say where the service is, once it is listening."""
    url = f"http://127.0.0.1:{_settings.port}/"
    server.log.info(
        "Chronicle is serving on %s (API docs: %sapi/v1/docs; store: %s; "
        "%d worker(s) x %d threads)",
        url,
        url,
        _settings.display_database_url,
        workers,
        threads,
    )
    print(f"Chronicle is ready on {url} (API docs: {url}api/v1/docs)", flush=True)
