"""The cache of what the database can always answer again: the pages' versions, whether a club
is public and who organizes it, the unread counts (the "derived" alias of settings.CACHES).

When it does not answer, a read misses and a write is dropped: the answer is read from the
database and the page is served, uncached (league/caches.py).
"""

from django.core.cache import caches
from django.utils.connection import ConnectionProxy

DERIVED = "derived"

# Like django.core.cache.cache for "default": each thread gets its own connection.
derived = ConnectionProxy(caches, DERIVED)
