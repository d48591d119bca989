"""The lobby form's game options (issue 32): every option the API offers for the chosen title
and variant (its ``OptionSpec``s, ``Title.info()``), read from the fields ``opt:<title>:
<variant>:<name>`` of the chosen variant only, typed as the spec says. A value that does not
fit (a deck that does not exist, a forged field) is passed on unchanged, so the API refuses it
with its sentence; :func:`option_error` then says which field the sentence belongs beside."""

from __future__ import annotations

from typing import Any

from domain.platform import registry


def variant_options(title: str, variant: str) -> list[dict]:
    """The option specs of ``title``'s ``variant`` (its first variant when none is named);
    [] for a title or variant that does not exist (the API refuses those itself)."""
    try:
        info = registry.current(title).info()
    except Exception:  # an unknown title: the API's sentence says so
        return []
    variants = info.get("variants", [])
    chosen = next((v for v in variants if v["name"] == variant), None)
    if chosen is None and not variant and variants:
        chosen = variants[0]
    return list((chosen or {}).get("options", []))


def _typed(kind: str, value: str) -> Any:
    if kind == "bool":
        return value.lower() in ("1", "on", "true", "yes")
    if kind == "int":
        text = value.strip()
        return int(text) if text.lstrip("-").isdigit() else value
    return value


def form_options(form: Any, title: str, variant: str) -> dict:
    """The chosen variant's options from the lobby form, in API terms. A field naming an
    option the variant does not have is passed on too (a forged form: the API refuses it)."""
    specs = {o["name"]: o for o in variant_options(title, variant)}
    prefix = f"opt:{title}:{variant or ''}:"
    out: dict = {}
    for key in form:
        if not key.startswith(prefix):
            continue
        name = key[len(prefix) :]
        values = form.getlist(key)
        value = values[-1] if values else ""  # a checkbox follows its hidden "0"
        spec = specs.get(name)
        if spec is None:
            out[name] = value
            continue
        typed = _typed(spec["type"], value)
        if typed != spec.get("default"):
            out[name] = typed
    return out


def option_error(sentence: str, options: dict, title: str, variant: str) -> dict | None:
    """``{"name", "text"}`` when the API's refusal names one of the variant's options that
    was sent (the page shows it beside that field), else None (shown at the top)."""
    known = {o["name"] for o in variant_options(title, variant)}
    for name in (n for n in options if n in known):
        if name in sentence or name.replace("_", " ") in sentence:
            return {"name": name, "text": sentence}
    return None
