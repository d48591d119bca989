"""``rq cron workers.cron_config``: the periodic sweep with RQ's own scheduler.

For deployments that run plain ``rq worker --with-scheduler chronicle`` instead of
``chronicle-worker`` (whose poll thread sweeps already). The sweep catches the read models up
and enqueues every due delivery; it is idempotent, so several cron processes do no harm.
"""

from rq import cron

from workers.jobs import sweep

cron.register(sweep, "chronicle", interval=5, result_ttl=0, job_timeout=120)
