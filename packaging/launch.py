"""The bundle's entry point: the same ``cardtable`` command as a pip install."""

import multiprocessing
import sys

from cardtable.cli import main

if __name__ == "__main__":
    # A bundled worker process (a post-game review, a tournament's deals) starts as
    # this executable again: freeze_support runs its work instead of a new window.
    multiprocessing.freeze_support()
    sys.exit(main())
