"""What the ratings app tells the apps above it.

`rating_periods_closed`: sent in the transaction of a rebuild that rated weeks as closed for
the first time (the beat closing last week, or a result confirmed after its week ended), with
`club` and `periods`, the newly closed RatingPeriod rows, oldest first. A week rated closed
again later (a late result, a recomputation) is not sent again."""

from django.dispatch import Signal

rating_periods_closed = Signal()
