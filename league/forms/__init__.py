"""The site's forms. They only parse what was typed; the services decide what is allowed and
say why not (a ServiceError naming the field it is about)."""

from .base import ServiceErrorForm, comment_field

__all__ = ["ServiceErrorForm", "comment_field"]
