"""The strings of the Python code that a reader sees and no gettext call marks.

Read with `ast`, never run. A string is user-facing where it is handed to a place a person reads:
a field's `label=`, `help_text=`, `verbose_name=`, `empty_label=`, an `error_messages` value, a
widget's placeholder or title, a form's or a model field's `choices`; the message of a
`ValidationError` or of a `ServiceError` (league.core.errors, and every class made from it: the
views show it next to the form); `messages.success(request, "...")` and its kin, `add_error`;
a `TextChoices` label (or the English one Django makes when none is given); a mail's `subject`,
`body`, `message`, a notification's `text`; and in the modules that word the notifications
(PROSE_MODULES) every sentence. It is marked when it is the argument of a gettext function
(`_`, `gettext_lazy`, `ngettext`, `pgettext`, ...), whatever is done with the result after
(`_("%(n)s hands") % {...}`). An f-string is never marked: it cannot be. A date written with
strftime's names of days or months (`f"{day:%a %-d %b}"`) is a finding too: they are English's.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from tests.i18n.unmarked_templates import Finding, has_words

GETTEXT = {
    "_",
    "gettext",
    "gettext_lazy",
    "gettext_noop",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
    "format_lazy",
}
TEXT_KEYWORDS = {
    "label",
    "help_text",
    "verbose_name",
    "verbose_name_plural",
    "empty_label",
    "subject",
    "body",
    "message",
    "text",
    "title",
}
TEXT_ATTRIBUTES = {"placeholder", "title", "aria-label", "alt"}
MESSAGE_LEVELS = {"debug", "info", "success", "warning", "error"}
CHOICES_BASES = {"TextChoices", "IntegerChoices", "Choices"}
ERROR_ROOTS = {"ServiceError"}
# A model's, a serializer's or an app's own names and help texts are read in the admin (by the
# site's staff) and in the API's schema (by programmers), on no page, mail or notification: the
# keywords of DOCS_ONLY given in their class bodies are left as written.
DOCUMENTED_ROOTS = {"Model", "AppConfig"}
DOCS_ONLY = {"help_text", "verbose_name", "verbose_name_plural", "label"}
# The modules whose every sentence is written for a person: the notifications' wording.
PROSE_MODULES = re.compile(
    r"league/notifications/(events|ladder_events|reminders|"
    r"sign_up_events|wording|services)\.py$"
)
LOGGING = {"debug", "info", "warning", "error", "exception", "critical", "log"}
# Two words, one of two letters at least (not a date's format: "D j M Y").
SENTENCE = re.compile(r"[^\W\d_]{2,}\s+[^\W\d_]+|[^\W\d_]+\s+[^\W\d_]{2,}")
# strftime's names of days and months (and a.m./p.m.) are English's whatever the reader reads.
NAMED_DATE = re.compile(r"%-?[aAbBp]")
ENGLISH_DATE = "a date with English names (strftime): use django.utils.formats.date_format"


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def unmarked(node: ast.AST | None) -> str | None:
    """The text of `node` when it is a string a person would read as written (not marked)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if has_words(node.value) else None
    if isinstance(node, ast.JoinedStr):
        text = "".join(
            part.value if isinstance(part, ast.Constant) else "{}" for part in node.values
        )
        return text if has_words(text) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.Add)):
        return unmarked(node.left) or (
            unmarked(node.right) if isinstance(node.op, ast.Add) else None
        )
    if isinstance(node, ast.IfExp):
        return unmarked(node.body) or unmarked(node.orelse)
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            return unmarked(node.func.value)  # "...".format(...)
        if _name(node.func) == "join" and node.args:
            return unmarked(node.args[0])
    if isinstance(node, (ast.List, ast.Tuple)):
        return next(filter(None, map(unmarked, node.elts)), None)
    return None


@dataclass(frozen=True)
class Classes:
    """What the classes of the project are, by name: the errors whose message a person reads,
    and the classes whose field names and help texts only the admin and the API's schema show
    (models, serializers, app configs)."""

    errors: frozenset[str]
    documented: frozenset[str]


def known_classes(trees: Iterable[ast.AST]) -> Classes:
    """ServiceError and every class made from it; Model, the serializers, AppConfig and every
    class made from them; in the modules given."""
    bases = {
        node.name: {_name(b) for b in node.bases}
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }

    def made_from(roots: set[str]) -> frozenset[str]:
        found, grown = set(roots), True
        while grown:
            more = {name for name, of in bases.items() if of & found} - found
            found |= more
            grown = bool(more)
        return frozenset(found)

    serializers = {name for name in bases if name.endswith("Serializer")}
    return Classes(
        made_from(ERROR_ROOTS), made_from(DOCUMENTED_ROOTS | {"Serializer"} | serializers)
    )


class _Reader(ast.NodeVisitor):
    def __init__(self, classes: Classes, prose: bool) -> None:
        self.errors = classes.errors
        self.classes = classes
        self.prose = prose
        self.documenting: list[bool] = [False]  # in the body of a documented class (or its Meta)
        self.found: list[Finding] = []
        self.seen: set[int] = set()

    def add(self, node: ast.AST, why: str, text: str | None = None) -> None:
        text = text if text is not None else unmarked(node)
        if text is not None and id(node) not in self.seen:
            self.seen.add(id(node))
            self.found.append(Finding(node.lineno, text, why))

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        if name in GETTEXT or (
            name in LOGGING
            and _name(getattr(node.func, "value", None)) in {"logger", "log", "logging"}
        ):
            return  # marked (or a log line, for the maintainers): nothing inside is read here
        for keyword in node.keywords:
            if keyword.arg in DOCS_ONLY and self.documenting[-1]:
                continue
            if keyword.arg in TEXT_KEYWORDS:
                self.add(keyword.value, f"{keyword.arg}=")
            elif keyword.arg == "error_messages" and isinstance(keyword.value, ast.Dict):
                for value in keyword.value.values:
                    self.add(value, "error_messages")
            elif keyword.arg == "attrs" and isinstance(keyword.value, ast.Dict):
                for key, value in zip(keyword.value.keys, keyword.value.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value in TEXT_ATTRIBUTES:
                        self.add(value, f"attrs[{key.value}]")
            elif keyword.arg == "choices" and isinstance(keyword.value, (ast.List, ast.Tuple)):
                for pair in keyword.value.elts:
                    if isinstance(pair, ast.Tuple) and len(pair.elts) == 2:
                        self.add(pair.elts[1], "choices")
        if name == "strftime" and node.args and NAMED_DATE.search(ast.unparse(node.args[0])):
            self.add(node, ENGLISH_DATE, ast.unparse(node))
        shown = {}
        if name.endswith("ValidationError") or name in self.errors:
            shown = {0: f"{name}(...)"}
        elif name in MESSAGE_LEVELS and _name(getattr(node.func, "value", None)) == "messages":
            shown = {1: f"messages.{name}(...)"}
        elif name == "add_message":
            shown = {2: "messages.add_message(...)"}
        elif name == "add_error":
            shown = {1: "add_error(...)"}
        elif name == "send_mail":
            shown = {0: "send_mail subject", 1: "send_mail message"}
        for at, why in shown.items():
            if at < len(node.args):
                self.add(node.args[at], why)
        self.generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        bases = {_name(base) for base in node.bases}
        if bases & CHOICES_BASES:
            for statement in node.body:
                if isinstance(statement, ast.Assign) and _is_member(statement):
                    self.choice(statement)
        self.documenting.append(
            bool(bases & self.classes.documented) or (node.name == "Meta" and self.documenting[-1])
        )
        self.generic_visit(node)
        self.documenting.pop()

    def choice(self, member: ast.Assign) -> None:
        value = member.value
        if isinstance(value, ast.Tuple) and len(value.elts) >= 2:
            self.add(value.elts[-1], "choice label")
        else:
            label = member.targets[0].id.replace("_", " ").title()
            self.add(member, "choice without a label (Django makes an English one)", label)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            if (
                _name(target) in {"verbose_name", "verbose_name_plural"}
                and not self.documenting[-1]
            ):
                self.add(node.value, _name(target))
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if self.prose and isinstance(node.value, str) and SENTENCE.search(node.value):
            self.add(node, "a sentence of a notification")

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        text = unmarked(node)
        if self.prose and text and SENTENCE.search(text):
            self.add(node, "a sentence of a notification")
        for part in node.values:  # the parts of an f-string are not strings of their own
            spec = getattr(part, "format_spec", None)
            if spec is not None and NAMED_DATE.search(ast.unparse(spec)):
                self.add(part, ENGLISH_DATE, ast.unparse(part))


def _is_member(statement: ast.Assign) -> bool:
    target = statement.targets[0]
    return (
        len(statement.targets) == 1
        and isinstance(target, ast.Name)
        and target.id.isupper()
        and not target.id.startswith("_")
    )


def _without_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            body[0] = ast.Pass()
    return tree


def findings(source: str, path: str = "", classes: Classes | None = None) -> list[Finding]:
    """Every unmarked user-facing string of the module `source` (at `path`, which says whether
    it is one of PROSE_MODULES), by line; `classes` as known_classes found them in the project
    (else in this module alone)."""
    tree = _without_docstrings(ast.parse(source))
    reader = _Reader(
        classes if classes is not None else known_classes([tree]),
        bool(PROSE_MODULES.search(Path(path).as_posix())),
    )
    reader.visit(tree)
    return sorted(reader.found, key=lambda finding: finding.line)
