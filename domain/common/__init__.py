"""Mechanics and contracts shared by two or more titles (see each module's docstring)."""
