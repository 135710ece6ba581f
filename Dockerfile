# One image for every production process: the web server (the default command), the Celery
# worker and celery beat (compose.yaml gives their commands). Settings come from the
# environment (README.md, "Configuration").
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1

WORKDIR /app
COPY requirements/ requirements/
RUN pip install -r requirements/prod.txt

COPY . .
# The hashed, compressed static files WhiteNoise serves; collectstatic needs a secret key to
# load the production settings, never the one the site runs with.
RUN DJANGO_SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput

RUN useradd --system --uid 10001 gin && chown -R gin /app
USER gin

EXPOSE 8000
CMD ["gunicorn", "-c", "python:league.gunicorn_conf", "league.wsgi", "--workers", "4", "--bind", "0.0.0.0:8000"]
