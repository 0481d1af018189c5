"""What verify and discover run inside: their budgets, evidence ledger and fence.

Named for what every module here does, bound a run: :mod:`.context` (the run's call and money
budgets and its audit), :mod:`.egress` (no outbound query carries contacts, URLs or credentials),
:mod:`.ledger` (evidence ids the library mints), :mod:`.fence` (page text marked as data for the
model) and :mod:`.model` (the model calls, fenced and cited). The capabilities that spend them are
``pipelines/verify.py`` and ``pipelines/discover.py``; the shared parts of every capability are
:mod:`webquorum.runtime`.
"""
