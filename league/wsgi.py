import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
# league/gunicorn_conf.py compiles the site once before its workers start and connects each worker
# (league/warm.py).
application = get_wsgi_application()
