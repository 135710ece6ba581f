"""The words of a template that a reader sees and no translation tag marks.

A template is compiled by Django's own template engine (lexer and parser, with the project's tag
libraries). Its node tree is written out again as the page's skeleton: the text nodes as they
are, every `{% translate %}`/`{% blocktranslate %}` and every `{{ variable }}` as a mark with no
letter in it, every other tag's own output left out and its inner nodes walked in order. The
skeleton is then read as HTML: the text outside <script>/<style> and outside the code a page
quotes for a program (<code>, <kbd>, <samp>: a header's name, a command), and the attributes
a reader sees or hears (TEXT_ATTRIBUTES), are findings when a word of letters is left in them.
The string literals a tag passes on (`{% include ... with caption="..." %}`, `|default:"..."`)
are findings too, unless marked `_("...")`; so is `|pluralize`, whose plural is English's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

from django.template import engines
from django.template.base import FilterExpression, Node, TextNode, VariableNode, filter_re
from django.template.defaulttags import CommentNode, FirstOfNode, VerbatimNode, WithNode
from django.template.library import TagHelperNode
from django.template.loader_tags import BlockNode, IncludeNode
from django.templatetags.i18n import BlockTranslateNode, TranslateNode

MARKED = "\x01"  # where a translate tag writes its (translated) text
VALUE = "\x02"  # where a variable writes its value
APART = "\x03"  # between a tag's branches: `{% if %}one{% else %}other{% endif %}` are two texts
LETTERS = re.compile(r"[^\W\d_]+")

# Attributes whose value a reader sees (a tooltip, a placeholder, a button's face, a phone
# table's cell label shown by CSS) or hears (a screen reader's name for it).
TEXT_ATTRIBUTES = {
    "title",
    "aria-label",
    "aria-description",
    "aria-roledescription",
    "placeholder",
    "alt",
    "data-label",
}
BUTTON_INPUTS = {"submit", "button", "reset"}

# Allowed to stay as written in every language: the site's name, the start of a web address,
# and the names docs/glossary.md keeps in every language (a game's, the rating systems').
ALLOWED_WORDS = ("Gin League", "https://", "Hollywood", "Glicko-2", "Elo")

# Passed on by tags, or a block's name, never shown: a CSS class, an HTML id, a kind (which of
# its own marked words an included template shows).
MACHINE_KEYS = re.compile(r"(^|_)(class|id|kind)$")
# The tags whose first argument names a page, as {% url %}'s does (league.core.templatetags.links).
PAGE_NAME_TAGS = {"link", "list_items"}
# The filters whose string argument is shown instead of (or with) the value.
TEXT_FILTERS = {"default", "default_if_none", "yesno"}


@dataclass(frozen=True)
class Finding:
    line: int
    text: str
    why: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.why}: {self.text!r}"


def has_words(text: str) -> bool:
    for allowed in ALLOWED_WORDS:
        text = text.replace(allowed, " ")
    return bool(LETTERS.search(text))


def findings(source: str) -> list[Finding]:
    """Every unmarked text of the template `source` (one finding per text, in order)."""
    template = engines["django"].engine.from_string(source)
    walker = _Walker(source)
    walker.walk(template.nodelist)
    reader = _SkeletonReader(source)
    # A tag's name given by a variable (`<{{ heading }}>`) is still read as a tag.
    reader.feed(re.sub(f"(</?){VALUE}", rf"\1v{VALUE}", "".join(walker.skeleton)))
    reader.close()
    return walker.found + reader.found


def _line(source: str, text: str) -> int:
    at = source.find(text.strip()[:40])
    if at < 0:  # an entity in the source (`&#x27;`) is a character in the text
        at = source.find(re.search(r"[^\W\d_][\w ]*", text)[0].strip())
    return source.count("\n", 0, at) + 1 if at >= 0 else 0


class _Walker:
    def __init__(self, source: str) -> None:
        self.source = source
        self.skeleton: list[str] = []
        self.found: list[Finding] = []

    def walk(self, nodelist) -> None:
        for node in nodelist:
            self.node(node)

    def node(self, node: Node) -> None:
        if isinstance(node, (TranslateNode, BlockTranslateNode)):
            self.skeleton.append(MARKED)
        elif isinstance(node, TextNode):
            self.skeleton.append(node.s)
        elif isinstance(node, VerbatimNode):
            self.skeleton.append(node.content)
        elif isinstance(node, VariableNode):
            # A literal it may write is left where it stands: read as text in the text, or as
            # the attribute's value (a class name is not read).
            self.skeleton.append(VALUE)
            for literal in self.literals(node.filter_expression):
                self.skeleton.append(f"{APART}{literal}{APART}")
        elif isinstance(node, CommentNode) or (
            isinstance(node, BlockNode) and MACHINE_KEYS.search(node.name)
        ):
            pass  # a block filling an attribute of the base template: `{% block body_class %}`
        else:
            self.passed_on(node)
            branches = (
                [nodelist for _, nodelist in node.conditions_nodelists]
                if hasattr(node, "conditions_nodelists")
                else [getattr(node, name, None) or [] for name in node.child_nodelists]
            )
            for branch in branches:
                self.skeleton.append(APART)
                self.walk(branch)
            self.skeleton.append(APART)

    def passed_on(self, node: Node) -> None:
        """The literals a tag hands to a template or a tag: `with caption="..."`."""
        named = {}
        if isinstance(node, (IncludeNode, WithNode)):
            named = node.extra_context
        elif isinstance(node, TagHelperNode):
            named = {**dict(enumerate(node.args)), **node.kwargs}
            if node.func.__name__ in PAGE_NAME_TAGS:
                named.pop(0, None)  # a page's name, not text
        elif isinstance(node, FirstOfNode):
            named = dict(enumerate(node.vars))
        for key, expression in named.items():
            if not MACHINE_KEYS.search(str(key)) and isinstance(expression, FilterExpression):
                for literal in self.literals(expression):
                    self.add(literal, f"passed on as {key}, not marked _(...)")

    def literals(self, expression: FilterExpression) -> list[str]:
        """The unmarked string literals the expression may give as its value: its own, or a
        text filter's argument (`|default:"none"`). A `|pluralize` is a finding of its own."""
        found = []
        for match in filter_re.finditer(expression.token):
            constant = match["constant"]
            if match["filter_name"] == "pluralize":
                self.add(
                    expression.token,
                    "|pluralize makes English plurals only: use {% blocktranslate count %}",
                )
            elif match["filter_name"] in TEXT_FILTERS:
                constant = match["constant_arg"]
            if constant and not constant.startswith("_(") and has_words(constant[1:-1]):
                found.append(constant[1:-1])
        return found

    def add(self, text: str, why: str) -> None:
        self.found.append(Finding(_line(self.source, text), text, why))


class _SkeletonReader(HTMLParser):
    """The text and the read attributes of the skeleton (a template's HTML, every translated
    text and every value replaced by a mark without letters)."""

    # Not read as words: a script, a style, JSON-LD, and code quoted for a program.
    RAW = {"script", "style", "code", "kbd", "samp"}

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.source = source
        self.found: list[Finding] = []
        self.raw: str | None = None

    def handle_starttag(self, tag, attrs) -> None:
        if tag in self.RAW:
            self.raw = tag
        shown = dict(attrs)
        for name, value in attrs:
            read = name in TEXT_ATTRIBUTES or (
                name == "value"
                and tag == "input"
                and (shown.get("type") or "").lower() in BUTTON_INPUTS
            )
            for part in (value or "").split(APART) if read else ():
                if has_words(part):
                    self.add(part, f"{tag}[{name}]")

    def handle_endtag(self, tag) -> None:
        if tag == self.raw:
            self.raw = None

    def handle_data(self, data) -> None:
        for part in data.split(APART) if self.raw is None else ():
            if has_words(part):
                self.add(part, "text")

    def add(self, text: str, why: str) -> None:
        shown = " ".join(text.replace(MARKED, "{%translate%}").replace(VALUE, "{{}}").split())
        first = next(part for part in re.split(f"[{MARKED}{VALUE}]", text) if has_words(part))
        self.found.append(Finding(_line(self.source, first), shown, why))
