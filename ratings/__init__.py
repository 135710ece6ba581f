"""Player ratings of a club, per rating period, from its confirmed results (issue 6, section 2)."""
