"""How strong: seat-rotated matches between bots (the strength targets of TARGETS.md, the
ladders of RESULTS.md, the strength levels of LEVELS.md), what the opponent models know and are
worth, the Challengers! drafters and hybrid bots, and our search beside OpenSpiel's."""
