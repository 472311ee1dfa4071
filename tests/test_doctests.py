"""Every docstring example in pygame_core runs (same as `pytest --doctest-modules pygame_core`)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pygame_core
from pygame_core import all_games


def module_names() -> list[str]:
    names = [pygame_core.__name__]
    for info in pkgutil.walk_packages(pygame_core.__path__, prefix=pygame_core.__name__ + "."):
        names.append(info.name)
    return sorted(names)


MODULES = module_names()


def test_every_module_is_found() -> None:
    games = [game.state_class.__module__ for game in all_games()]
    for name in ["pygame_core.cards", "pygame_core.engine", "pygame_core.bridge", "pygame_core.grammar",
                 "pygame_core.bots", *games]:
        assert name in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True, verbose=False)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
