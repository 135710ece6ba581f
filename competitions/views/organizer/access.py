"""Who may open the organizer's pages (clubs.views, named here for the organizer's views)."""

from clubs.views import organizer_of, refused

__all__ = ["organizer_of", "refused"]
