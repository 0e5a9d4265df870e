"""The incident types, one module per area; importing this package registers them all."""

from mjref.rulings.incidents import calls, conduct, hu, penalties, riichi, wall

__all__ = ["calls", "conduct", "hu", "penalties", "riichi", "wall"]
