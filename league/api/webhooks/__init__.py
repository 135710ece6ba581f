"""Webhooks: a club's events posted to the URLs its organizers subscribe, signed as the
Standard Webhooks specification says, tried again with backoff, paused after repeated
failures."""
