import os

from django.core.cache import caches
from django.core.wsgi import get_wsgi_application
from django.urls import reverse

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
application = get_wsgi_application()
# Every view imported and every address's pattern compiled as the process starts (about two
# seconds), rather than in its first requests; likewise the caches' clients (no connection is
# opened: the first call opens it).
reverse("healthz")
for cache in caches.all():
    getattr(cache, "client", None)
