"""The worker side: RQ jobs (wake-ups, deliveries), notifiers, and the after-save wake-up.

See ``workers/README.md`` for the flow, the guarantees and how to run it on several machines.
Imports ``domain`` and ``projections`` only.
"""
