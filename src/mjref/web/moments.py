"""A moment for people: a log entry's time, a backup's or a draw's, in the reader's
language (Babel's medium date and time), in the serving computer's time zone (the
venue's), instead of the ISO text the log stores.

>>> format_moment("2026-05-02T09:30:00+00:00", "en", zone="UTC")
'2 May 2026, 09:30:00'
>>> format_moment("2026-05-02T09:30:00+00:00", "hu", zone="UTC")
'2026. máj. 2. 9:30:00'
>>> format_moment("not a time", "fr")
'not a time'
>>> format_moment(None, "it")
''
"""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo

from mjref.i18n import check_language


def format_moment(
    value: object, language: str, zone: str | None = None, width: str = "medium"
) -> str:
    """``value`` (a :class:`datetime` or its ISO text; a naive one is UTC, as the log
    writes) in ``language``, in the local time zone or in ``zone`` (an IANA name), at
    Babel's ``width`` (``short``: the date in figures, the time without seconds).
    Anything else is shown as it is, as text (never an error on a page); ``None`` is
    empty."""
    if value is None or value == "":
        return ""
    moment = value if isinstance(value, datetime) else _parsed(str(value))
    if moment is None:
        return str(value)
    from babel.dates import format_datetime, get_timezone  # here: start-up time

    check_language(language)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    where: tzinfo | None = get_timezone(zone) if zone else None
    try:
        local = moment.astimezone(where)
    except (OverflowError, ValueError):  # at the edge of the calendar: as it is
        return str(value)
    return str(format_datetime(local, width, locale=_locale(language)))


def _parsed(text: str) -> datetime | None:
    if len(text) > 40:
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def _locale(language: str) -> str:
    """The Babel locale of a language (English as in Britain, where the EMA writes it)."""
    return "en_GB" if language == "en" else language
