"""The EMA pack: the EMA's player list, the MERS weight of a tournament and the checks
the EMA asks of MERS tournaments, as pure calculations (``docs/ema.md``).

Each module is one concept: :mod:`~mjref.ema.player_list` (reading the EMA's player list),
:mod:`~mjref.ema.names` (comparing names without accents or case),
:mod:`~mjref.ema.number_check` (registrations against the list), :mod:`~mjref.ema.members`
(the EMA's member countries) and :mod:`~mjref.ema.weight` (the MERS weight).
"""
