import os

from django.core.wsgi import get_wsgi_application
from django.urls import reverse

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
application = get_wsgi_application()
# Every view imported and every address's pattern compiled as the process starts (about two
# seconds), rather than in its first requests.
reverse("healthz")
