"""The bundle's entry point: the same ``cardtable`` command as a pip install."""

import sys

from cardtable.cli import main

if __name__ == "__main__":
    sys.exit(main())
