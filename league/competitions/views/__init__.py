"""The competition pages and the organizer's pages of a club's competitions."""
