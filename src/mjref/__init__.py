"""mjref: the referee's and organiser's system for EMA mahjong tournaments."""

__version__ = "0.1.0"
