"""The app's scenes: menu, setup, table, summaries, overlays."""
