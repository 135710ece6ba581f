"""A match's record (docs/record-format.md): exported from any match, imported into a match
with no games yet (every hand checked by the hand-entry services); a club's whole data as one
archive, and its restore into an empty database."""
