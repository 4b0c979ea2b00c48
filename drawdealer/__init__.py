"""drawdealer: a rules engine for draw poker (2-7 triple/single draw, 5-card draw, Italian poker)."""

__version__ = "0.1.0"
