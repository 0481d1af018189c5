"""Row 8 of issue 12: keys read clean, refused without echo, and masked in every form and every place.

Providers on a loopback server echo the key back transformed (percent-encoded, upper-cased,
truncated); the key must not appear in the error, the result or the logs (the HTTP library's own
request line included). Hypothesis checks the masking itself.
"""

from __future__ import annotations

import base64
import json
import logging
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.sim.providers import provider_config, serve
from tests.sim.web import Reply, Request, SimWeb

from webquorum import Client
from webquorum.config import load_config
from webquorum.errors import MIN_FRAGMENT, ConfigError, ProviderError, WebQuorumError, redact

KEY = "BSAk9Zq3xT7vLm2Pw8RcYd4N"


def env_config(web: SimWeb, pid: str, variable: str) -> dict[str, object]:
    config = provider_config(web, [pid])
    config["overrides"][pid].pop("api_key")  # type: ignore[index]
    config["overrides"][pid]["api_key_env"] = variable  # type: ignore[index]
    return config


@pytest.mark.parametrize("dirty", [KEY + "\r", KEY + "\n", f"  {KEY}\r\n", f"\t{KEY}"])
async def test_a_key_with_surrounding_whitespace_is_stripped_with_a_warning(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, dirty: str
) -> None:
    serve(simweb, "brave")
    monkeypatch.setenv("TEST_BRAVE_KEY", dirty)
    with caplog.at_level(logging.WARNING, logger="webquorum"):
        async with Client(env_config(simweb, "brave", "TEST_BRAVE_KEY")) as wq:
            assert (await wq.search("q", provider="brave")).results
    assert simweb.requests[-1].headers["x-subscription-token"] == KEY
    assert "TEST_BRAVE_KEY" in caplog.text and KEY not in caplog.text


@pytest.mark.parametrize("dirty", [KEY[:10] + "\r" + KEY[10:], KEY + "\x07", KEY[:5] + "\x1b[2J" + KEY[5:]])
async def test_a_key_with_control_characters_is_refused_naming_the_variable(
    simweb: SimWeb, monkeypatch: pytest.MonkeyPatch, dirty: str
) -> None:
    serve(simweb, "brave")
    monkeypatch.setenv("TEST_BRAVE_KEY", dirty)
    async with Client(env_config(simweb, "brave", "TEST_BRAVE_KEY")) as wq:
        with pytest.raises(WebQuorumError) as caught:
            await wq.search("q", provider="brave")
    assert caught.value.exit_code == 2, "a bad key is configuration, not a failed search"
    assert "TEST_BRAVE_KEY" in caught.value.message and "control characters" in caught.value.message
    assert KEY[:8] not in caught.value.message
    assert simweb.requests == []


@pytest.mark.parametrize(
    "pasted",
    [KEY, "sk-proj-Abc123Def456Ghi789Jkl", "tvly-dev-0a1b2c3d4e5f6a7b8c9d", "fc-0123456789abcdef0123"],
)
def test_a_key_pasted_as_api_key_env_is_refused_without_echo(pasted: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config({"overrides": {"brave": {"api_key_env": pasted}}})
    assert pasted not in caught.value.message and pasted[:8] not in caught.value.message
    assert "overrides.brave.api_key_env" in caught.value.message
    with pytest.raises(ConfigError):
        load_config({"models": {"api_key_env": pasted}})


@pytest.mark.parametrize("name", ["BRAVE_API_KEY", "MY_KEY_2", "brave_key", "X"])
def test_real_variable_names_are_accepted(name: str) -> None:
    assert load_config({"overrides": {"brave": {"api_key_env": name}}}).override("brave").api_key_env == name


ECHOES = {
    "verbatim": KEY,
    "percent-encoded": quote(KEY + "/=", safe=""),
    "upper-cased": KEY.upper(),
    "lower-cased": KEY.lower(),
    "truncated": KEY[:12] + "…",
    "tail": "…" + KEY[-9:],
}


@pytest.mark.parametrize("form", list(ECHOES))
async def test_a_key_echoed_back_in_any_form_is_masked_in_the_error(simweb: SimWeb, form: str) -> None:
    echoed = ECHOES[form]

    def reply(req: Request) -> Reply:
        return Reply(
            status=401,
            body=json.dumps({"message": f"invalid token {echoed} for this plan"}),
            content_type="application/json",
        )

    serve(simweb, "brave", reply)
    config = provider_config(simweb, ["brave"])
    config["overrides"]["brave"]["api_key"] = KEY + "/="  # type: ignore[index]
    async with Client(config) as wq:
        with pytest.raises(ProviderError) as caught:
            await wq.search("q", provider="brave")
    shown = caught.value.message + json.dumps(caught.value.to_dict())
    runs = {KEY.lower()[i : i + MIN_FRAGMENT] for i in range(len(KEY) - MIN_FRAGMENT + 1)}
    assert echoed.strip("…") not in shown and not [run for run in runs if run in shown.lower()]


async def test_the_http_librarys_request_log_line_is_masked(
    simweb: SimWeb, caplog: pytest.LogCaptureFixture
) -> None:
    """Mojeek sends its key in the query string; httpx2 logs every request URL at INFO."""
    serve(simweb, "mojeek")
    with caplog.at_level(logging.DEBUG):
        async with Client(provider_config(simweb, ["mojeek"])) as wq:
            await wq.search("q", provider="mojeek")
    assert "api_key=" in simweb.requests[-1].headers.get(
        "x-check", "api_key="
    )  # the key did travel in the query
    assert simweb.requests[-1].query["api_key"] == "key-mojeek-0123456789"
    assert "HTTP Request" in caplog.text and "key-mojeek-0123456789" not in caplog.text


# -- properties of the masking
# ----------------------------------------------------------------------------------

_KEYS = st.text(
    alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+=", min_size=12, max_size=48
).filter(lambda k: any(c.isdigit() for c in k))
_AROUND = st.text(alphabet=" abcdefgh:;,'\"()[]{}", max_size=30)


@given(_KEYS, _AROUND, _AROUND)
def test_the_key_in_any_case_or_encoding_never_survives(key: str, before: str, after: str) -> None:
    for form in (key, key.upper(), key.lower(), quote(key, safe=""), quote(key, safe="").lower()):
        masked = redact(before + form + after, (key,))
        assert key.lower() not in masked.lower() and quote(key, safe="").lower() not in masked.lower()


@given(_KEYS, st.data())
def test_no_fragment_of_eight_or_more_holding_a_digit_survives(key: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(key) - MIN_FRAGMENT))
    end = data.draw(st.integers(start + MIN_FRAGMENT, len(key)))
    fragment = key[start:end]
    masked = redact(f"upstream said: {fragment}!", (key,))
    if any(c.isdigit() for c in fragment):
        assert fragment not in masked


@given(st.text(max_size=200))
def test_text_sharing_no_run_of_the_key_is_left_as_plain_redaction_leaves_it(text: str) -> None:
    key = "Zq9-unrelated-Xk7-0000"
    runs = {key.lower()[i : i + MIN_FRAGMENT] for i in range(len(key) - MIN_FRAGMENT + 1)}
    if not any(run in text.lower() for run in runs):
        assert redact(text, (key,)) == redact(text)


async def test_a_key_echoed_into_a_result_is_masked_there(simweb: SimWeb, fixtures_dir: object) -> None:
    """An upstream that reflects the request (its key included) into a snippet must not hand the key on."""
    from pathlib import Path

    data = json.loads((Path(str(fixtures_dir)) / "providers" / "brave-ok.json").read_text(encoding="utf-8"))
    first = data["web"]["results"][0]
    first["description"] = f"Your token {KEY.upper()} was used; see {first['url']}?t={quote(KEY, safe='')}"
    serve(simweb, "brave", Reply(body=json.dumps(data), content_type="application/json"))
    config = provider_config(simweb, ["brave"])
    config["overrides"]["brave"]["api_key"] = KEY  # type: ignore[index]
    async with Client(config) as wq:
        out = await wq.search("q", provider="brave")
    dumped = out.model_dump_json().lower()
    assert KEY.lower() not in dumped and KEY.lower()[:MIN_FRAGMENT] not in dumped
    assert out.results and "was used" in " ".join(r.snippet for r in out.results)


# -- masking before any cut; the key inside base64
# --------------------------------------------------------------

CUT_KEY = "sk-test-Sq9Zx7Lm2Pw8RcYd4N"


async def test_a_key_cut_by_the_message_limit_leaves_no_piece_of_itself(simweb: SimWeb) -> None:
    """The provider's message is cut at 300 characters; the key straddling the cut once left ``sk-test-S``."""
    filler = "x" * 291
    serve(
        simweb,
        "brave",
        Reply(
            status=401,
            body=json.dumps({"message": f"{filler}{CUT_KEY} is not valid"}),
            content_type="application/json",
        ),
    )
    config = provider_config(simweb, ["brave"])
    config["overrides"]["brave"]["api_key"] = CUT_KEY  # type: ignore[index]
    async with Client(config) as wq:
        with pytest.raises(ProviderError) as caught:
            await wq.search("q", provider="brave")
    shown = caught.value.message + json.dumps(caught.value.to_dict())
    assert "sk-test" not in shown and "***" in shown


@pytest.mark.parametrize("before", ["", "u:", "us:", "user:"])
async def test_a_key_echoed_in_base64_is_masked(simweb: SimWeb, before: str) -> None:
    """An upstream that echoes the credentials it got as base64 (a Basic header ``user:key``), at each
    alignment."""
    echoed = base64.b64encode(f"{before}{CUT_KEY}".encode()).decode()
    serve(
        simweb,
        "brave",
        Reply(
            status=401,
            body=json.dumps({"message": f"credentials {echoed} refused"}),
            content_type="application/json",
        ),
    )
    config = provider_config(simweb, ["brave"])
    config["overrides"]["brave"]["api_key"] = CUT_KEY  # type: ignore[index]
    async with Client(config) as wq:
        with pytest.raises(ProviderError) as caught:
            await wq.search("q", provider="brave")
    assert not key_runs_in(caught.value.message, echoed, len(before.encode()), len(CUT_KEY))


def key_runs_in(shown: str, encoded: str, before: int, size: int) -> list[str]:
    """Runs of ``MIN_FRAGMENT`` of the base64 characters made only of the key's bits that ``shown`` still
    holds."""
    own = encoded[(8 * before + 5) // 6 : (8 * (before + size)) // 6]
    runs = (own[i : i + MIN_FRAGMENT] for i in range(len(own) - MIN_FRAGMENT + 1))
    return [run for run in runs if run in shown]


@given(_KEYS, st.binary(max_size=5), st.binary(max_size=5), st.booleans())
def test_no_run_of_the_keys_base64_survives(key: str, before: bytes, after: bytes, urlsafe: bool) -> None:
    encode = base64.urlsafe_b64encode if urlsafe else base64.b64encode
    encoded = encode(before + key.encode() + after).decode()
    assert not key_runs_in(redact(f"echo: {encoded}", (key,)), encoded, len(before), len(key))
    own = quote(encoded[(8 * len(before) + 5) // 6 : (8 * (len(before) + len(key))) // 6], safe="")
    assert own not in redact(f"echo: {quote(encoded, safe='')}", (key,))  # and percent-encoded in a URL
