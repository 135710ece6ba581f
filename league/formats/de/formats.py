"""German (Germany)."""

DATE_FORMAT = "j. F Y"  # 5. Dezember 2026
SHORT_DATE_FORMAT = "d.m.Y"  # 05.12.2026
DATETIME_FORMAT = r"j. F Y, H:i \U\h\r"  # 5. Dezember 2026, 19:30 Uhr
SHORT_DATETIME_FORMAT = "d.m.Y, H:i"  # 05.12.2026, 19:30
TIME_FORMAT = r"H:i \U\h\r"  # 19:30 Uhr
MONTH_DAY_FORMAT = "j. F"  # 5. Dezember
YEAR_MONTH_FORMAT = "F Y"  # Dezember 2026
FIRST_DAY_OF_WEEK = 1  # Montag
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3
