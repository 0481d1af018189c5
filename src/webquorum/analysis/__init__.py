"""Pure analysis over results and texts: fusion of result lists, claim comparison, passage selection."""
