"""Installed as ``cardtable.assets`` (see pyproject.toml), so the app finds these files
through importlib.resources in every kind of install, not only beside the source tree."""
