"""One reading of a validation error (types/invalid.py), shared by the config, the contracts and the
shells."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from webquorum.types.invalid import field_path, problems, shown_value


class Inner(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int = Field(ge=1, le=50)


class Outer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    items: list[Inner] = []
    name: str = ""

    @field_validator("name")
    @classmethod
    def _plain(cls, v: str) -> str:
        if "/" in v:
            raise ValueError("no slashes")
        return v


def errors_of(payload: dict[str, object]) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        Outer.model_validate(payload)
    return caught.value


def test_a_path_shows_list_positions_and_the_whole_when_there_is_none() -> None:
    exc = errors_of({"items": [{"n": 1}, {"n": 99}]})
    assert field_path(exc.errors()[0]) == "items[1].n"
    assert field_path({"loc": ()}, "request") == "request"


def test_the_projects_own_messages_lose_pydantics_prefix() -> None:
    assert problems(errors_of({"name": "a/b"})) == ["name: no slashes"]


def test_a_misspelt_field_comes_first_and_says_what_is_accepted() -> None:
    exc = errors_of({"name": "a/b", "nmae": "x"})
    assert problems(exc, unknown="unknown argument; this takes items, name") == [
        "nmae: unknown argument; this takes items, name",
        "name: no slashes",
    ]


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (True, "true"),
        (None, "null"),
        ({"a": 1}, "a mapping"),
        ([1, 2, 3, 4], "a list of 4"),
        ("x" * 100, "'" + "x" * 76 + "..."),
    ],
)
def test_a_value_is_quoted_as_a_caller_writes_it_and_cut(value: object, shown: str) -> None:
    assert shown_value(value) == shown
