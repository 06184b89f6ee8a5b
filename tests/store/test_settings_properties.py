"""Any bytes as settings.json: settings and at most one line, the file used or set aside whole,
and the next save never fails on what was read. Derandomized, so failures reproduce."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.store.settings import Settings, SettingsFile
from tests.store.test_replay_properties import json_values

PROPERTY = settings(
    derandomize=True, max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
KNOWN = [
    "board",
    "custom_rows",
    "custom_cols",
    "custom_mines",
    "theme",
    "scale",
    "question_marks",
    "safe_zone",
    "chord_on_left",
    "long_press_flag",
    "motion",
    "no_guess",
]

objects = st.dictionaries(
    st.sampled_from(KNOWN) | st.text(max_size=10), json_values, max_size=8
).map(lambda d: json.dumps(d).encode())
any_input = st.binary(max_size=2000) | objects


@PROPERTY
@given(data=any_input)
def test_any_bytes_give_settings_and_at_most_one_line_and_lose_nothing(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(data)
        f = SettingsFile(path)
        loaded, messages = f.load()
        assert isinstance(loaded, Settings) and len(messages) <= 1
        assert all("\n" not in m for m in messages)
        aside = list(Path(folder).glob("settings.json.corrupt-*"))
        if aside:
            assert aside[0].read_bytes() == data and not path.exists()
        else:
            assert path.read_bytes() == data
        assert f.save(loaded) is None  # what was read can always be written back
        again, more = SettingsFile(path).load()
        assert again == loaded and more == []
