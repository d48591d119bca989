"""Chronicle's domain: pure rules per title, shared mechanics, and the ``Games`` application."""
