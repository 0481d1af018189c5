"""Reader services: third-party APIs that read a page for us, one module each (id = provider id)."""
