"""The general checks that implement the catalog's rules; `registry` finds one by its `kind`."""
