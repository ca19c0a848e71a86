"""One blueprint per surface."""
