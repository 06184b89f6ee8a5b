"""Packaging: the wheel installs and plays outside the source tree, and the bundle's spec ships
every asset. The wheel is built and installed once per run into a fresh venv (~10 s); the real
PyInstaller build runs only with PIXEL_MINES_BUNDLE=1 (see the README).
"""

import csv
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pygame
import pytest

import game.resources as resources
import game.version as version_module
from game.ui.screen import icon_of as screen_icon_of
from tests.test_text import solve

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SHIPPED_THEMES = sorted(p.name for p in (ASSETS / "themes").iterdir() if p.is_dir())
TEST_TOOLS = ("pytest", "hypothesis", "ms-toollib")
QUIT_AFTER_MS = "400"  # the window's life in the start checks: some 20 frames at 60 per second


def requirement_lines(path: Path) -> list[str]:
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def asset_files() -> set[str]:
    return {p.relative_to(ASSETS).as_posix() for p in ASSETS.rglob("*") if p.is_file()}


LOCALE = ROOT / "game" / "locale"


def catalogue_files() -> set[str]:
    """The compiled catalogues, as paths under the locale folder (de/LC_MESSAGES/...mo)."""
    return {p.relative_to(LOCALE).as_posix() for p in LOCALE.glob("*/LC_MESSAGES/*.mo")}


# ---- what the package declares ---------------------------------------------------------------


def test_requirements_txt_is_the_runtime_and_nothing_else():
    deps = PYPROJECT["project"]["dependencies"]
    assert requirement_lines(ROOT / "requirements.txt") == deps
    assert not [d for d in deps if d.startswith(TEST_TOOLS)]


def test_requirements_test_txt_adds_exactly_the_test_extra():
    lines = requirement_lines(ROOT / "requirements-test.txt")
    assert lines == ["-r requirements.txt", *PYPROJECT["project"]["optional-dependencies"]["test"]]
    assert {re.match(r"[\w.-]+", line)[0] for line in lines[1:]} == set(TEST_TOOLS)


def test_every_package_under_game_is_listed_for_the_wheel_under_the_installed_name():
    found = {
        ".".join(("pixel_mines", *p.parent.relative_to(ROOT / "game").parts))
        for p in (ROOT / "game").rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    setuptools = PYPROJECT["tool"]["setuptools"]
    assert set(setuptools["packages"]) == found | {"pixel_mines.assets"}
    assert setuptools["package-dir"] == {"pixel_mines": "game", "pixel_mines.assets": "assets"}
    assert setuptools["package-data"] == {
        "pixel_mines.assets": ["**/*"],
        "pixel_mines": ["locale/*/LC_MESSAGES/*.mo"],
    }
    assert setuptools["include-package-data"] is False  # MANIFEST.in is for the sdist only


def test_the_command_starts_the_app():
    project = PYPROJECT["project"]
    assert project["scripts"] == {"pixel-mines": "pixel_mines.app:main"}
    assert project["gui-scripts"]["pixel-mines-gui"] == "pixel_mines.app:main"


def test_the_version_is_read_from_the_one_place_that_holds_it():
    assert "version" not in PYPROJECT["project"] and "version" in PYPROJECT["project"]["dynamic"]
    dynamic = PYPROJECT["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "pixel_mines.version.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", version_module.__version__)


def test_code_inside_the_package_imports_its_own_modules_relatively():
    """Installed, the folder is `pixel_mines`: an absolute `game.` import would find nothing."""
    import ast

    offenders = []
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            offenders += [
                f"{path.relative_to(ROOT)}:{node.lineno}"
                for n in names
                if n.split(".")[0] in ("game", "pixel_mines")
            ]
    assert offenders == []


@pytest.mark.concurrent
def test_version_in_a_checkout_is_the_constant_whatever_else_is_installed(monkeypatch):
    from importlib import metadata

    monkeypatch.setattr(metadata, "version", lambda name: "9.9.9")  # another copy, installed
    assert version_module.version() == version_module.__version__
    result = subprocess.run(
        [sys.executable, "main.py", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout == f"pixel-mines {version_module.__version__}\n"


def installed_version_module():
    """game/version.py loaded as the installed package would have it."""
    spec = importlib.util.spec_from_file_location("pixel_mines.version", version_module.__file__)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_version_installed_comes_from_the_metadata(monkeypatch):
    from importlib import metadata

    asked = []
    monkeypatch.setattr(metadata, "version", lambda name: asked.append(name) or "7.8.9")
    assert installed_version_module().version() == "7.8.9" and asked == ["pixel-mines"]


def test_version_in_a_bundle_without_metadata_is_the_constant(monkeypatch):
    from importlib import metadata

    def missing(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    assert installed_version_module().version() == version_module.__version__


# ---- the locator ------------------------------------------------------------------------------


def fake_package(root: Path, *, inside: bool, beside: bool) -> Path:
    package = root / "game"
    package.mkdir()
    if inside:
        (package / "assets" / "themes").mkdir(parents=True)
    if beside:
        (root / "assets" / "themes").mkdir(parents=True)
    return package


def test_the_locator_finds_the_checkouts_assets_beside_the_package():
    assert resources.assets_dir() == ASSETS
    assert resources.themes_dir() == ASSETS / "themes"
    assert resources.icons_dir() == ASSETS / "icons"


@pytest.mark.parametrize("beside", [False, True])
def test_the_locator_prefers_assets_inside_the_package_as_wheel_and_bundle_ship_them(
    tmp_path, monkeypatch, beside
):
    package = fake_package(tmp_path, inside=True, beside=beside)
    monkeypatch.setattr(resources, "_package_dir", lambda: package)
    assert resources.themes_dir() == package / "assets" / "themes"


def test_the_locator_says_which_places_it_tried_when_assets_are_missing(tmp_path, monkeypatch):
    package = fake_package(tmp_path, inside=False, beside=False)
    monkeypatch.setattr(resources, "_package_dir", lambda: package)
    with pytest.raises(FileNotFoundError, match="reinstall") as e:
        resources.assets_dir()
    assert str(package / "assets") in str(e.value) and str(tmp_path / "assets") in str(e.value)


def test_no_module_works_out_asset_paths_from_its_own_file():
    """game/ never looks at __file__ (the locator asks importlib.resources); the tools use it
    only to import this checkout's game package, never to reach assets/ themselves."""
    offenders = [
        f"{p.relative_to(ROOT)}: {line.strip()}"
        for folder in ("game", "tools")
        for p in (ROOT / folder).rglob("*.py")
        for line in p.read_text(encoding="utf-8").splitlines()
        if "__file__" in line and (folder == "game" or "assets" in line)
    ]
    assert offenders == []


# ---- desktop files ----------------------------------------------------------------------------


def test_the_desktop_entry_names_the_command_the_icon_and_the_window_class():
    app_id = "io.github.pixelmines.PixelMines"
    entry = (ASSETS / "desktop" / f"{app_id}.desktop").read_text(encoding="utf-8")
    fields = dict(line.split("=", 1) for line in entry.splitlines()[1:] if "=" in line)
    assert entry.startswith("[Desktop Entry]\n")
    assert fields["Exec"] == "pixel-mines" and fields["Icon"] == app_id
    assert fields["StartupWMClass"] == "pixel-mines" and fields["Type"] == "Application"


@pytest.mark.concurrent
def test_the_game_sets_the_window_class_before_pygame_starts():
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEO_X11_WMCLASS"}
    code = (
        "import os, sys, game.app; "
        "print(os.environ['SDL_VIDEO_X11_WMCLASS'], 'pygame' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["pixel-mines", "False"]


def test_icons_are_the_sheets_mine_scaled_by_whole_pixels_at_every_size():
    make_themes = load_tool("make_themes")
    theme = tomllib.loads((ASSETS / "themes" / "classic" / "theme.toml").read_text("utf-8"))
    sheet = pygame.image.load(str(ASSETS / "themes" / "classic" / "sheet.png"))
    sprite = sheet.subsurface(theme["sprites"][make_themes.ICON_SPRITE])
    assert make_themes.ICON_SIZES == (16, 24, 32, 48, 64, 128, 256)
    for size in make_themes.ICON_SIZES:
        icon = pygame.image.load(str(ASSETS / "icons" / f"pixel-mines-{size}.png"))
        assert icon.get_size() == (size, size)
        factor = max(1, size // 16)
        margin = (size - 16 * factor) // 2
        for x, y in ((0, 0), (5, 7), (8, 8), (15, 15), (3, 12)):
            px = (margin + x * factor + factor // 2, margin + y * factor + factor // 2)
            assert icon.get_at(px) == sprite.get_at((x, y)), (size, x, y)


def embedded_pngs_of_ico(data: bytes) -> dict[int, bytes]:
    import struct

    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    found = {}
    for i in range(count):
        w, h, _, _, planes, bits, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert w == h and planes == 1 and bits == 32
        found[w or 256] = data[offset : offset + size]
    return found


def embedded_pngs_of_icns(data: bytes) -> dict[bytes, bytes]:
    import struct

    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    found, at = {}, 8
    while at < len(data):
        code, length = data[at : at + 4], struct.unpack_from(">I", data, at + 4)[0]
        found[code] = data[at + 8 : at + length]
        at += length
    return found


def png_surface(data: bytes) -> pygame.Surface:
    import io

    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return pygame.image.load(io.BytesIO(data), "icon.png")


def test_the_ico_and_icns_hold_the_same_icon_at_each_of_their_sizes():
    make_themes = load_tool("make_themes")
    sprite = make_themes.icon_sprite()
    ico = embedded_pngs_of_ico((ASSETS / "icons" / "pixel-mines.ico").read_bytes())
    assert sorted(ico) == list(make_themes.ICO_SIZES)
    icns = embedded_pngs_of_icns((ASSETS / "icons" / "pixel-mines.icns").read_bytes())
    assert list(icns) == [code for code, _ in make_themes.ICNS_TYPES]
    pictures = [(size, ico[size]) for size in ico]
    pictures += [(size, icns[code]) for code, size in make_themes.ICNS_TYPES]
    for size, data in pictures:
        expected = screen_icon_of(sprite, size)
        got = png_surface(data)
        assert got.get_size() == (size, size)
        for x, y in ((0, 0), (size // 2, size // 2), (size // 3, size * 2 // 3), (size - 1, 5)):
            assert got.get_at((x, y)) == expected.get_at((x, y)), (size, x, y)


# ---- the bundle's spec ------------------------------------------------------------------------


def test_the_bundle_spec_ships_every_asset_where_the_locator_looks():
    build_bundle = load_tool("build_bundle")
    spec = build_bundle.bundle_spec()
    shipped, catalogues = set(), set()
    for source, target in spec.data:
        if target.startswith("pixel_mines/locale/"):  # game/resources.py: inside the package
            assert source.is_file() and source.suffix == ".mo"
            assert target == f"pixel_mines/locale/{source.parent.relative_to(LOCALE).as_posix()}"
            catalogues.add(source.relative_to(LOCALE).as_posix())
            continue
        assert target == "pixel_mines/assets"  # game/resources.py: inside the package
        files = [source] if source.is_file() else [p for p in source.rglob("*") if p.is_file()]
        shipped |= {p.relative_to(ASSETS).as_posix() for p in files}
    assert shipped == asset_files() and "themes/classic/sheet.png" in shipped
    assert catalogues == catalogue_files() and "de/LC_MESSAGES/pixel-mines.mo" in catalogues
    assert spec.icon.is_file() and spec.icon.parent == ASSETS / "icons"
    assert spec.package == "pixel_mines" and spec.source == ROOT / "game"
    assert "from pixel_mines.app import main" in spec.entry.read_text()
    args = build_bundle.pyinstaller_args(spec, Path("dist"), Path("work"))
    assert args[-1] == str(spec.entry) and "--onedir" in args
    assert f"{ASSETS}{os.pathsep}pixel_mines/assets" in args
    assert args[args.index("--paths") + 1] == str(Path("work") / "source")


def test_the_bundle_leaves_out_tls_and_what_the_game_never_loads():
    build_bundle = load_tool("build_bundle")
    args = build_bundle.pyinstaller_args(build_bundle.bundle_spec(), Path("d"), Path("w"))
    excluded = {args[i + 1] for i, a in enumerate(args) if a == "--exclude-module"}
    assert {"_ssl", "ssl", "_hashlib", "tkinter", "numpy"} <= excluded
    # nothing the game imports is among them (hashlib itself stays: the daily board's sha256,
    # asked for here, so that what the tests before this one loaded does not decide it)
    from datetime import date

    from game.engine.codes import daily

    daily(date(2026, 12, 6))
    used = {m.split(".")[0] for m in sys.modules}
    assert not (excluded & {"hashlib", "sqlite3", "json", "tomllib", "platformdirs", "pygame"})
    assert "hashlib" in used


def test_the_staged_source_is_the_game_folder_under_the_installed_name(tmp_path):
    build_bundle = load_tool("build_bundle")
    staged = build_bundle.staged_source(build_bundle.bundle_spec(), tmp_path)
    copied = staged / "pixel_mines" / "app.py"
    assert copied.read_bytes() == (ROOT / "game" / "app.py").read_bytes()
    assert not list(staged.rglob("__pycache__"))


@pytest.mark.parametrize("platform, suffix", [("win32", ".ico"), ("darwin", ".icns")])
def test_the_bundles_executable_icon_needs_no_pillow(platform, suffix):
    """Windows and macOS take an .ico or .icns as it is; a PNG would need Pillow to convert."""
    build_bundle = load_tool("build_bundle")
    spec = build_bundle.bundle_spec(platform)
    assert spec.icon.suffix == suffix and spec.icon.is_file()
    args = build_bundle.pyinstaller_args(spec, Path("d"), Path("w"), platform)
    assert args[args.index("--icon") + 1] == str(spec.icon)
    assert "--icon" not in build_bundle.pyinstaller_args(spec, Path("d"), Path("w"), "linux")


@pytest.mark.parametrize(
    "platform, given, not_given",
    [
        # stripped, and a console for the terminal game and --stats (freebsd: as Linux)
        ("linux", {"--strip", "--console"}, {"--windowed"}),
        ("freebsd14", {"--strip", "--console"}, {"--windowed"}),
        # an .app that opens no terminal, never stripped (a stripped library may not load)
        ("darwin", {"--windowed", "--osx-bundle-identifier"}, {"--strip", "--console"}),
        # no console window
        ("win32", {"--windowed"}, {"--strip", "--console"}),
    ],
)
def test_the_bundle_is_stripped_on_linux_and_windowed_on_macos_and_windows(
    platform, given, not_given
):
    build_bundle = load_tool("build_bundle")
    spec = build_bundle.bundle_spec(platform)
    args = build_bundle.pyinstaller_args(spec, Path("d"), Path("w"), platform)
    options = {a for a in args if a.startswith("--")}
    assert given <= options and not (not_given & options)
    assert args.index("--onedir") < args.index(str(spec.entry)) == len(args) - 1
    if platform == "darwin":  # the .app's identifier is the desktop id
        assert args[args.index("--osx-bundle-identifier") + 1] == "io.github.pixelmines.PixelMines"
        assert args[args.index("--icon") + 1].endswith("pixel-mines.icns")


# ---- the wheel, installed in a fresh venv -----------------------------------------------------


def clean_env(home: Path) -> dict[str, str]:
    """No trace of the checkout: the game must find everything where it was installed."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_STATE_HOME=str(home / "state"),
        XDG_CACHE_HOME=str(home / "cache"),
    )
    return env


class Installed:
    """A command of an installed game, run from a folder outside the source tree."""

    def __init__(self, command: list[str], cwd: Path, env: dict[str, str]) -> None:
        self.command, self.cwd, self.env = command, cwd, env

    def run(self, *args: str, stdin: str | None = None, **env: str):
        return subprocess.run(
            [*self.command, *args],
            cwd=self.cwd,
            env={**self.env, **env},
            input=stdin,
            capture_output=True,
            text=True,
            stdin=None if stdin is not None else subprocess.DEVNULL,
            timeout=120,
        )


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    """Build the wheel from a copy of the tree (the checkout stays clean) and install it."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git",
            "build",
            "dist",
            "*.egg-info",
            "__pycache__",
            ".*_cache",
            ".hypothesis",
            ".venv",
            "venv",
        ),
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(tmp / "wheels"),
            str(source),
        ],
        check=True,
    )
    (wheel,) = (tmp / "wheels").glob("pixel_mines-*.whl")
    env_dir = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True)
    python = env_dir / ("Scripts" if os.name == "nt" else "bin") / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True)
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    return python, Installed([str(python.parent / "pixel-mines")], elsewhere, clean_env(tmp))


def in_venv(venv, code: str):
    python, game = venv
    result = subprocess.run(
        [str(python), "-c", code],
        cwd=game.cwd,
        env=game.env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def sdist(venv, tmp_path_factory):
    """The sdist, built by setuptools in the fresh venv from a copy of the tree: its members
    (below the top folder) and what the build printed."""
    import tarfile

    python, _ = venv
    tmp = tmp_path_factory.mktemp("sdist")
    source = tmp / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git",
            "build",
            "dist",
            "*.egg-info",
            "__pycache__",
            ".*_cache",
            ".hypothesis",
            ".venv",
            "venv",
        ),
    )
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "setuptools>=77"], check=True)
    built = subprocess.run(
        [
            str(python),
            "-c",
            f"from setuptools import build_meta as b; print(b.build_sdist({str(tmp / 'out')!r}))",
        ],
        cwd=source,
        capture_output=True,
        text=True,
        check=True,
    )
    name = built.stdout.strip().splitlines()[-1]
    with tarfile.open(tmp / "out" / name) as tar:
        members = {m.name.split("/", 1)[1] for m in tar.getmembers() if m.isfile()}
    return members, built.stdout + built.stderr


def files_under(folder: str) -> set[str]:
    return {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / folder).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


@pytest.mark.concurrent
@pytest.mark.wheel
def test_the_sdist_holds_every_test_tool_doc_and_benchmark(sdist):
    members, _ = sdist
    for folder in ("tests", "tools", "docs", "benchmarks", "assets", "game/locale"):
        assert files_under(folder) <= members, folder
    assert {
        "main.py",
        "requirements.txt",
        "requirements-test.txt",
        "requirements-dev.txt",
        "pyproject.toml",
        "README.md",
        "LICENSE",
        "game/version.py",
    } <= members
    assert not [m for m in members if m.endswith((".pyc", ".pyo")) or "__pycache__" in m]


@pytest.mark.concurrent
@pytest.mark.wheel
def test_building_the_sdist_prints_no_warning_of_our_making(sdist):
    _, printed = sdist
    ours = [
        line
        for line in printed.splitlines()
        if "would be ignored" in line
        or "absent from the `packages`" in line
        or "no previously-included" in line
        or "not found" in line.lower()
    ]
    assert ours == []


@pytest.mark.concurrent
@pytest.mark.wheel
def test_the_installed_game_needs_no_test_tool_outside_an_extra(venv):
    requires = in_venv(
        venv, "import importlib.metadata as m, json; print(json.dumps(m.requires('pixel-mines')))"
    )
    plain = sorted(re.match(r"[\w.-]+", r)[0] for r in requires if "extra ==" not in r)
    assert plain == ["platformdirs", "pygame-ce"]
    extra = [r for r in requires if r.startswith(TEST_TOOLS)]
    assert extra and all('extra == "test"' in r for r in extra)


@pytest.mark.concurrent
@pytest.mark.wheel
def test_the_wheel_ships_every_asset_inside_the_package(venv):
    found = in_venv(
        venv,
        "import json, pixel_mines, pixel_mines.resources as r, sysconfig; print(json.dumps("
        "[pixel_mines.__file__, str(r.assets_dir()), sysconfig.get_path('purelib')]))",
    )
    package_file, assets, site = map(Path, found)
    assert package_file.is_relative_to(site) and assets == site / "pixel_mines" / "assets"
    assert not (site / "assets").exists()
    assert {p.relative_to(assets).as_posix() for p in assets.rglob("*") if p.is_file()} == (
        asset_files()
    )


@pytest.mark.concurrent
@pytest.mark.wheel
def test_the_installed_game_loads_every_shipped_theme_from_where_it_was_installed(venv):
    found = in_venv(
        venv,
        "import json; from pixel_mines.ui.theme import THEMES_DIR, load_library; "
        "lib = load_library(); print(json.dumps([str(THEMES_DIR), "
        "lib.names(), lib.problems]))",
    )
    themes_dir, names, problems = found
    assert "site-packages" in themes_dir and not Path(themes_dir).is_relative_to(ROOT)
    assert sorted(names) == SHIPPED_THEMES and problems == []


@pytest.mark.concurrent
@pytest.mark.wheel
def test_the_wheel_installs_pixel_mines_and_nothing_named_game(venv):
    """A top-level `game` is a common name among pygame projects; two would break each other."""
    site = Path(
        in_venv(venv, "import json, sysconfig; print(json.dumps(sysconfig.get_path('purelib')))")
    )
    top = {p.name for p in site.iterdir()}
    assert "pixel_mines" in top and "game" not in top and "assets" not in top
    record = in_venv(
        venv,
        "import json, importlib.metadata as m; print(json.dumps("
        "[str(f) for f in m.files('pixel-mines')]))",
    )
    assert not [f for f in record if f.split("/")[0] in ("game", "assets")]
    python, game = venv
    module = subprocess.run(
        [str(python), "-m", "pixel_mines", "--version"],
        cwd=game.cwd,
        env=game.env,
        capture_output=True,
        text=True,
    )
    assert module.returncode == 0 and module.stdout.startswith("pixel-mines ")


@pytest.mark.concurrent
@pytest.mark.wheel
def test_installed_version_is_the_metadatas_and_the_checkouts(venv):
    metadata = in_venv(
        venv, "import json, importlib.metadata as m; print(json.dumps(m.version('pixel-mines')))"
    )
    result = venv[1].run("--version")
    assert result.returncode == 0 and result.stdout == f"pixel-mines {metadata}\n"
    assert metadata == version_module.__version__


@pytest.mark.concurrent
@pytest.mark.wheel
def test_installed_help_exits_0(venv):
    result = venv[1].run("--help")
    assert result.returncode == 0 and "--export-stats" in result.stdout


@pytest.mark.concurrent
@pytest.mark.wheel
def test_the_wheel_ships_the_compiled_catalogues_and_not_their_sources(venv):
    found = in_venv(
        venv,
        "import json, pixel_mines.resources as r; d = r.locale_dir(); "
        "print(json.dumps([str(d), sorted(p.relative_to(d).as_posix() "
        "for p in d.rglob('*') if p.is_file())]))",
    )
    folder, files = found
    assert "site-packages" in folder and not Path(folder).is_relative_to(ROOT)
    assert set(files) == catalogue_files() and not [f for f in files if f.endswith((".po", ".pot"))]


def check_speaks_german(game: Installed) -> None:
    """The catalogue is found where the game was installed, by --language and by LANGUAGE."""
    for result in (game.run("--language", "de", "--help"), game.run("--help", LANGUAGE="de")):
        assert result.returncode == 0 and result.stdout.startswith("Aufruf: pixel-mines")
        assert "diese Hilfe zeigen und beenden" in result.stdout
    refused = game.run("--language", "xx")
    assert refused.returncode == 2 and "the languages are: de, en" in refused.stderr


@pytest.mark.concurrent
@pytest.mark.wheel
def test_installed_game_speaks_german_from_its_catalogue(venv):
    check_speaks_german(venv[1])


def check_plays_a_scripted_text_game(game: Installed) -> None:
    won = "".join(f"{line}\n" for line in solve(7)) + "n\n"
    result = game.run("--text", "--difficulty", "beginner", "--seed", "7", stdin=won)
    assert result.returncode == 0, result.stderr
    assert "You won in" in result.stdout and "3BV" in result.stdout


def check_lists_every_shipped_theme(game: Installed) -> None:
    result = game.run("--theme", "nosuch")
    assert result.returncode == 2
    (line,) = result.stderr.strip().splitlines()
    listed = line.split("the themes are: ")[1].split(" (see --help)")[0].split(", ")
    assert sorted(listed) == SHIPPED_THEMES


def check_window_starts_with_every_theme(game: Installed) -> None:
    """The real loop runs on the dummy driver until a QUIT arrives (the game's own timer, set
    by QUIT_AFTER_ENV); a theme that failed to load would stop it with status 2 or a crash."""
    for name in SHIPPED_THEMES:
        result = game.run("--theme", name, PIXEL_MINES_QUIT_AFTER_MS=QUIT_AFTER_MS)
        assert result.returncode == 0, (name, result.stderr)
        assert "Traceback" not in result.stderr, result.stderr


@pytest.mark.concurrent
@pytest.mark.wheel
def test_installed_game_plays_a_scripted_text_game(venv):
    check_plays_a_scripted_text_game(venv[1])


@pytest.mark.concurrent
@pytest.mark.wheel
def test_installed_game_lists_every_shipped_theme_for_an_unknown_one(venv):
    check_lists_every_shipped_theme(venv[1])


@pytest.mark.concurrent
@pytest.mark.wheel
def test_installed_window_starts_with_every_shipped_theme(venv):
    check_window_starts_with_every_theme(venv[1])


@pytest.mark.concurrent
@pytest.mark.wheel
def test_installed_game_exports_its_statistics(venv):
    game = venv[1]
    check_plays_a_scripted_text_game(game)
    out = game.cwd / "games.csv"
    assert game.run("--export-stats", str(out)).returncode == 0
    with out.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert rows and rows[-1]["seed"] == "S0000000000007" and rows[-1]["won"] == "1"


@pytest.mark.concurrent
@pytest.mark.wheel
def test_installed_game_adds_itself_to_the_menu_starting_its_own_script(venv):
    game = venv[1]
    share = game.cwd / "share"
    result = game.run("--install-desktop", XDG_DATA_HOME=str(share))
    assert result.returncode == 0, result.stderr
    written = {Path(line.removeprefix("wrote ")) for line in result.stdout.splitlines()}
    assert {p for p in share.rglob("*") if p.is_file()} == written and len(written) == 10
    # the man page comes out of the wheel's assets (tools/manpage.py)
    assert (share / "man" / "man6" / "pixel-mines.6").read_text("utf-8").startswith('.\\" Made by')
    entry = share / "applications" / "io.github.pixelmines.PixelMines.desktop"
    assert f"Exec={game.command[0]}\n" in entry.read_text(encoding="utf-8")
    metainfo = share / "metainfo" / "io.github.pixelmines.PixelMines.metainfo.xml"
    assert f'<release version="{version_module.__version__}"' in metainfo.read_text("utf-8")
    assert game.run("--uninstall-desktop", XDG_DATA_HOME=str(share)).returncode == 0
    assert not [p for p in share.rglob("*") if p.is_file()]


# ---- the bundle, built for real (opt-in) ------------------------------------------------------


@pytest.mark.bundle
@pytest.mark.skipif(
    os.environ.get("PIXEL_MINES_BUNDLE") != "1",
    reason="builds the PyInstaller bundle: set PIXEL_MINES_BUNDLE=1",
)
def test_the_bundle_builds_and_plays(tmp_path):
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail("PIXEL_MINES_BUNDLE=1 needs PyInstaller: python -m pip install pyinstaller")
    build = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "build_bundle.py"),
            "--dist",
            str(tmp_path / "dist"),
            "--work",
            str(tmp_path / "work"),
        ],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    report = json.loads(build.stdout.strip().splitlines()[-1])
    print(report)
    folder = Path(report["folder"])
    inside = folder / "_internal" / "pixel_mines" / "assets"
    assert {
        p.relative_to(inside).as_posix() for p in inside.rglob("*") if p.is_file()
    } == asset_files()
    locale = folder / "_internal" / "pixel_mines" / "locale"
    assert {
        p.relative_to(locale).as_posix() for p in locale.rglob("*") if p.is_file()
    } == catalogue_files()
    assert not [
        p.name
        for p in (folder / "_internal").iterdir()
        if p.name.startswith(("libssl", "libcrypto", "numpy", "game"))
    ]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    game = Installed([str(folder / "pixel-mines")], elsewhere, clean_env(tmp_path))
    assert game.run("--help").returncode == 0
    assert game.run("--version").stdout == f"pixel-mines {version_module.__version__}\n"
    check_plays_a_scripted_text_game(game)
    check_speaks_german(game)
    check_lists_every_shipped_theme(game)
    check_window_starts_with_every_theme(game)
