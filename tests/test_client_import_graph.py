"""The client's import graph: no import cycle in game/client (imports inside functions count
too), its folders and top-level modules depend one way (screens above coach and tutorial above
the game kits above boards: no import runs back up), no client module imports a private name (a leading underscore) of another module or
reaches one through a module it imported, and screens open each other only through
``game.client.navigation``.

A module importing a submodule of its own package (``game.client.games.metro.board`` importing
``game.client.games.metro.overlay``) is not an edge to the package's ``__init__``: that is how
a package and its parts are built, as in /work/shared/tools/importgraph.py."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLIENT = ROOT / "game" / "client"


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(CLIENT.rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _imports(tree: ast.AST):
    """(node, imported module path, imported names) of every import, at any depth."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node, alias.name, []
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node, node.module, [alias.name for alias in node.names]


def _edges(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each of ``modules`` -> the modules among them it imports (at any depth)."""
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for _node, target, names in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            for full in [target] + [f"{target}.{n}" for n in names]:
                parts = full.split(".")
                while parts and ".".join(parts) not in modules:
                    parts.pop()
                found = ".".join(parts)
                if found and found != name and not name.startswith(found + "."):
                    edges[name].add(found)
    return edges


@cache
def _graph() -> dict[str, set[str]]:
    """The client's modules -> the client modules each imports (read it, never change it:
    parsed once per test process)."""
    return _edges(_modules())


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_the_client_has_no_import_cycle():
    assert _cycles(_graph()) == []


def _room(module: str) -> str:
    """The folder (``game.client.screens``) or top-level module (``game.client.app``) of
    game/client that ``module`` belongs to."""
    return ".".join(module.split(".")[:3])


def _rooms(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """The module graph folded into game/client's folders and top-level modules (a package's
    own ``__init__`` is that folder too)."""
    rooms: dict[str, set[str]] = {}
    for name, targets in edges.items():
        rooms.setdefault(_room(name), set()).update(
            _room(t) for t in targets if _room(t) != _room(name))
    return rooms


def test_the_folder_fold_sees_a_folder_loop():
    edges = {"game.client.screens.play": {"game.client.coach.hint"},
             "game.client.coach.menu": {"game.client.screens.base"},
             "game.client.screens.base": set(), "game.client.coach.hint": set()}
    assert _cycles(_rooms(edges)) == [["game.client.coach", "game.client.screens"]]


def test_client_folders_depend_one_way():
    """Screens, coach, tutorial, the game kits and boards are layers: a screen opens a lesson
    or the daily, a lesson is played over a kit's board, never the other way round (issue 29
    item 5). A loop between two folders would put an import back up."""
    assert _cycles(_rooms(_graph())) == []


def _private_uses(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    ours = ("game", "net")
    problems = []
    module_names: set[str] = set()
    for node, target, names in _imports(tree):
        if not target.startswith(ours):
            continue
        for alias in node.names:
            if isinstance(node, ast.Import):
                module_names.add((alias.asname or alias.name).split(".")[0])
            elif alias.name.startswith("_"):
                problems.append(f"{path.name}:{node.lineno} imports {target}.{alias.name}")
            else:
                module_names.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in module_names and node.attr.startswith("_") \
                and not node.attr.startswith("__"):
            problems.append(f"{path.name}:{node.lineno} uses {node.value.id}.{node.attr}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("getattr", "hasattr", "setattr") and len(node.args) > 1 \
                and isinstance(node.args[1], ast.Constant) \
                and isinstance(node.args[1].value, str) \
                and node.args[1].value.startswith("_") \
                and not node.args[1].value.startswith("__"):
            problems.append(f"{path.name}:{node.lineno} looks up {node.args[1].value}")
    return problems


def test_the_private_name_check_sees_a_private_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from game.client.screens.netplay import _host_rows\nfrom game.client import text\n"
                      "def f(game):\n    text._load('en')\n    return getattr(game, '_roll')\n")
    assert len(_private_uses(sample)) == 3


def test_no_client_module_uses_a_private_name_of_another_module():
    problems = [p for path in _modules().values() for p in _private_uses(path)]
    assert problems == []


def test_screens_do_not_import_each_other_to_open_them():
    """A screen module imports another screen module only to build on it (a base class or a
    helper it draws with), never to open it: those are in navigation.ROUTES."""
    from game.client import navigation

    routed_modules = set(navigation.ROUTES.values())
    allowed = {  # (importer, imported): built on, not opened
        ("game.client.screens.lobby", "game.client.screens.game_choice"),   # LanGameChoice
        ("game.client.screens.lobby", "game.client.screens.setup"),         # LanSetupScreen
        ("game.client.screens.net_lobby", "game.client.screens.lobby"),     # its seat rows
        ("game.client.screens.lan_resume", "game.client.screens.lobby"),    # the usual ports
        ("game.client.screens.replay_table", "game.client.screens.play"),   # seat colours
        ("game.client.screens.saves_menu", "game.client.screens.resume"),   # resume_into_play
        ("game.client.screens.netplay", "game.client.screens.play"),        # NetPlayScreen
        ("game.client.screens.netplay", "game.client.screens.results"),     # LanResultsScreen
        ("game.client.screens.tutorial_play", "game.client.screens.play"),  # TutorialScreen
        ("game.client.screens.coach_menu", "game.client.screens.play"),     # CoachPlayScreen
        ("game.client.screens.coach_menu", "game.client.screens.results"),  # CoachResultsScreen
    }
    edges = _graph()
    wrong = sorted((name, target) for name, targets in edges.items()
                   if name.startswith("game.client.screens.") for target in targets
                   if target in routed_modules and (name, target) not in allowed)
    assert wrong == []
    for name, module in navigation.ROUTES.items():     # every route leads somewhere
        assert module in edges, name
        source = (ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
        assert re.search(rf"^(class|def) {name}\b", source, re.M), name


# ---------------------------------------------------------------- the whole package (issue 15)
def _package_modules() -> dict[str, Path]:
    found = {}
    for top in ("game", "net"):
        for path in sorted((ROOT / top).rglob("*.py")):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


@cache
def _package_graph() -> dict[str, set[str]]:
    """Every module of game/ and net/ -> the modules of ours it imports (at any depth; read
    it, never change it: parsed once per test process)."""
    return _edges(_package_modules())


NET_MAY_IMPORT = ("game.rules", "game.match")     # and net's own modules


def _net_violations(edges: dict[str, set[str]]) -> list[str]:
    return sorted(f"{name} -> {target}" for name, targets in edges.items()
                  if name == "net" or name.startswith("net.") for target in targets
                  if target.split(".")[0] == "game" and not any(
                      target == good or target.startswith(good + ".")
                      for good in NET_MAY_IMPORT))


def test_the_layer_check_sees_net_importing_saves():
    assert _net_violations({"net.x": {"game.saves.files", "game.match", "net.wire"},
                            "net.y": {"game.paths", "game.rules.core"},
                            "game.cli": {"game.saves"}}) == ["net.x -> game.saves.files",
                                                             "net.y -> game.paths"]


def test_the_package_has_no_import_cycle():
    assert _cycles(_package_graph()) == []


def test_net_imports_only_rules_match_and_itself():
    """net imports rules, match and its own modules; bots, persistence and the folder for
    its diagnostics are passed in (``net.local.services``)."""
    assert _net_violations(_package_graph()) == []


def _phone_violations(edges: dict[str, set[str]]) -> list[str]:
    return sorted(f"{name} -> {target}" for name, targets in edges.items()
                  if name == "game.phone" or name.startswith("game.phone.")
                  for target in targets
                  if target == "game.client" or target.startswith("game.client."))


def test_the_phone_server_imports_nothing_of_the_client():
    """game/phone serves seats to phones for the client and the headless host alike: what it
    needs of the client (the coach's hints) is handed to it, never imported."""
    assert _phone_violations({"game.phone.x": {"game.client.coach.hint_bot", "game.rules"},
                              "game.client.y": {"game.phone.x"}}) == [
        "game.phone.x -> game.client.coach.hint_bot"]
    assert _phone_violations(_package_graph()) == []
