"""Small caches: what is worked out once (a theme's colours, a surface of one size) kept in a
plain dict by its key. A few themes and sizes are in use at a time, so a store that reaches its
limit is emptied and fills again with those."""

from __future__ import annotations


def kept(store: dict, key: object, make, limit: int = 64):
    """`store[key]`, made once by `make()` (a store of `limit` entries starts afresh)."""
    found = store.get(key)
    if found is None:
        if len(store) >= limit:
            store.clear()
        found = store[key] = make()
    return found
