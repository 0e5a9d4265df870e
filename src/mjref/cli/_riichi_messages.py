"""English wording of ``mjref riichi judge``'s readable verdict. Riichi terms (riichi,
ron, tsumo, yaku, han, fu, furiten, chombo) stay as they are in every language; yaku
names are the ``mahjong`` package's; codes, clauses and tiles are shown as they are."""

from mjref.messages import register

register(
    {
        "cli.riichi.hand": "Hand: {hand}  ({how}, seat {seat}, round {round})",
        "cli.riichi.valid-win": "Valid win: {answer}",
        "cli.riichi.yes": "yes",
        "cli.riichi.no": "no",
        "cli.riichi.findings": "Findings:",
        "cli.riichi.yaku": "Yaku:",
        "cli.riichi.yaku-han": "{name}: {han} han",
        "cli.riichi.han-fu": "Han {han}, fu {fu}",
        "cli.riichi.corrections": "Corrections of the mahjong package:",
        "cli.riichi.pays-discarder": "the discarder pays {points:,}",
        "cli.riichi.pays-each": "each player pays {points:,}",
        "cli.riichi.pays-dealer": "the dealer pays {dealer:,}, each other player {others:,}",
        "cli.riichi.hand-points": "Hand points: {points:,}",
        "cli.riichi.payment": (
            "Payment: {who} (counters {honba:,}); riichi sticks {sticks:,}; total {total:,}"
        ),
        "cli.riichi.penalty": "Penalty [{clause}]: {penalty}",
        "cli.riichi.furiten": "Furiten: yes",
    }
)
