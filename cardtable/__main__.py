"""``python -m cardtable`` is the same as the ``cardtable`` command."""

import sys

from .cli import main

sys.exit(main())
