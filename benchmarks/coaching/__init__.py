"""How sound the coaching is: whether a move judged at the default budget gets the grade ten
times the budget gives (and whether its error is the seeds' noise or the budget's drift), how
often a worse move's reasons put a fact in its favour first, and what the search believes of
thinning a Challengers! deck against the position played out."""
