"""cardtable.app: the desktop window (the only package that imports pygame)."""

import os

# pygame greets on import; a desktop app should start without printing anything.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
