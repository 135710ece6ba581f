"""Settings from the environment (django-environ), with safe defaults: debug off, so a
deployment that forgets a variable does not run in debug mode. `make run` and the test run
(pyproject.toml, pytest-env) turn debug on. Every variable is in README.md's configuration table.

No DATABASE_URL: SQLite in the project folder. No CELERY_BROKER_URL: tasks run in-process.
A value that starts with `$` names another variable (django-environ's proxy); `\\$` is a literal `$`.
"""

from pathlib import Path

import environ

from league.cache_breaker import LOGGER as CACHE_LOGGER
from league.caches import caches_for
from league.core.cache import DERIVED

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
env.escape_proxy = True

DEBUG = env.bool("DJANGO_DEBUG", default=False)
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
    SECRET_KEY = "dev-only-not-secret-gin-league"
# Comma-separated; spaces around the commas are dropped.
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", cast=str.strip,
                         default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", cast=str.strip, default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "allauth",
    "allauth.account",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "league.core",
    "league.accounts",
    "league.clubs",
    "league.competitions",
    "league.games",
    "league.ratings",
    "league.notifications",
    "league.stats",
    "league.records",
    "league.pages",
    "league.api",
]

MIDDLEWARE = [
    "league.fragment_cache.HoldFragmentWrites",
    "django.middleware.security.SecurityMiddleware",
    "league.api.headers.ApiHeadersMiddleware",
    "league.core.middleware.NulInQueryStringMiddleware",
    "league.core.middleware.TimeZoneResetMiddleware",
    "league.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "league.accounts.reading.AccountLanguageMiddleware",
    "league.core.languages.ReaderLanguageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "league.htmx.VaryOnHtmxMiddleware",
]

ROOT_URLCONF = "league.urls"
WSGI_APPLICATION = "league.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "league.accounts.reading.reading",
                "league.pages.context_processors.header",
            ],
        },
    }
]

DATABASES = {
    "default": {
        **env.db_url("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        # Kept ten minutes (and checked before a request's first query): the queries it has
        # prepared keep their plans (below).
        "CONN_MAX_AGE": 600,
        "CONN_HEALTH_CHECKS": True,
    }
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # No JIT compilation: the site's queries are short, and PostgreSQL's estimates for their
    # correlated subqueries cross the JIT thresholds, and compiling them can take longer than
    # running them. A page read through an index costs about what a page read in turn does (the
    # tables live in memory or on SSD; PostgreSQL's default of 4 supposes a spinning disk), so a
    # player's few matches are joined to their entries by key instead of by hashing every entry.
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
        "-c jit=off -c random_page_cost=1.1")
    # The parameters are sent apart from the query, and a query is prepared on a connection's
    # second run of it, so PostgreSQL keeps its plan (after five runs planned afresh, a generic
    # one where it costs no more): planning a page's query can take longer than
    # running it (a match's version, eleven subqueries: 2 ms planned, 0.2 ms run). A pooler that
    # shares connections per transaction (PgBouncer in transaction mode) cannot keep them:
    # DATABASE_PREPARED_STATEMENTS=0 there.
    if env.bool("DATABASE_PREPARED_STATEMENTS", default=True):
        DATABASES["default"]["OPTIONS"] |= {"server_side_binding": True, "prepare_threshold": 1}
        # One plan per prepared query, whatever its parameters: left to choose, PostgreSQL
        # plans a query afresh on every run where the plan for any value looks dearer than
        # the plans for the values seen (a time compared with now, a list of ids), and the
        # planning can cost more than the run (the sign-ups open to a player: 1.6 ms planned,
        # 0.25 ms run). The site's queries find their rows by ids through indexes, which one
        # plan does for every value; tests/reliability/test_federation_plans.py checks these
        # plans at the size of many clubs.
        DATABASES["default"]["OPTIONS"]["options"] += " -c plan_cache_mode=force_generic_plan"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Accounts (django-allauth): sign up with an email address, sign in by user name or email.
# Its rate limits hold sign-in failures per normalised login and per client (or per device that
# signed in before), password-reset requests and sign-ups. The client is REMOTE_ADDR, or the address the last of
# DJANGO_TRUSTED_PROXY_COUNT proxies of ours wrote into X-Forwarded-For.
# The first signs people in (allauth's backend, the account then read through the cache); the
# second reads the sessions that named it before the first existed, so nobody was signed out
# (two weeks later, SESSION_COOKIE_AGE, none of them is left and it can go).
AUTHENTICATION_BACKENDS = ["league.accounts.backends.AccountBackend",
                           "allauth.account.auth_backends.AuthenticationBackend"]
ACCOUNT_ADAPTER = "league.accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {"login": "league.accounts.forms.SignInForm"}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_EMAIL_SUBJECT_PREFIX = "Gin League: "
ACCOUNT_RATE_LIMITS = {
    # The sign-in form's posts per address: a club night behind one address signs in at once.
    # Guessing is held by the failures below, not by this.
    "login": "200/m/ip",
    "login_failed": "20/15m/ip,5/15m/key",
    # A device that signed in with the login before counts its own failures instead of the two
    # above (league/accounts/devices.py): the address's or the login's lockout does not keep
    # it out.
    "login_failed_device": "5/15m/key",
    "reset_password": "10/h/ip,3/h/key",
    "signup": "10/h/ip",
}
ALLAUTH_TRUSTED_PROXY_COUNT = env.int("DJANGO_TRUSTED_PROXY_COUNT", default=0)

LANGUAGE_CODE = "en"
# The languages every page, form, message and mail is written in (league/locale/); each named in itself.
LANGUAGES = [("en", "English"), ("es", "Español"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "league" / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = env.str("DJANGO_TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True
# Dates, times and numbers as each language writes them, by name (league/formats/).
FORMAT_MODULE_PATH = ["league.formats"]

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# Mail from one URL: consolemail:// (the default: printed to the console),
# smtp+tls://user:password@mail.example.org:587, smtp+ssl://…:465, dummymail://.
vars().update(env.email_url("EMAIL_URL", default="consolemail://"))
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Gin League <gin-league@localhost>")
# The site's address as the links in its notification mails start (no request to ask).
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000")
# The mail a club sends on an organizer's word (players' claim links, organizers' invitations):
# at most this many per sending organizer and per club, in any hour and any day; the sender's
# own address must be verified (league/clubs/services/mail_limits.py).
CLUB_MAILS_PER_SENDER_HOUR = env.int("CLUB_MAILS_PER_SENDER_HOUR", default=50)
CLUB_MAILS_PER_SENDER_DAY = env.int("CLUB_MAILS_PER_SENDER_DAY", default=150)
CLUB_MAILS_PER_CLUB_HOUR = env.int("CLUB_MAILS_PER_CLUB_HOUR", default=50)
CLUB_MAILS_PER_CLUB_DAY = env.int("CLUB_MAILS_PER_CLUB_DAY", default=150)

# Celery: a broker URL means a real worker; none means tasks run eagerly, in-process. An eager
# task still passes through a producer: Kombu's in-memory transport, named with a host (without
# one, Kombu warns in the console that it assumed localhost, as if a broker were expected).
_broker = env.str("CELERY_BROKER_URL", default="")
CELERY_TASK_ALWAYS_EAGER = not _broker
CELERY_BROKER_URL = _broker or "memory://localhost/"
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default="") or None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup closes a worker's database connections before and after every task
# unless told to reuse them: reused here for a thousand tasks at a time, and kept or closed
# after each task as a request's are (league/celery.py).
CELERY_DB_REUSE_MAX = 1000
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
# The Redis broker. A task taken by a worker that dies unacknowledged goes back to the queue
# after the visibility timeout: 5 minutes, far above the longest task (a club's ratings
# recomputed from scratch: 1.6 s for a season of 100,000 games, benchmarks/bench_ratings_db.py)
# plus the longest retry wait (40 s, league.core.retry). A task running
# longer would be handed to a second worker while the first still runs.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": 5 * 60,
    "socket_connect_timeout": 2,
    "socket_timeout": 3,  # above the worker's one-second BRPOP wait
}
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True  # a worker started before Redis waits for it
# Publishing (from a request, after its transaction commits) tries again once, after 0.2 s. With
# the timeouts above, a publish to a broker that refuses connections fails in about 0.1 s, and
# to one that accepts them and never answers in about 3 s (measured), not gunicorn's 30 s.
CELERY_TASK_PUBLISH_RETRY = True
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2,
}
# Rating periods (ISO weeks) are closed within the hour after they end; a run with nothing to
# close only reads (league.ratings.services.close_rating_periods).
CELERY_BEAT_SCHEDULE = {
    "close-rating-periods": {"task": "ratings.tasks.close_rating_periods", "schedule": 60 * 60},
    # A reported result nobody answered within its club's hours is confirmed automatically
    # (league.competitions.results.deadlines); a run finding none only reads.
    "confirm-overdue-results": {"task": "competitions.tasks.confirm_overdue_results",
                                "schedule": 15 * 60},
    # Follow-up work recorded with a confirmation but not done (its message lost, the broker
    # down at the time) is sent again (league.competitions.base.outbox).
    "relay-follow-ups": {"task": "competitions.tasks.relay_follow_ups", "schedule": 15},
    # Reminders of what falls due within a day, and the result notifications whose task was
    # never sent (the broker down at the time) (league.notifications.events).
    "notify-periodically": {"task": "notifications.tasks.periodic", "schedule": 30 * 60},
    # A ladder challenge not started by its deadline is forfeited by the challenged
    # (league.competitions.ladders.services); a run finding none only reads.
    "forfeit-overdue-challenges": {"task": "competitions.tasks.forfeit_overdue_challenges",
                                   "schedule": 60 * 60},
    # Webhook deliveries due (a retry's time come) or never sent (the broker down at the time)
    # are sent (league.api.webhooks.deliveries).
    "relay-webhooks": {"task": "api.tasks.relay_webhooks", "schedule": 30},
    # League and Swiss tables counted by other code (kept before a release) or never kept are
    # kept anew, a batch at a time (league.competitions.standings.upkeep); a run finding none
    # only reads.
    "keep-tables-of-other-code": {"task": "competitions.tasks.keep_tables_of_other_code",
                                  "schedule": 5 * 60},
}

# Cache: Redis when REDIS_URL is set (production, several processes), else in-process memory.
# It holds what every process must agree on: sign-in limits, and the competition pages' versions
# and rendered fragments (league.competitions.base.page_versions). Fragments, which never change under
# their key, are also kept in each process's memory (league/fragment_cache.py). A Redis that does
# not answer makes pages uncached, not failing, and sign-ins refused (league/caches.py); after
# one failed call each process leaves it alone a while, and keeps the version deletes it missed
# until it answers again.
REDIS_URL = env.str("REDIS_URL", default="")
CACHES = caches_for(REDIS_URL)
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
DJANGO_REDIS_LOGGER = CACHE_LOGGER

# The read API (league/api/): Django REST framework, JSON only, read only, a club's key or none;
# its OpenAPI 3 schema by drf-spectacular. Requests per key, and per address for requests
# without a key, counted in the default cache (DRF's rate syntax: "120/min", "5000/hour").
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["league.api.access.ApiKeyAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_THROTTLE_CLASSES": ["league.api.access.PerKey", "league.api.access.PerAddress"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": None,
    "NUM_PROXIES": ALLAUTH_TRUSTED_PROXY_COUNT,
}
API_RATE_LIMITS = {
    "key": env.str("API_RATE_PER_KEY", default="600/min"),
    "address": env.str("API_RATE_PER_ADDRESS", default="120/min"),
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Gin League read API",
    "DESCRIPTION": "Clubs, their players, competitions (stages, rounds, matches, results), "
                   "standings, ratings, games and hands, and club nights, read only. Public "
                   "clubs need no key; a members-only club is read with a key its organizer "
                   "makes (`Authorization: Bearer gl_…`).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/v1",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "CompetitionStatus": "league.competitions.models.Competition.Status",
        "MatchStatus": "league.competitions.models.Match.Status",
        "MatchKind": "league.competitions.models.Match.Kind",
        "StageKind": "league.competitions.models.Stage.Kind",
        "NightStatus": "league.competitions.models.ClubNight.Status",
        "GameStatus": "league.games.models.Game.Status",
        "Seat": "league.competitions.models.Seat",
        "RatingSystem": "league.clubs.models.Club.RatingSystem",
    },
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "league.api.schema.add_refusals"],
}

# HTTPS and cookies. Off in DEBUG (the local site runs on plain http://127.0.0.1).
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# A session is kept in the database and read through the derived cache: a signed-in page reads
# it from Redis, and when Redis does not have it, from the database (Django's cached_db store,
# its read of the database written out: league/accounts/sessions.py).
SESSION_ENGINE = "league.accounts.sessions"
SESSION_CACHE_ALIAS = DERIVED
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("DJANGO_HSTS_SECONDS", default=365 * 24 * 3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env.bool("DJANGO_HSTS_PRELOAD", default=True)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"unreachable_cache": {"()": "league.caches.UnreachableCacheWarning"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {CACHE_LOGGER: {"filters": ["unreachable_cache"]}},
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="INFO")},
}
