"""The readable (non-JSON) output of the commands is in the language of ``--lang``: the
headings and sentences around the names, not only the messages inside them. Fan names
(the Green Book's proper names), codes, clause ids, ruleset names and tiles stay as they
are (docs/translations.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjref.cli.main import app

runner = CliRunner()

LANGS = ("hu", "it", "fr", "nl")

VALID = ("mcr", "judge", "[123s](7777p)EE45678s+9s", "--prevalent", "S", "--flowers", "2")
SELF_DRAWN = ("mcr", "judge", "[123s](7777p)EE45678s+9s", "--self-drawn")
FALSE_HU = ("mcr", "judge", "[123s][456p]678m11p99s+9s")
RIICHI_WIN = ("riichi", "judge", "[PPP]234m567p33s67s+8s", "--self-drawn", "--seat", "S")
RIICHI_CHOMBO = ("riichi", "judge", "234m567p33s67s99p+8s", "--riichi", "--furiten")

# Per command: the English the output used to carry under every --lang, and for each
# language the translated headings that stand in its place.
CASES: list[tuple[tuple[str, ...], tuple[str, ...], dict[str, tuple[str, ...]]]] = [
    (
        VALID,
        (
            "Hand:",
            "Convention:",
            "Division",
            "Points  Count",
            "Total:",
            "without flowers",
            "Verdict:",
            "VALID WIN",
            "Payments",
            "discarder pays",
        ),
        {
            "hu": (
                "Kéz:",
                "Konvenció:",
                "Felbontás (szabályos)",
                "Pont  Darab  Összesen",
                "virágok nélkül 19",
                "ÉRVÉNYES GYŐZELEM",
                "a dobó 29 pontot fizet",
            ),
            "it": (
                "Mano:",
                "Convenzione:",
                "Scomposizione (regolare)",
                "Punti  Volte  Totale",
                "19 senza fiori",
                "VITTORIA VALIDA",
                "chi ha scartato paga 29",
            ),
            "fr": (
                "Main :",
                "Convention :",
                "Décomposition (régulière)",
                "Points  Nombre",
                "19 sans les fleurs",
                "VICTOIRE VALABLE",
                "a défaussé paie 29",
            ),
            "nl": (
                "Hand:",
                "Conventie:",
                "Indeling (gewoon)",
                "Punten  Aantal  Totaal",
                "19 zonder bloemen",
                "GELDIGE MAHJONG",
                "de afgooier betaalt 29",
            ),
        },
    ),
    (
        SELF_DRAWN,
        ("Payments", "each opponent pays"),
        {
            "hu": ("Kifizetés (green-book:payments): minden ellenfél",),
            "it": ("Pagamenti (green-book:payments): ogni avversario paga",),
            "fr": ("Paiements (green-book:payments) : chaque adversaire paie",),
            "nl": ("Betalingen (green-book:payments): elke tegenstander betaalt",),
        },
    ),
    (
        FALSE_HU,
        ("Verdict:", "FALSE HU", "dead hand,", "points to each opponent", "without flowers"),
        {
            "hu": ("Döntés: TÉVES HU - dead hand, 10 pont minden ellenfélnek (mers-2008:2.10.2)",),
            "it": ("Verdetto: FALSO HU - mano morta, 10 punti a ogni avversario",),
            "fr": ("Décision : FAUX HU - main morte, 10 points à chaque adversaire",),
            "nl": ("Oordeel: VALSE MAHJONG - dode hand, 10 punten aan elke tegenstander",),
        },
    ),
    (
        ("mcr", "judge", "123m456p789s11pEE+S"),
        ("Findings:", "Verdict:"),
        {
            "hu": ("Megállapítások:", "not-a-winning-shape"),
            "it": ("Rilievi:", "not-a-winning-shape"),
            "fr": ("Constatations :", "not-a-winning-shape"),
            "nl": ("Bevindingen:", "not-a-winning-shape"),
        },
    ),
    (
        ("mcr", "judge", "2244m5588p3377sW+W", "--self-drawn"),
        ("Disputed point", "read as", "those hands are excluded only from Concealed Hand"),
        {
            "hu": (
                "Vitatott kérdés D6 (green-book:D6): 'fully-concealed-hand' olvasattal - Fully "
                "Concealed Hand (4): ezek a kezek csak a Concealed Handből vannak kizárva.",
            ),
            "it": (
                "Punto controverso D6 (green-book:D6): letto come 'fully-concealed-hand' - Fully "
                "Concealed Hand (4): quelle mani sono escluse solo da Concealed Hand.",
            ),
            "fr": (
                "Point disputé D6 (green-book:D6) : lu comme 'fully-concealed-hand' - Fully "
                "Concealed Hand (4) : ces mains sont exclues seulement de Concealed Hand.",
            ),
            "nl": (
                "Betwist punt D6 (green-book:D6): gelezen als 'fully-concealed-hand' - Fully "
                "Concealed Hand (4): die handen zijn alleen van Concealed Hand uitgesloten.",
            ),
        },
    ),
    (
        ("mcr", "fans"),
        ("MIL only", "not a Green Book fan"),
        {
            "hu": ("Pure Straight", "(csak MIL, nem Green Book-fan)"),
            "it": ("Pure Straight", "(solo MIL, non è un fan del Green Book)"),
            "fr": ("Pure Straight", "(MIL seulement, pas un fan du Green Book)"),
            "nl": ("Pure Straight", "(alleen MIL, geen fan van het Green Book)"),
        },
    ),
    (
        ("mcr", "conventions"),
        ("(aliases:", "What is Two Concealed Kongs worth?", "the 1998 Chinese value"),
        {
            "hu": (
                "green-book (más nevek: gb, green-book-2006)",
                "D1 (green-book:D1): Mennyit ér a Two Concealed Kongs?",
                "6 [mil]: 6 pont, az 1998-as kínai érték.",
            ),
            "it": (
                "green-book (alias: gb, green-book-2006)",
                "D1 (green-book:D1): Quanto vale Two Concealed Kongs?",
                "6 [mil]: 6 punti, il valore cinese del 1998.",
            ),
            "fr": (
                "green-book (alias : gb, green-book-2006)",
                "D1 (green-book:D1): Combien vaut Two Concealed Kongs ?",
                "6 [mil]: 6 points, la valeur chinoise de 1998.",
            ),
            "nl": (
                "green-book (aliassen: gb, green-book-2006)",
                "D1 (green-book:D1): Hoeveel is Two Concealed Kongs waard?",
                "6 [mil]: 6 punten, de Chinese waarde van 1998.",
            ),
        },
    ),
    (
        RIICHI_WIN,
        (
            "Hand:",
            "seat S",
            "Valid win:",
            "Hand points:",
            "Payment:",
            "the dealer pays",
            "riichi sticks",
            "total 1,100",
        ),
        {
            "hu": (
                "Kéz:",
                "Érvényes győzelem: igen",
                "Yakuk:",
                "A kéz értéke: 1",
                "Kifizetés:",
                "az osztó 500",
            ),
            "it": (
                "Mano:",
                "Vittoria valida: sì",
                "Punti della mano: 1.100",
                "Pagamento:",
                "il mazziere paga 500",
                "totale 1.100",
            ),
            "fr": (
                "Main :",
                "Victoire valable : oui",
                "Points de la main : 1",
                "Paiement :",
                "le donneur paie 500",
            ),
            "nl": (
                "Hand:",
                "Geldige winst: ja",
                "Punten van de hand: 1.100",
                "Betaling:",
                "de gever betaalt 500",
                "totaal 1.100",
            ),
        },
    ),
    (
        RIICHI_CHOMBO,
        ("Valid win:", "Findings:", "Penalty", "Furiten: yes"),
        {
            "hu": (
                "Érvényes győzelem: nem",
                "Megállapítások:",
                "Büntetés [rcr-2016:3.4.6]",
                "Furiten: igen",
            ),
            "it": ("Vittoria valida: no", "Rilievi:", "Penalità [rcr-2016:3.4.6]", "Furiten: sì"),
            "fr": (
                "Victoire valable : non",
                "Constatations :",
                "Pénalité [rcr-2016:3.4.6]",
                "Furiten : oui",
            ),
            "nl": ("Geldige winst: nee", "Bevindingen:", "Straf [rcr-2016:3.4.6]", "Furiten: ja"),
        },
    ),
    (
        ("rules", "list"),
        (
            "family mcr",
            "texts in",
            " clauses",
            "riichi judge:",
            "    option ",
            "    reading +",
            "aliases (any case)",
            "A spec adds readings",
            "Penalty bands for arriving late",
        ),
        {
            "hu": (
                "család: mcr",
                "szövegek nyelve:",
                "szabálypont",
                "riichi bíráló:",
                "opció – ",
                "olvasat – +italian",
                "más nevek (kis- és nagybetű mindegy)",
                "A késés büntetési sávjai (2.3)",
            ),
            "it": (
                "famiglia mcr",
                "testi in",
                "articoli",
                "giudice riichi:",
                "opzione ",
                "lettura +italian",
                "alias (maiuscole o minuscole indifferenti)",
                "Fasce di penalità per il ritardo (2.3)",
            ),
            "fr": (
                "famille mcr",
                "textes en",
                "articles",
                "juge riichi :",
                "option ",
                "lecture +italian :",
                "alias (majuscules ou minuscules)",
                "Paliers de pénalité pour un retard (2.3)",
            ),
            "nl": (
                "familie mcr",
                "teksten in",
                "artikelen",
                "riichi-beoordeling:",
                "optie ",
                "lezing +italian:",
                "aliassen (hoofdletters maken niet uit)",
                "Strafgrenzen bij te laat komen (2.3)",
            ),
        },
    ),
    (
        ("rules", "show", "mers-2008+hungarian:2.9.7"),
        (
            "From the value of the winning hand",
            "as read under",
            "printed as:",
            "topic:",
            "reading winning-tile-penalty",
            "other readings",
            "  outcome ",
        ),
        {
            "hu": (
                "a(z) mers-2008+hungarian olvasatában",
                "hand-value: A nyerő kéz értékéből;",
                "számozás:",
                "téma:",
                "olvasat – winning-tile-penalty = hand-value",
                "[más olvasatok: player-total]",
                "kimenetel: deduction; ezekről dönt: winning-tile-not-added",
            ),
            "it": (
                "secondo la lettura mers-2008+hungarian",
                "hand-value: Dal valore della mano vincente;",
                "numerazione:",
                "argomento:",
                "lettura winning-tile-penalty = hand-value",
                "[altre letture: player-total]",
                "esito deduction: decide winning-tile-not-added",
            ),
            "fr": (
                "selon la lecture mers-2008+hungarian",
                "hand-value : De la valeur de la main gagnante ;",
                "numérotation :",
                "sujet :",
                "lecture winning-tile-penalty = hand-value :",
                "[autres lectures : player-total]",
                "issue deduction : tranche winning-tile-not-added",
            ),
            "nl": (
                "gelezen onder mers-2008+hungarian",
                "hand-value: Van de waarde van de winnende hand;",
                "nummering:",
                "onderwerp:",
                "lezing winning-tile-penalty = hand-value",
                "[andere lezingen: player-total]",
                "uitkomst deduction: beslist winning-tile-not-added",
            ),
        },
    ),
    (
        ("rules", "diff", "mers-2008", "mers-2008+hungarian"),
        ("  reading ", "situations differ", "decided the same way", "no rule"),
        {
            "hu": ("olvasat – winning-tile-penalty:", "helyzet eltér"),
            "it": ("lettura winning-tile-penalty:", "situazioni differiscono"),
            "fr": ("lecture winning-tile-penalty :", "situations diffèrent"),
            "nl": ("lezing winning-tile-penalty:", "situaties verschillen"),
        },
    ),
    (
        ("rules", "incidents", "--family", "mcr"),
        ("Every incident also takes", "; required)", "; default "),
        {
            "hu": ("Minden eseménytípus ezeket is elfogadja:", "kötelező", "alapérték:"),
            "it": ("Ogni tipo di incidente accetta anche:", "obbligatorio", "predefinito"),
            "fr": ("Chaque type d'incident accepte aussi :", "obligatoire", "par défaut"),
            "nl": ("Elk incidenttype kent ook:", "verplicht", "standaard"),
        },
    ),
    (
        ("seating", "generate", "--players", "16", "--sessions", "4"),
        (
            "Session 1",
            "table ",
            "East",
            "repeated meetings",
            "wind spread",
            "table revisits",
            " players, ",
            "common opponents",
        ),
        {
            "hu": (
                "1. forduló",
                "asztal  Kelet",
                "Nyugat",
                "ismételt találkozások: 0",
                "16 játékos, 4 forduló",
                "szelek szórása:",
            ),
            "it": (
                "Sessione 1",
                "tavolo    Est",
                "Ovest",
                "incontri ripetuti: 0",
                "16 giocatori, 4 sessioni",
                "scarto tra i venti:",
            ),
            "fr": (
                "Session 1",
                "table    Est",
                "Ouest",
                "rencontres répétées : 0",
                "16 joueurs, 4 sessions",
                "écart entre les vents :",
            ),
            "nl": (
                "Sessie 1",
                "tafel   Oost",
                "Zuid",
                "herhaalde ontmoetingen: 0",
                "16 spelers, 4 sessies",
                "spreiding van de winden:",
            ),
        },
    ),
]


def _ids() -> list[str]:
    return [" ".join(args[:3]) for args, _, _ in CASES]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("args", "english", "translated"), CASES, ids=_ids())
def test_readable_output_is_in_the_chosen_language(
    args: tuple[str, ...],
    english: tuple[str, ...],
    translated: dict[str, tuple[str, ...]],
    lang: str,
) -> None:
    before = runner.invoke(app, list(args))
    assert before.exit_code in (0, 1), before.stderr
    for words in english:  # the English really is there without --lang ...
        assert words in before.stdout, (words, "missing from the English output")
    result = runner.invoke(app, [*args, "--lang", lang])
    assert result.exit_code == before.exit_code, result.stderr
    for words in english:  # ... and gone under --lang (unless the language says it so too)
        if not any(words.strip() in same for same in translated[lang]):
            assert words not in result.stdout, (lang, words)
    for words in translated[lang]:
        assert words in result.stdout, (lang, words)


@pytest.mark.parametrize("lang", LANGS)
def test_seating_check_and_notes_follow_the_language(lang: str, tmp_path: Path) -> None:
    plan = tmp_path / "plan.json"
    plan.write_text(
        runner.invoke(
            app, ["seating", "generate", "--players", "16", "--sessions", "4", "--json"]
        ).stdout
    )
    checked = runner.invoke(app, ["seating", "check", str(plan), "--lang", lang])
    assert checked.exit_code == 0, checked.stderr
    for words in ("repeated meetings", "table revisits", "players, ", "wind spread"):
        assert words not in checked.stdout, (lang, words)
    heading = {"hu": "16 játékos", "it": "16 giocatori", "fr": "16 joueurs", "nl": "16 spelers"}
    assert heading[lang] in checked.stdout
    # byes: a search (a size the library serves is seated at once, with no working note)
    arguments = ["generate", "--players", "18", "--sessions", "4", "--fill", "byes"]
    uneven = runner.invoke(app, ["seating", *arguments, "--lang", lang])
    assert uneven.exit_code == 0
    assert "note:" not in uneven.stderr
    assert "(choose with --fill)" not in uneven.stderr
    assert "--fill" in uneven.stderr  # the option's name stays as typed
    working = {
        "hu": "18 játékos ültetése 4 fordulóra ...",
        "it": "assegnazione dei posti a 18 giocatori per 4 sessioni ...",
        "fr": "placement de 18 joueurs sur 4 sessions ...",
        "nl": "18 spelers worden ingedeeld over 4 sessies ...",
    }
    note = {"hu": "megjegyzés:", "it": "nota:", "fr": "remarque :", "nl": "opmerking:"}
    first, second = uneven.stderr.splitlines()[:2]
    assert first == working[lang]  # while it works, then the note for the organiser
    assert second.startswith(note[lang])


def test_english_stays_as_it_was() -> None:
    """The English output is unchanged (docs and scripts read it)."""
    out = runner.invoke(app, list(VALID)).stdout
    assert "  Fan                   Points  Count  Total  Sets\n" in out
    assert (
        "Total: 21 (19 without flowers)\nVerdict: VALID WIN (8 or more without flowers).\n" in out
    )
    assert "Payments (green-book:payments): the discarder pays 29, the other two pay 8 each." in out
    riichi = runner.invoke(app, list(RIICHI_WIN)).stdout
    assert "Hand: [PPP]234m567p33s67s+8s  (tsumo, seat S, round E)\nValid win: yes\n" in riichi
    assert (
        "Payment: the dealer pays 500, each other player 300 (counters 0); riichi sticks 0; "
        "total 1,100" in riichi
    )


DEMO_TITLE = {
    "hu": "=== 1. Érvényes győzelem: Pure Straight egy rejtett konggal",
    "it": "=== 1. Una vittoria valida: Pure Straight con un kong nascosto",
    "fr": "=== 1. Une victoire valable : Pure Straight avec un kong caché",
    "nl": "=== 1. Een geldige mahjong: Pure Straight met een dichte kong",
}


@pytest.mark.parametrize("lang", LANGS)
def test_demo_hands_follow_the_language(lang: str) -> None:
    english = runner.invoke(app, ["demo", "--hands"]).stdout
    assert "=== 1. A valid win: Pure Straight" in english
    out = runner.invoke(app, ["demo", "--hands", "--lang", lang]).stdout
    assert out.count("=== ") == 5
    assert DEMO_TITLE[lang] in out
    for words in ("A valid win", "Convention:", "Verdict:", "Payments", "without flowers"):
        assert words not in out, (lang, words)
    titles = runner.invoke(app, ["demo", "--hands", "--json", "--lang", lang]).stdout
    assert '"title": "A valid win: Pure Straight' in titles  # JSON keeps its English title


def test_demo_headline_follows_the_language() -> None:
    out = runner.invoke(app, ["demo", "--lang", "hu"]).stdout
    assert out.startswith("mjref Demo Open (mers-2010): 16 játékos, 3 forduló\n")


NOTE = {
    "hu": "megjegyzés: A francia a következő két kört számolja;",
    "it": "nota: Il francese conta i due turni successivi;",
    "fr": "remarque : Le français compte les deux tours suivants ;",
    "nl": "opmerking: Het Frans telt de volgende twee beurten;",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_clause_note_follows_the_language(lang: str) -> None:
    args = ["rules", "show", "mers-2010:2.7.3"]
    english = runner.invoke(app, args).stdout
    assert "note: The French counts the next two turns;" in english
    out = runner.invoke(app, [*args, "--lang", lang]).stdout
    assert NOTE[lang] in out
    assert "The French counts" not in out
    assert "claim-deadline" in out  # the option keeps its name
