"""The words of the book: rules in plain words, rule options, goals, suits as markup.

Suit symbols in running text are glyphs of the book's embedded font (it has ♠♥♦♣);
on cards they are drawn as shapes.
"""

from __future__ import annotations

from pyramids.core.cards import SUIT_SYMBOLS
from pyramids.core.deals import Deal
from pyramids.core.variants import PRESETS, Variant

RED_HEX = "#c0161c"
VARIANT_TITLES = {
    "pyramid": "Pyramid", "par-pyramid": "Par Pyramid", "cheops": "Cheops",
    "king-tut": "King Tut", "tuts-tomb": "Tut's Tomb", "giza": "Giza",
    "giza-6x4": "Giza 6\u00d74", "bouquet": "Open Bouquet",
    # PySolFC's games under its own rules (docs/rules.md, PySolFC's games)
    "pysolfc-pyramid": "PySolFC Pyramid", "pysolfc-relaxed-pyramid": "PySolFC Relaxed Pyramid",
    "pysolfc-giza": "PySolFC Giza", "pysolfc-king-tut": "PySolFC King Tut",
}


def variant_title(v: Variant) -> str:
    """The preset's name, and every option that differs from the preset's."""
    base = VARIANT_TITLES.get(v.name, v.name.replace("-", " ").title())
    preset = PRESETS.get(v.name)
    if preset is None:
        return base
    extra: list[str] = []
    if v.rows != preset.rows:
        extra.append(f"{v.rows} rows")
    if (v.rest, v.columns, v.tableau_rows) != (preset.rest, preset.columns, preset.tableau_rows):
        extra.append(v.rest_label().replace("x", "\u00d7"))
    if v.draw != preset.draw and v.draw is not None:
        extra.append(f"draw {v.draw}")
    if v.passes != preset.passes and v.is_stock:
        extra.append("unlimited passes" if v.passes is None else
                     "1 pass" if v.passes == 1 else f"{v.passes} passes")
    if v.stock_waste != preset.stock_waste and v.stock_waste is not None:
        extra.append(f"hand + waste {v.stock_waste}")
    if v.objective != preset.objective:
        extra.append("clear the pyramid" if v.objective == "pyramid" else "all 52 cards")
    if v.scoring != preset.scoring:
        extra.append("Par scoring" if v.scoring == "par" else "no scoring")
    if v.overlap != preset.overlap:
        if not extra and v.overlap:
            return base + " with overlap"
        extra.append("overlap" if v.overlap else "no overlap")
    return base + (", " + ", ".join(extra) if extra else "")


def deal_title(deal: Deal) -> str:
    """``Deal 17``, ``PySolFC game 32000`` or ``Custom deal``: where a deal came from."""
    if deal.number is not None:
        return f"Deal {deal.number}"
    if deal.pysolfc is not None:
        return f"PySolFC game {deal.pysolfc}"
    return "Custom deal"


def suit_markup(suit: str) -> str:
    color = f' color="{RED_HEX}"' if suit in "DH" else ""
    return f"<font{color}>{SUIT_SYMBOLS[suit]}</font>"


def passes_text(v: Variant) -> str:
    if v.passes is None:
        return "as many passes through the stock as you like"
    word = "recycle" if v.msc_words else "redeal"
    if v.passes == 1:
        return f"one pass through the stock (no {word})"
    return f"{v.passes} passes through the stock ({v.passes - 1} {word}s)"


def goal_text(v: Variant) -> str:
    if v.scoring == "par":
        return "Score as many Par points as you can (see the rules)."
    if v.objective == "pyramid":
        return "Clear the pyramid (cards left in the stock or waste do not matter)."
    return "Discard all 52 cards."


def rule_options(v: Variant) -> list[str]:
    """Short labels of every rule that matters for this variant, for a puzzle page."""
    out = [f"{v.rows}-row pyramid"]
    if v.rest == "tableau":
        out.append(f"tableau of {v.columns} columns \u00d7 {v.tableau_rows}")
    elif v.rest == "bouquet":
        out.append("open bouquet")
    else:
        out.append(f"stock, draw {v.draw}")
        out.append("unlimited passes" if v.passes is None else
                   ("1 pass" if v.passes == 1 else f"{v.passes} passes"))
        if v.stock_waste is not None and v.stock_waste != "allowed":
            out.append(f"hand + waste pairs {v.stock_waste}")
    out.append("overlap discards ALLOWED" if v.overlap else "no overlap discards")
    if v.scoring == "par":
        out.append("Par scoring")
    elif v.objective == "pyramid":
        out.append("goal: clear the pyramid")
    return out


RULES_PAGE = ("<b>The full rules</b> of every variant, with the deal numbers and the notation, "
              "are in the file <i>docs/rules.md</i> of the pyramids source repository.")


def how_to_play(v: Variant) -> list[str]:
    """The rules of ``v`` in plain words, one paragraph per item (reportlab markup)."""
    n_rest = v.rest_cards
    paras = [
        f"<b>The layout.</b> {v.pyramid_cards} cards form a pyramid of {v.rows} rows, each "
        "row overlapping the one above it. " + _rest_layout(v, n_rest),
        "<b>Pairs.</b> Remove two available cards whose values add up to 13: "
        "A+Q, 2+J, 3+10, 4+9, 5+8 and 6+7 (Ace 1, Jack 11, Queen 12). "
        "A King counts 13 and is removed on its own. Suits never matter.",
        "<b>Available cards.</b> A pyramid card is available once no card lies on it: both "
        "cards of the row below that overlap it must be gone. The bottom row starts "
        "available. " + _rest_available(v),
    ]
    if v.is_stock:
        paras.append(_stock_rules(v))
    if v.overlap:
        where = (" In the tableau, likewise, the lowest card of a column may be paired with "
                 "the card just above it.") if v.rest == "tableau" else ""
        paras.append(
            "<b>Overlap discards.</b> A pyramid card may also be paired with the one card "
            f"still lying on it, if that card is itself available.{where}")
    paras.append("<b>Goal.</b> " + goal_text(v) + _goal_more(v))
    paras.append(
        "<b>Notation.</b> Solutions list the moves in order: <b>K"
        + suit_markup("S") + "</b> removes a King, <b>9" + suit_markup("H") + "+4"
        + suit_markup("C") + "</b> a pair" + (_stock_notation(v) if v.is_stock else "")
        + ". T stands for 10.")
    paras.append(RULES_PAGE)
    return paras


def _stock_notation(v: Variant) -> str:
    if v.face_up:
        draw, recycle = ("draw", "recycle") if v.msc_words else ("deal", "redeal")
        return (f", <i>{draw}</i> moves the stock's top card onto the waste"
                + (f" and <i>{recycle}</i> turns the waste over" if v.passes != 1 else ""))
    return (", <i>deal</i> turns the next stock card" + (" (three cards)" if v.draw == 3 else "")
            + (" and <i>redeal</i> turns the waste over" if v.passes != 1 else ""))


def _rest_layout(v: Variant, n: int) -> str:
    if v.rest == "tableau":
        return (f"The other {n} cards lie face up in {v.columns} columns of "
                f"{v.tableau_rows}, each column overlapping downwards.")
    if v.rest == "bouquet":
        return f"The other {n} cards form the bouquet, all face up."
    return (f"The other {n} cards form the stock. In these puzzles the whole deal is shown, "
            "the stock in the order it will be dealt, so you can plan every move.")


def _rest_available(v: Variant) -> str:
    if v.rest == "tableau":
        return ("In the tableau only the lowest card of each column is available; removing "
                "it frees the card above it.")
    if v.rest == "bouquet":
        return "Every bouquet card is available at any time."
    if v.draw == 3:
        return "Of the stock, only the top card of the waste is available."
    if v.face_up:
        return "Of the stock, its top card (face up) and the top card of the waste are available."
    return "Of the stock, the card in hand and the top card of the waste are available."


def _stock_rules(v: Variant) -> str:
    if v.draw == 3:
        text = ("<b>The stock.</b> Deal three cards at a time onto the waste (fewer at the "
                "end); only the top one is available. ")
    elif v.face_up:
        text = ("<b>The stock.</b> Its top card lies face up. Draw it onto the waste to show "
                "the next card; removing it shows the next card too. ")
        if v.stock_waste == "forbidden":
            text += "The stock's top card and the waste top may not be paired together. "
    else:
        text = ("<b>The stock.</b> Deal the stock one card at a time into your hand; the "
                "card that was in hand goes onto the waste. ")
        if v.stock_waste == "forbidden":
            text += "The hand card and the waste top may not be paired with each other. "
        elif v.stock_waste == "automatic":
            text += ("When the hand card and the waste top add up to 13 they go at once, "
                     "before any other move. ")
    text += "You have " + passes_text(v) + "."
    if v.passes != 1:
        verb = "recycle" if v.msc_words else "redeal"
        text += (f" To {verb}, turn the waste over, without shuffling, to form a new stock "
                 "once the stock is empty.")
    if v.auto_deal:
        text += (" Whenever the waste is empty, the stock deals to it by itself (PySolFC's "
                 "Auto deal), which is not a move of the solutions.")
    if v.opening:
        n, k = v.opening, v.opening_dealt
        how = ", as PySolFC starts it" if v.name.startswith("pysolfc-") else ""
        text += (f" Play starts after {'the first deal' if n == 1 else f'the first {n} deals'}"
                 f"{how}: the diagram shows the {k} card{'s' if k > 1 else ''}"
                 " already turned up " + ("on the waste." if v.draw == 3 or v.face_up else
                                          "(the waste, then the hand)."))
    return text


def _goal_more(v: Variant) -> str:
    if v.scoring == "msc":
        return (" Score: 5 points a removal (a King, or a pair), and a bonus for each row "
                "cleared from the bottom: 25, 50, 75, 100, 150, 250 and 500 for the top card.")
    if v.scoring != "par":
        return ""
    return (" Clearing the pyramid during the first pass scores 50, the second 35, the "
            "third 20, less one point for each stock and waste card left at the end. A "
            "pyramid not cleared scores minus the number of cards left.")
