"""Player ratings of a club, per rating period, from its confirmed results."""
