"""English wording of the EMA page of the web app."""

from mjref.messages import register

register(
    {
        "web.ema.title": "EMA",
        "web.ema.weight": "MERS weight {weight}",
        "web.ema.source": "The EMA's ranking rules (Basics for ranking system)",
        "web.ema.days": "Days of play",
        "web.ema.host": "Organising country",
        "web.ema.qualifying": "Players had to qualify",
        "web.ema.reading": "Countries' bands",
        "web.ema.save": "Save",
        "web.ema.numbers": "EMA numbers",
        "web.ema.note": "why (optional)",
        "web.ema.accept": "Accept",
        "web.ema.list": "The EMA player list (CSV: number, name, country)",
        "web.ema.skip-bad": "Import the good rows, list the bad ones",
        "web.ema.import": "Import the list",
        "web.ema.rating": "EMA rating",
        "web.ema.checklist": "The EMA's requirements: checklist",
    }
)
