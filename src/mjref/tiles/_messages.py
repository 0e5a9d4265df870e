"""English wording of the tile and notation messages."""

from mjref.messages import register

register(
    {
        "notation.empty": "no tiles given",
        "notation.too-long": "{length} characters is too long (at most {limit})",
        "notation.unknown-char": "unknown character {char!r}",
        "notation.no-suit": "{digits!r} has no suit letter after it",
        "notation.suit-without-digits": "suit letter {suit!r} has no digits before it",
        "notation.bad-rank": "{rank} is not a tile of suit {suit!r}",
        "notation.unclosed-meld": "the meld opened with {bracket!r} is not closed",
        "notation.unopened-meld": "{bracket!r} closes a meld that was never opened",
        "notation.wrong-bracket": "a meld opened with {opened!r} must close with {expected!r}",
        "notation.nested-meld": "a meld cannot contain another meld",
        "notation.not-a-set": "{tiles} is not a chow, pung or kong",
        "notation.concealed-not-kong": (
            "only a kong can be declared concealed; write {tiles} as concealed tiles"
        ),
        "notation.fifth-copy": "a fifth copy of {tile}",
        "notation.winning-tile-count": "exactly one winning tile must follow '+', found {count}",
        "notation.second-plus": "only one '+' (before the winning tile) is allowed",
        "notation.meld-after-plus": "melds must come before the winning tile",
        "notation.melds-not-allowed": "melds are not allowed here, only tiles",
        "notation.plus-not-allowed": "'+' (a winning tile) is not allowed here, only tiles",
        "notation.bad-tile-code": (
            "{code!r} is not a tile code (1m-9m, 1p-9p, 1s-9s, E S W N, P F C)"
        ),
        "notation.bad-wind": "{code!r} is not a wind (E, S, W or N)",
        "meld.concealed-claimed": "the concealed kong {tiles} cannot have been claimed",
        "meld.bad-claimed": "claimed must be 1, 2 or 3 for {tiles}, not {claimed!r}",
        "meld.bad-chow-start": "no chow starts at {tile} (a chow starts at 1 to 7 of a suit)",
        "meld.no-tiles": "no tiles",
    }
)
