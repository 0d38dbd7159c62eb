"""Quiz items live in the practice port (core/ports/practice.py): stores and adapters read them
too. Re-exported here for the practice feature's own modules."""
from core.ports.practice import ItemSource, QuizItem, item_id

__all__ = ["ItemSource", "QuizItem", "item_id"]
