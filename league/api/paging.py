"""Every list is paged: `page` (from 1) and `page_size` (1 to 200, 50 when not given). A value
that is not such a number is refused (400) rather than quietly replaced; a page past the last
is not found (404). A number is written in the digits 0 to 9 alone, as every number a request
carries is read (league.core.numbers): "2.0", "+2", " 2" and "٢" are refused, which Django REST
framework's IntegerField would read as 2."""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination

from league.core.numbers import ascii_int

MAX_PAGE = 1_000_000


def read_query(request, form: type[serializers.Serializer]) -> dict:
    """The query's parameters that `form` names, checked: each given once, each a valid value
    (an empty one is not); a refusal is a 400 naming the parameter."""
    query = request.query_params
    given = {}
    for name in form().fields:
        values = query.getlist(name)
        if len(values) > 1:
            raise serializers.ValidationError({name: ["Give this parameter once."]})
        if values:
            given[name] = values[0]
    checked = form(data=given)
    checked.is_valid(raise_exception=True)
    return dict(checked.validated_data)


class WholeNumber(serializers.IntegerField):
    def to_internal_value(self, data) -> int:
        number = ascii_int(data)
        if number is None:
            self.fail("invalid")
        return number


class PageQuery(serializers.Serializer):
    page = WholeNumber(required=False, min_value=1, max_value=MAX_PAGE)
    page_size = WholeNumber(required=False, min_value=1, max_value=200)


class Pages(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
    last_page_strings = ()

    def _query(self, request) -> dict:
        return read_query(request, PageQuery)

    def get_page_number(self, request, paginator) -> int:
        return self._query(request).get("page", 1)

    def get_page_size(self, request) -> int:
        return self._query(request).get("page_size", self.page_size)

    def get_schema_operation_parameters(self, view) -> list[dict]:
        return [
            {"name": "page", "required": False, "in": "query",
             "description": "The page, from 1", "schema": {"type": "integer", "minimum": 1,
                                                           "maximum": MAX_PAGE}},
            {"name": "page_size", "required": False, "in": "query",
             "description": f"Results a page, {self.page_size} when not given",
             "schema": {"type": "integer", "minimum": 1, "maximum": self.max_page_size}},
        ]
