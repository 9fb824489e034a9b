"""cardtable.app: the desktop window (the only package that imports pygame)."""
