"""cardtable: a desktop card table for rummy-family and shedding games against AI seats."""

__version__ = "0.1.0"
