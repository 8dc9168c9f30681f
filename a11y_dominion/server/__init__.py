"""The game server for a community: many tables, accounts, a lobby, in one process.

Its foundations so far, each usable on its own: :mod:`.names` (account names and their
keys), :mod:`.hasher` (password hashes with :func:`hashlib.scrypt`, off the event loop),
:mod:`.config` (the operator's file ``server.toml``), :mod:`.limits` (token buckets for
rates per address and per account) and :mod:`.store` (the SQLite database, written by one
thread).
"""
