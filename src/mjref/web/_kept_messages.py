"""English wording of the errors shown in place (:mod:`mjref.web.kept`)."""

from mjref.messages import register

register(
    {
        "web.kept.bad-field": "This value is not accepted here: {value!r}",
    }
)
