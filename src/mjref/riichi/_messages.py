"""English wording of the riichi judge's messages (findings, corrections, penalties)."""

from mjref.messages import register

register(
    {
        # Rulesets
        "riichi.bad-red-five-suit": "{suit!r} is not a suit with a red five (m, p or s)",
        # Findings that make the input unusable: the facts cannot describe a real table.
        "riichi.finding.no-winning-tile": "no winning tile is given (write it after '+')",
        "riichi.finding.fifth-copy": (
            "{tile} appears {count} times among the hand, the indicators and the discards; "
            "a set has four"
        ),
        "riichi.finding.negative": "{field} must be 0 or more, not {value}",
        "riichi.finding.above-limit": "{field} must be {limit} or less, not {value}",
        "riichi.finding.too-many-dora-indicators": (
            "{count} dora indicators; there are at most 5 (one, plus one per kong)"
        ),
        "riichi.finding.ura-without-riichi": (
            "ura dora indicators are given, but only a riichi winner turns them over"
        ),
        "riichi.finding.too-many-ura-indicators": (
            "{ura} ura dora indicators but only {dora} dora indicators"
        ),
        "riichi.finding.red-fives-not-used": "{ruleset} uses no red fives",
        "riichi.finding.red-five-twice": "the red 5{suit} is listed twice; there is one per suit",
        "riichi.finding.red-five-not-in-hand": (
            "a red 5{suit} is listed but the hand has no 5{suit}"
        ),
        "riichi.finding.red-five-unlisted": (
            "the hand holds all four 5{suit}, so one of them is the red five; list it"
        ),
        "riichi.finding.ippatsu-without-riichi": "ippatsu without riichi or double riichi",
        "riichi.finding.needs-tsumo": "{flag} is a win by self-draw, but the win is on a discard",
        "riichi.finding.needs-ron": "{flag} is a win on a discard, but the win is by self-draw",
        "riichi.finding.exclusive-flags": "{first} and {second} cannot both apply",
        "riichi.finding.rinshan-without-kong": (
            "rinshan (a win on the replacement tile after a kong) but the hand has no kong"
        ),
        "riichi.finding.chankan-tile-in-hand": (
            "chankan on {tile}, but the hand already holds {tile}; the other three are in the "
            "robbed kong"
        ),
        "riichi.finding.dealer-only": "{flag} is a win by the dealer (seat wind East) only",
        "riichi.finding.non-dealer-only": "{flag} cannot be won by the dealer (seat wind East)",
        "riichi.finding.first-turn-with-meld": (
            "{flag} is a win before any call, but the hand has declared sets"
        ),
        # Findings that make a declared win invalid (chombo) or the hand dead.
        "riichi.finding.tile-count": (
            "the hand has {count} tiles before the winning tile (a kong counts as 3); "
            "a winning hand has 13"
        ),
        "riichi.finding.not-a-winning-shape": (
            "{hand} is not a winning hand: not four sets and a pair, seven different pairs "
            "or thirteen orphans"
        ),
        "riichi.finding.no-yaku": "the hand has no yaku (dora and red fives are not yaku)",
        "riichi.finding.furiten-ron-stated": "ron while furiten (stated)",
        "riichi.finding.furiten-ron-discards": (
            "ron while furiten: the player's own discards include {tiles}, which this hand waits on"
        ),
        "riichi.finding.riichi-open-hand": (
            "riichi declared with an open hand ({melds}): the hand is dead"
        ),
        "riichi.finding.two-han-minimum": (
            "with {honba} counters on the table a win needs two han from yaku; this hand has {han}"
        ),
        # Corrections of the mahjong package's result.
        "riichi.correction.yakuman-not-cumulative": (
            "{yakuman} are all yakuman; yakuman are not cumulative, so the hand scores "
            "{counted} once ({library_han} han as the library added them, {han} here)"
        ),
        "riichi.correction.daisuushii-double-yakuman": (
            "Dai Suushii is a double yakuman under this ruleset ({han} han)"
        ),
        "riichi.correction.renhou-mangan": (
            "renhou is a mangan and is not added to other yaku or dora "
            "({library_han} han as the library added them, a mangan here)"
        ),
        "riichi.correction.renhou-own-value-higher": (
            "renhou is not counted: the hand's own yaku and dora ({han} han) are worth more "
            "than a mangan"
        ),
        "riichi.correction.two-han-minimum": (
            "the library accepts the hand with {han} han from yaku; this ruleset requires two "
            "with {honba} counters"
        ),
        # Penalties.
        "riichi.penalty.after-uma": (
            "chombo: {points:,} points deducted from the offender's score after uma"
        ),
        "riichi.penalty.at-table-dealer": "chombo: the dealer pays {each:,} to each other player",
        "riichi.penalty.at-table-non-dealer": (
            "chombo: the offender pays {dealer:,} to the dealer and {other:,} to each other player"
        ),
        "riichi.penalty.dead-hand": "dead hand: the player may not win this hand",
        # Fu parts (reasons as the mahjong package names them).
        "riichi.fu.base": "base",
        "riichi.fu.penchan": "edge wait",
        "riichi.fu.kanchan": "closed wait",
        "riichi.fu.valued_pair": "pair of dragons, seat or prevalent wind",
        "riichi.fu.double_valued_pair": "pair of a wind that is both seat and prevalent wind",
        "riichi.fu.pair_wait": "single wait on the pair",
        "riichi.fu.tsumo": "self-draw",
        "riichi.fu.hand_without_fu": "open hand without minipoints",
        "riichi.fu.closed_pon": "concealed pung of simples",
        "riichi.fu.open_pon": "open pung of simples",
        "riichi.fu.closed_terminal_pon": "concealed pung of terminals or honours",
        "riichi.fu.open_terminal_pon": "open pung of terminals or honours",
        "riichi.fu.closed_kan": "concealed kong of simples",
        "riichi.fu.open_kan": "open kong of simples",
        "riichi.fu.closed_terminal_kan": "concealed kong of terminals or honours",
        "riichi.fu.open_terminal_kan": "open kong of terminals or honours",
        "riichi.fu.other": "{reason}",
    }
)
