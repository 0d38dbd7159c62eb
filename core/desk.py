"""The staff desk adapters drive for /course, /upload and /remove: course spaces + uploads."""
from __future__ import annotations

from dataclasses import dataclass

from core.spaces import CourseSpaces
from core.uploads import Uploads


@dataclass(frozen=True, slots=True)
class CourseDesk:
    """What the course commands need; built once by the composition root."""

    spaces: CourseSpaces
    uploads: Uploads
