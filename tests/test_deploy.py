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


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy_without_inline_scripts(client):
    response = client.get(reverse("home"))
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "'unsafe-inline'" not in policy.split("script-src", 1)[1].split(";", 1)[0]
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
