"""English wording of the MCR judge's messages."""

from mjref.messages import register

register(
    {
        # Findings about the declared hand.
        "mcr.finding.no-winning-tile": "no winning tile is given",
        "mcr.finding.too-many-melds": "{melds} declared melds; a hand has at most 4",
        "mcr.finding.tile-count": (
            "{concealed} concealed tiles besides the winning tile with {melds} declared melds;"
            " a complete hand has {expected}"
        ),
        "mcr.finding.fifth-copy": "{count} copies of {tile}; a set has only 4",
        "mcr.finding.visible-fifth-copy": (
            "{count} copies of {tile} in the hand and among the tiles given as visible;"
            " a set has only 4"
        ),
        "mcr.finding.flowers-out-of-range": "{flowers} flowers; a set has 8 (0 to 8 allowed)",
        "mcr.finding.not-a-winning-shape": (
            "the tiles form no winning shape (four sets and a pair, or a special hand)"
        ),
        "mcr.finding.replacement-without-kong": (
            "Out with Replacement Tile was declared but the hand has no kong; not scored"
        ),
        "mcr.finding.robbing-own-tile": (
            "Robbing the Kong was declared but the hand itself holds {held} more {tile};"
            " the kong could not have been of that tile, so it is not scored"
        ),
        "mcr.finding.robbing-last-tile": (
            "Robbing the Kong and Last Tile Claim were both declared, but no kong can be"
            " declared on the last tile of the wall; neither is scored"
        ),
        "mcr.finding.last-tile-own-copy": (
            "Last Tile was declared but the concealed hand holds {held} more {tile}; not scored"
        ),
        "mcr.finding.last-tile-implied": (
            "the other three copies of the winning tile {tile} are visible"
            " ({melds} in the winner's melds, {visible} elsewhere): Last Tile applies"
        ),
        "mcr.finding.winning-tile-not-shown": (
            "the winning tile was not shown clearly ({clause} as {regulation} reads it): not "
            "scored: {fans}"
        ),
        "mcr.finding.winning-tile-not-shown-kept": (
            "the winning tile was not shown clearly, but {clause} as {regulation} reads it does"
            " not void {fans}: scored"
        ),
        # False-hu classes.
        "mcr.false-hu.invalid": "invalid hand: {problem}",
        "mcr.false-hu.not-a-shape": (
            "invalid hand: the tiles form no winning shape (four sets and a pair, or a"
            " special hand)"
        ),
        "mcr.false-hu.under-minimum": (
            "valid hand, but worth {points} points without flowers, under the minimum of {minimum}"
        ),
    }
)
