"""English wording of the ranking's named readings: what each does, for the forms and the
command line that change them (``docs/ema.md``)."""

from mjref.messages import register

register(
    {
        "ema.reading.base-rank-truncate": (
            "base ranks cut to the whole number below (the EMA's example: 75th of 100 has 252)"
        ),
        "ema.reading.base-rank-half-up": "base ranks rounded to the nearest whole number, .5 up",
        "ema.reading.base-rank-half-even": (
            "base ranks rounded to the nearest whole number, .5 to the even one "
            "(a rating portal's rounding)"
        ),
        "ema.reading.base-rank-exact": "base ranks kept exact, as fractions",
        "ema.reading.age-inclusive": (
            "a result exactly 12 months old counts fully, exactly 24 months old half"
        ),
        "ema.reading.age-exclusive": (
            "a result exactly 12 months old counts half, exactly 24 months old not at all"
        ),
        "ema.reading.age-from-end": "a result ages from the tournament's last day",
        "ema.reading.age-from-start": "a result ages from the tournament's first day",
        "ema.reading.tie-higher-weight": (
            "of two results with the same base rank at a cut-off, the one with the higher "
            "weight is taken first"
        ),
        "ema.reading.tie-more-recent": (
            "of two results with the same base rank at a cut-off, the more recent one is "
            "taken first"
        ),
        "ema.reading.wc-count": "results of world championships count, with their weight",
        "ema.reading.wc-excluded": "results of world championships do not count",
        "ema.reading-kind.countries": "Countries' bands of the MERS weight",
        "ema.reading-kind.base_rank": "A base rank that is not a whole number",
        "ema.reading-kind.age": "A result exactly 12 or 24 months old",
        "ema.reading-kind.age_date": "The date that ages a result",
        "ema.reading-kind.tie": "A tie at the part A or part B cut-off",
        "ema.reading-kind.world_championships": "World championships",
    }
)
