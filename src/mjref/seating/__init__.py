"""Seating: repeat-free, wind-balanced seat plans; Swiss seating; re-seating.

See ``docs/seating.md`` for the methods, the data sources and the limits.
"""
