"""Production settings: `check --deploy` reports nothing, and every page carries the CSP."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parent.parent


def test_check_deploy_reports_nothing_with_production_settings(tmp_path):
    # The browser tests set DJANGO_ALLOW_ASYNC_UNSAFE for themselves; production never has it.
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {
        **inherited,
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "x7!kQ2#pL9vR4$mN8@tB6^wZ1&cY5*hJ3(dF0)gS-eA+uI=oP~rT",
        "DJANGO_ALLOWED_HOSTS": "gin.example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'deploy.sqlite3'}",
        "REDIS_URL": "redis://127.0.0.1:6379/1",  # read, not connected to, by the checks
    }
    result = deploy_check(env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_warns_of_a_cache_the_processes_do_not_share(tmp_path):
    env = {**os.environ, "DJANGO_DEBUG": "false", "REDIS_URL": "",
           "DJANGO_SECRET_KEY": "x7!kQ2#pL9vR4$mN8@tB6^wZ1&cY5*hJ3(dF0)gS-eA+uI=oP~rT",
           "DJANGO_ALLOWED_HOSTS": "gin.example.org",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'deploy.sqlite3'}"}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    result = deploy_check(env)
    assert result.returncode != 0
    assert "ginleague.W001" in result.stderr + result.stdout
    assert "Set REDIS_URL" in result.stderr + result.stdout


def deploy_check(env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )


def test_production_refuses_to_start_without_a_secret_key(tmp_path):
    env = {**os.environ, "DJANGO_DEBUG": "false", "DJANGO_SECRET_KEY": ""}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_debug_is_off_unless_asked_for(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_DEBUG", "DJANGO_SECRET_KEY")}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0  # debug off, so a secret key is required
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_the_environment_reaches_the_settings(tmp_path):
    env = {**os.environ, "DJANGO_DEBUG": "off", "DJANGO_SECRET_KEY": "k" * 50,
           "DJANGO_ALLOWED_HOSTS": "gin.example.org, www.gin.example.org",
           "DJANGO_CSRF_TRUSTED_ORIGINS": "https://gin.example.org",
           "DJANGO_SECURE_SSL_REDIRECT": "no", "DJANGO_HSTS_SECONDS": "60",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'env.sqlite3'}",
           "EMAIL_URL": "smtp+tls://club:secret@mail.example.org:587",
           "DEFAULT_FROM_EMAIL": "Gin Club <gin@example.org>"}
    shown = ("DEBUG", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "SECURE_SSL_REDIRECT",
             "SECURE_HSTS_SECONDS", "EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_USE_TLS",
             "EMAIL_HOST_USER", "DEFAULT_FROM_EMAIL")
    script = ("from django.conf import settings; "
              f"print(repr({{name: getattr(settings, name) for name in {shown!r}}}))")
    result = subprocess.run([sys.executable, "manage.py", "shell", "-c", script], cwd=ROOT,
                            env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert eval(result.stdout.strip().splitlines()[-1]) == {
        "DEBUG": False, "ALLOWED_HOSTS": ["gin.example.org", "www.gin.example.org"],
        "CSRF_TRUSTED_ORIGINS": ["https://gin.example.org"], "SECURE_SSL_REDIRECT": False,
        "SECURE_HSTS_SECONDS": 60, "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "mail.example.org", "EMAIL_PORT": 587, "EMAIL_USE_TLS": True,
        "EMAIL_HOST_USER": "club", "DEFAULT_FROM_EMAIL": "Gin Club <gin@example.org>",
    }


def test_mail_is_printed_to_the_console_by_default():
    env = {k: v for k, v in os.environ.items() if k != "EMAIL_URL"}
    script = "from django.conf import settings; print(settings.EMAIL_BACKEND)"
    result = subprocess.run([sys.executable, "manage.py", "shell", "-c", script], cwd=ROOT,
                            env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "django.core.mail.backends.console.EmailBackend"


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy_without_inline_scripts(client):
    response = client.get(reverse("home"))
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "'unsafe-inline'" not in policy.split("script-src", 1)[1].split(";", 1)[0]
    assert "style-src 'self';" in policy
    assert "frame-ancestors 'none'" in policy


def test_no_template_has_an_inline_script_the_policy_would_block():
    import re

    inline = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+=\"", re.IGNORECASE)
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "templates").rglob("*.html")
        if inline.search(path.read_text())
    ]
    assert offenders == []


def test_no_template_has_an_inline_style_the_policy_would_block():
    import re

    inline = re.compile(r"<style\b|\sstyle=", re.IGNORECASE)
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "templates").rglob("*.html")
        if inline.search(path.read_text())
    ]
    assert offenders == []


def test_the_readme_lists_every_variable_the_settings_read():
    import re

    settings_source = (ROOT / "league" / "settings.py").read_text()
    read = set(re.findall(r'env\.\w+\(\s*"([A-Z_]+)"', settings_source))
    readme = (ROOT / "README.md").read_text()
    table = readme.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `([A-Z_]+)` \|", table, re.MULTILINE))
    assert "DJANGO_DEBUG" in read and "EMAIL_URL" in read
    assert read == listed


def _compose() -> dict:
    import yaml

    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def test_compose_runs_the_production_processes_the_readme_names():
    services = _compose()["services"]
    readme = (ROOT / "README.md").read_text()
    for name in ("web", "worker", "beat"):
        command = " ".join(services[name]["command"])
        # The README's command line, with the bind address of a container instead of loopback.
        assert command.replace("0.0.0.0", "127.0.0.1") in readme, name
    assert services["migrate"]["command"] == ["python", "manage.py", "migrate", "--noinput"]


def test_compose_starts_the_site_only_after_its_migrations():
    services = _compose()["services"]
    for name in ("web", "worker", "beat"):
        waits_for = services[name]["depends_on"]
        assert waits_for["migrate"]["condition"] == "service_completed_successfully", name
        assert waits_for["db"]["condition"] == "service_healthy", name


def test_compose_runs_the_site_with_production_settings_on_postgres_and_redis():
    for name in ("migrate", "web", "worker", "beat"):
        environment = _compose()["services"][name]["environment"]
        assert environment["DJANGO_DEBUG"] == "false"
        assert environment["DATABASE_URL"].startswith("postgres://")
        assert environment["CELERY_BROKER_URL"].startswith("redis://")
        assert environment["REDIS_URL"].startswith("redis://")


def test_the_image_installs_the_production_requirements_and_serves_as_compose_says():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "pip install -r requirements/prod.txt" in dockerfile
    assert "collectstatic --noinput" in dockerfile
    cmd = next(line for line in dockerfile.splitlines() if line.startswith("CMD "))
    import json

    assert json.loads(cmd.removeprefix("CMD ")) == _compose()["services"]["web"]["command"]
