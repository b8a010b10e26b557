"""The Python guide's examples (docs/python.md) run as written."""

import re
from pathlib import Path

import numpy as np
import pytest

README = Path(__file__).resolve().parents[3] / "docs" / "python.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.DOTALL)


def test_the_readme_has_examples():
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block {i}" for i in range(len(BLOCKS))])
def test_a_readme_example_runs(block):
    exec(compile(block, str(README), "exec"), {"np": np})
