"""Discovery's request rules (issue 25): trade roles are organisations, and a refusal names every problem at
once."""

from __future__ import annotations

import pytest

from webquorum.errors import RequestRefusedError
from webquorum.pipelines.discover import parse_discover
from webquorum.text.organisations import people_vocabulary


@pytest.mark.parametrize(
    "text",
    [
        "steel buyers in Monterrey",
        "suppliers of rebar",
        "distributors",
        "compradores de acero",
        "proveedores",
    ],
)
def test_trade_roles_in_the_plural_are_organisations(text: str) -> None:
    assert people_vocabulary(text) is None
    request = parse_discover({"objective": text, "signals": ["nueva planta"]})
    assert request.objective == text


@pytest.mark.parametrize(
    "text", ["the buyer at Acero Norte", "jefe de compras", "CEO of Acero Norte", "ventas@acero.test"]
)
def test_a_person_or_contact_is_still_refused(text: str) -> None:
    with pytest.raises(RequestRefusedError) as refused:
        parse_discover({"objective": text, "signals": ["nueva planta"]})
    assert refused.value.error == "web_discovery_people_refused"


def test_a_refusal_lists_every_problem_at_once() -> None:
    with pytest.raises(RequestRefusedError) as refused:
        parse_discover({"objective": "find the CEO", "signals": ["acero estructural"], "colour": "red"})
    why = refused.value.why or ""
    assert refused.value.error == "web_discovery_people_refused"  # the first problem's code leads
    assert "'CEO'" in why and "unknown field(s) colour" in why and "'acero estructural'" in why
    assert refused.value.suggested_correction["remove"] == ["colour"]
    assert refused.value.suggested_correction["signals"] == [
        "nueva planta",
        "ampliación de planta",
        "licitación",
    ]


def test_one_problem_is_refused_as_before() -> None:
    with pytest.raises(RequestRefusedError) as refused:
        parse_discover({"objective": "plants", "signals": []})
    assert refused.value.error == "web_discovery_brief_too_broad" and refused.value.missing == ["signals"]
