"""What the bench scripts share (each is run as ``python3 bench/<name>.py``, so this
folder is on the path)."""

from __future__ import annotations


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
