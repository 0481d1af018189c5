"""Organisation names by pattern (English and Spanish), person vocabulary, and the conservative dedupe."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webquorum.text.organisations import (
    Sighting,
    bare_name,
    dedupe,
    domain_label_matches,
    extract_organisations,
    find_known,
    org_key,
    people_vocabulary,
)


def names(text: str) -> list[str]:
    return [m.name for m in extract_organisations(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Acero Norte, S.A. de C.V. construirá una planta en Apodaca.", ["Acero Norte, S.A. de C.V."]),
        (
            "Ayer Grupo Hotelero Brisas y Grupo Brisas anunciaron inversiones.",
            ["Grupo Hotelero Brisas", "Grupo Brisas"],
        ),
        ("Según Constructora del Norte, la obra inicia en marzo.", ["Constructora del Norte"]),
        ("The ABC Industrial Inc. plant in Monterrey will open in May.", ["ABC Industrial Inc."]),
        (
            "Northfield Steel LLC and Lakeside Holdings signed the deal.",
            ["Northfield Steel LLC", "Lakeside Holdings"],
        ),
        (
            "Servicios Logísticos del Bajío, S. de R.L. de C.V. amplía su bodega.",
            ["Servicios Logísticos del Bajío, S. de R.L. de C.V."],
        ),
    ],
)
def test_legal_forms_and_titles_in_both_languages(text: str, expected: list[str]) -> None:
    assert names(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Juan Pérez visitó Nuevo León el lunes.",
        "Monterrey y Apodaca crecen con el nearshoring.",
        "Industrial parks in Texas grew last year.",  # a title word alone is not a name
        "El Grupo de trabajo se reunió.",  # a title with no name after it
    ],
)
def test_people_places_and_bare_titles_are_not_organisations(text: str) -> None:
    assert names(text) == []


def test_keys_drop_legal_forms_but_keep_title_words() -> None:
    assert org_key("Acero Norte, S.A. de C.V.") == org_key("ACERO NORTE") == "acero norte"
    assert org_key("Grupo Brisas") != org_key("Grupo Hotelero Brisas")
    assert bare_name("ABC Industrial Inc.") == "ABC Industrial"


def test_a_known_name_is_found_without_its_legal_form_but_only_literally() -> None:
    text = "Acero Norte inició obras. La acero nortE de Monterrey no es la misma."
    found = find_known(text, ["Acero Norte, S.A. de C.V."])
    assert [(m.name, m.start) for m in found] == [("Acero Norte", 0)]


def test_domain_label_must_spell_the_name() -> None:
    assert domain_label_matches("aceronorte.com.mx", "Acero Norte, S.A. de C.V.")
    assert domain_label_matches("acero-norte.mx", "Grupo Acero Norte")
    assert not domain_label_matches("brisas.mx", "Grupo Hotelero Brisas")
    assert not domain_label_matches("eleconomista.com.mx", "Acero Norte")
    assert not domain_label_matches(None, "Acero Norte")


@pytest.mark.parametrize(
    "text",
    [
        "¿Quiénes son los tomadores de decisiones?",
        "decision makers at steel plants",
        "contact list for buyers",
        "nueva planta de Carlos Slim",
        "reunión con el Ing. Ramírez",
        "escribir a ventas@acero.mx",
        "llamar al +52 81 1234 5678",
        "director de compras",
    ],
)
def test_people_and_contact_vocabulary_is_recognised(text: str) -> None:
    assert people_vocabulary(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "nueva planta en San Pedro Garza García",
        "contract awards for a new plant",
        "hiring wave in Monterrey",
        "licitación de obra 2025",
    ],
)
def test_market_vocabulary_is_not_people(text: str) -> None:
    assert people_vocabulary(text) is None


def sighting(
    name: str, geo: str | None, order: int, domain: str | None = None, origin: str = "a.test"
) -> Sighting:
    return Sighting(name, geo, domain, [f"ev_{order:08x}"], {origin}, order)


def test_same_name_in_two_cities_stays_two() -> None:
    merged = dedupe([sighting("ABC Industrial", "Monterrey", 1), sighting("ABC Industrial", "Puebla", 2)])
    assert [(c.name, c.geography, c.merge_rule) for c in merged] == [
        ("ABC Industrial", "Monterrey", None),
        ("ABC Industrial", "Puebla", None),
    ]


def test_near_identical_names_stay_two() -> None:
    merged = dedupe(
        [sighting("Grupo Brisas", "Monterrey", 1), sighting("Grupo Hotelero Brisas", "Monterrey", 2)]
    )
    assert len(merged) == 2


def test_same_name_without_a_stated_geography_stays_two() -> None:
    assert len(dedupe([sighting("Acero Norte", None, 1), sighting("Acero Norte", None, 2)])) == 2


def test_same_project_consolidates_keeping_evidence_spellings_and_rule() -> None:
    merged = dedupe(
        [
            sighting("Acero Norte, S.A. de C.V.", "Apodaca, Nuevo León", 1, origin="diario.test"),
            sighting("Acero Norte", "Apodaca", 2, origin="economia.test"),
        ]
    )
    assert len(merged) == 1
    c = merged[0]
    assert c.name == "Acero Norte, S.A. de C.V." and c.names == ["Acero Norte, S.A. de C.V.", "Acero Norte"]
    assert c.evidence_ids == ["ev_00000001", "ev_00000002"] and c.origins == {"diario.test", "economia.test"}
    assert c.merge_rule == "same_name_and_geography"


def test_a_shared_verified_domain_merges_different_spellings() -> None:
    merged = dedupe(
        [
            sighting("Acero Norte, S.A. de C.V.", "Apodaca", 1, domain="aceronorte.com.mx"),
            sighting("Grupo Acero Norte", "Saltillo", 2, domain="aceronorte.com.mx"),
        ]
    )
    assert len(merged) == 1 and merged[0].merge_rule == "same_verified_domain"


words = st.sampled_from(["Acero", "Norte", "Brisas", "Grupo", "Hotelero", "ABC", "Industrial", "Delta"])
cities = st.sampled_from(["Monterrey", "Puebla", "Apodaca", None])


@given(st.lists(st.tuples(st.lists(words, min_size=1, max_size=3), cities), min_size=1, max_size=8))
def test_dedupe_never_merges_different_names_or_places_without_a_domain(
    raw: list[tuple[list[str], str | None]],
) -> None:
    items = [sighting(" ".join(ws), geo, i) for i, (ws, geo) in enumerate(raw)]
    for c in dedupe(items):
        assert len({org_key(n) for n in c.names}) == 1
        members = [s for s in items if s.evidence_ids[0] in c.evidence_ids]
        assert len({s.geography for s in members}) == 1
        assert len(members) == 1 or members[0].geography is not None
