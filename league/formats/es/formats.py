"""Spanish (Spain)."""

DATE_FORMAT = r"j \d\e F \d\e Y"  # 5 de diciembre de 2026
SHORT_DATE_FORMAT = "d/m/Y"  # 05/12/2026
DATETIME_FORMAT = r"j \d\e F \d\e Y, H:i"  # 5 de diciembre de 2026, 19:30
SHORT_DATETIME_FORMAT = "d/m/Y H:i"  # 05/12/2026 19:30
TIME_FORMAT = "H:i"  # 19:30
MONTH_DAY_FORMAT = r"j \d\e F"  # 5 de diciembre
YEAR_MONTH_FORMAT = r"F \d\e Y"  # diciembre de 2026
FIRST_DAY_OF_WEEK = 1  # lunes
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "\xa0"  # a non-breaking space, as the RAE writes 12 345
NUMBER_GROUPING = 3
