"""Each error class carries its HTTP status beside its exit code: the one table ``webquorum serve`` answers
from."""

from __future__ import annotations

import inspect

import pytest

from webquorum import errors

# What a script calling ``serve``'s JSON doors branches on; the body carries the stable code.
STATUS = {
    errors.BadRequestError: 400,
    errors.UnknownNameError: 400,
    errors.BadUrlError: 400,
    errors.ForbiddenAddressError: 403,
    errors.ContentChangedError: 409,
    errors.ServerBusyError: 503,
    errors.CredentialMissingError: 503,
    errors.ConfiguredUnavailableError: 503,
    errors.AbortedError: 504,
    errors.ProviderError: 502,
    errors.RateLimitedError: 502,
    errors.CircuitOpenError: 502,
    errors.FetchError: 502,
    errors.EmptyError: 502,
    errors.ConfigError: 500,
    errors.WebQuorumError: 500,
    errors.BudgetExhaustedError: 500,
    errors.StoreUnavailableError: 500,
}


@pytest.mark.parametrize(("kind", "status"), STATUS.items(), ids=lambda v: getattr(v, "__name__", str(v)))
def test_each_class_carries_its_http_status(kind: type[errors.WebQuorumError], status: int) -> None:
    assert kind.http_status == status


def test_a_refusal_is_a_bad_request_whatever_its_code() -> None:
    refused = errors.RequestRefusedError("MISSING_ENTITY", "no entity named", missing=["entities"])
    assert refused.code == "MISSING_ENTITY" and refused.http_status == 400 and refused.exit_code == 2


def test_every_class_has_an_http_status_in_the_range_a_client_reads() -> None:
    for _, kind in inspect.getmembers(errors, inspect.isclass):
        if issubclass(kind, errors.WebQuorumError):
            assert 400 <= kind.http_status <= 599, kind
