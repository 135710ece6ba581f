"""Views stay thin: they parse the request, call a selector (reads) or a service (writes) and
render. No view module queries the ORM itself: no `Model.objects`, no `get_object_or_404`, no
queryset call on a relation (`.filter(`, `.count()`, ...). The view modules are every module a
URL routes to, and every module of a views package (their helpers), so a new one is covered
without being listed here."""

from __future__ import annotations

import io
import re
import sys
import tokenize
from pathlib import Path

from django.conf import settings
from django.urls import URLPattern, URLResolver, get_resolver

ROOT = Path(settings.BASE_DIR)
APPS = ("league",)

# What only a query does in a view's source.
QUERY = re.compile(
    r"\.objects\b|get_object_or_404|get_list_or_404|\.(filter|exclude|select_related|"
    r"prefetch_related|values_list|order_by|annotate|aggregate|select_for_update|distinct)\(|"
    r"\.(count|exists|first|last)\(\)"
)

# Modules whose reads are still to be moved to selectors. Each entry is cleared once its file is
# changed to read through selectors; the test below fails when an entry has nothing left to
# excuse, so the list only shrinks.
NOT_YET_MOVED: set[str] = set()


def _callbacks(patterns) -> list:
    found = []
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            found.extend(_callbacks(pattern.url_patterns))
        elif isinstance(pattern, URLPattern):
            found.append(pattern.callback)
    return found


def _routed_modules() -> set[str]:
    names = set()
    for callback in _callbacks(get_resolver().url_patterns):
        view = getattr(callback, "view_class", callback)
        module = getattr(view, "__module__", "") or ""
        if module.split(".")[0] in APPS:
            names.add(module)
    return names


def view_files() -> set[str]:
    files = {str(Path(sys.modules[name].__file__).relative_to(ROOT))
             for name in _routed_modules()}
    for app in APPS:
        files.update(str(p.relative_to(ROOT)) for p in (ROOT / app).glob("**/views/**/*.py"))
        files.update(str(p.relative_to(ROOT)) for p in (ROOT / app).glob("**/*views.py"))
    return files


def code_lines(source: str) -> list[str]:
    """The source's lines without their comments (a '#' inside a string stays)."""
    lines = source.splitlines()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            lines[row - 1] = lines[row - 1][:column]
    return lines


def reads_in(path: str) -> list[str]:
    lines = code_lines((ROOT / path).read_text())
    return [f"{path}:{number}: {line.strip()}" for number, line in enumerate(lines, 1)
            if QUERY.search(line)]


def test_the_view_modules_are_found_from_the_urls_and_the_views_packages():
    files = view_files()
    assert {"league/pages/views/paper.py", "league/games/hand_views.py", "league/games/rules_page.py",
            "league/competitions/views/visibility.py", "league/clubs/views.py"} <= files


def test_no_view_module_queries_the_orm_itself():
    found = [line for path in sorted(view_files() - NOT_YET_MOVED) for line in reads_in(path)]
    assert not found, "Views read through selectors; move these reads:\n" + "\n".join(found)


def test_each_module_not_yet_moved_still_has_reads_to_move():
    cleared = [path for path in sorted(NOT_YET_MOVED)
               if not (ROOT / path).exists() or not reads_in(path)]
    assert not cleared, f"Nothing left to move in {cleared}: take them off NOT_YET_MOVED."


def test_a_query_in_a_view_line_is_recognised():
    assert QUERY.search('club = Club.objects.get(pk=pk)')
    assert QUERY.search('hands = game.hands.count()')
    assert QUERY.search('names = dict(competition.entries.values_list("pk", "player__name"))')
    assert not QUERY.search('errors = " ".join(form.errors.values())')
    assert not QUERY.search('ticked = request.POST.getlist("players")')


def test_a_comment_is_no_read_but_a_read_after_a_hash_in_a_string_is():
    source = ('back = f"{url}#hand-{n}"; hands = game.hands.count()\n'
              'x = 1  # Club.objects.get() was read here\n')
    assert [bool(QUERY.search(line)) for line in code_lines(source)] == [True, False]
