"""How dates, times and numbers read in each language of the site (settings.FORMAT_MODULE_PATH).

A template names a format (`{{ day|date:"DATE_FORMAT" }}`, or `{{ day }}` alone) instead of
writing one (`|date:"j M Y"`): the name reads as the reader's language writes it. A name not
given here is Django's own for that language.
"""
