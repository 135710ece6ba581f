"""Who acts on a match besides a signed-in user: the holder of the match's table link.

A `TableActor` stands where the services take `actor=request.user`. It is not signed in (no
account, `pk` None), acts for one match alone, and names the side of the player acting when
that matters (the player who reports, the opponent who verifies). Permissions
(league.competitions.base.permissions) let it do what a player of that match does, nothing on
any other match and nothing an organizer does."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableActor:
    link_id: int
    match_id: int
    table: str
    side: str = ""  # "A" / "B": the player acting, when the action is one side's

    pk = None
    id = None
    is_authenticated = False
    is_anonymous = True
    is_superuser = False
    is_staff = False
    is_active = False

    def as_side(self, side: str) -> TableActor:
        return TableActor(self.link_id, self.match_id, self.table, side)

    @property
    def where(self) -> str:
        return f"at table {self.table}" if self.table else "at the table"


def table_actor_of(actor, match) -> TableActor | None:
    """The actor as the table link of this match; None for anyone else (a user, or the link of
    another match)."""
    if isinstance(actor, TableActor) and actor.match_id == match.pk:
        return actor
    return None


def is_table_actor(actor) -> bool:
    return isinstance(actor, TableActor)


def table_note(actor, match, what: str) -> str:
    """The audit's note of `what` ("Reported") done through the match's table link: where, and
    by whom ("" for any other actor)."""
    table = table_actor_of(actor, match)
    if table is None:
        return ""
    entry = {"A": match.entry_a, "B": match.entry_b}.get(table.side)
    name = entry.player.name if entry is not None else "a player"
    return f"{what} {table.where} by {name}, through the table link."
