"""The committed generated code is what `make proto` makes from proto/ now."""

from __future__ import annotations

from pathlib import Path

from contract.generate import OUT_DIR, generate


def test_generated_code_is_current_with_proto(tmp_path: Path) -> None:
    fresh = generate(tmp_path / "proto_gen")
    names = sorted(p.name for p in fresh)
    committed = sorted(p.name for p in OUT_DIR.iterdir() if p.is_file())
    assert names == committed, "run `make proto`"
    for path in fresh:
        assert path.read_bytes() == (OUT_DIR / path.name).read_bytes(), f"{path.name}: make proto"
