"""English as the site has always written it: the day before the month, a 24-hour clock."""

DATE_FORMAT = "j F Y"  # 5 December 2026
SHORT_DATE_FORMAT = "j M Y"  # 5 Dec 2026
DATETIME_FORMAT = "j F Y, H:i"  # 5 December 2026, 19:30
SHORT_DATETIME_FORMAT = "j M Y, H:i"  # 5 Dec 2026, 19:30
TIME_FORMAT = "H:i"  # 19:30
MONTH_DAY_FORMAT = "j F"  # 5 December
YEAR_MONTH_FORMAT = "F Y"  # December 2026
FIRST_DAY_OF_WEEK = 1  # Monday
DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
