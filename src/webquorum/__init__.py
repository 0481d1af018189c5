"""webquorum."""
