"""The acceptance tests use the service fixtures (``client``, ``services``) of tests/conftest.py."""
