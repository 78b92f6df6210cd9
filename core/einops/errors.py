"""Turn einops' (and torch's) error for a call into a message a person can act on.

The analyser first lets einops decide (on ``meta`` tensors); when it refuses, :func:`explain` keeps
einops' meaning but names the bad token with a caret under it, repeats the pattern, shapes and axis
lengths, and says what would be valid. Errors it does not recognise keep einops' own wording.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.echo import brief
from core.einops.text import Token, caret_block, format_axes, format_shape, tokenize
from core.texts import Text, join_texts, translate

__all__ = ["clean_reason", "compose", "explain"]

_NAMES = translate(
    "Einops", "letters, digits and _ (not starting or ending with _), e.g. batch, h1"
)


def clean_reason(message: str) -> str:
    """einops' reason without its "Error while processing …" preamble."""
    text = message.strip()
    if text.startswith("Error while processing"):
        parts = text.split("\n", 2)
        text = parts[2].strip() if len(parts) == 3 else parts[-1].strip()
    return text.replace("…", "...")


def _set_names(text: str) -> list[str]:
    """Names inside a printed Python set such as ``{'s', '…0'}`` (anonymous axes: ``2-axis``)."""
    inner = text[text.find("{") + 1 : text.rfind("}")] if "{" in text else text
    out = []
    for item in inner.split(","):
        item = item.strip().strip("'\"")
        if item.endswith("-axis"):
            item = item[: -len("-axis")]
        if item:
            out.append(item)
    return out


def _sides(tokens: list[Token]) -> tuple[list[Token], list[Token]]:
    for i, tok in enumerate(tokens):
        if tok.text == "->":
            return tokens[:i], tokens[i + 1 :]
    return tokens, []


def compose(
    headline: str,
    pattern: str,
    spans: Sequence[tuple[int, int]],
    context: str,
    hint: str = "",
) -> Text:
    """Headline, the pattern with carets, the inputs, then the hint (one block of text)."""
    parts = [headline, caret_block(pattern, spans) if spans else f"  {pattern}", context]
    if hint:
        parts.append(hint)
    return join_texts([p for p in parts if p], "\n")


def _context(shapes: Sequence[tuple[int, ...]], axes: dict[str, int]) -> str:
    shape_text = "; ".join(format_shape(s) for s in shapes) or translate("Einops", "none")
    if len(shapes) == 1:
        template = translate("Einops", "input shape: {shapes}; axis lengths: {axes}")
    else:
        template = translate("Einops", "input shapes: {shapes}; axis lengths: {axes}")
    return template.format(shapes=shape_text, axes=format_axes(axes))


def _group_spans(side: list[Token]) -> list[tuple[int, int]]:
    """Spans of each top-level group of one side: a name, ``...``, or ``( … )``."""
    spans, start = [], None
    for tok in side:
        if tok.text == "(":
            start = tok.start
        elif tok.text == ")" and start is not None:
            spans.append((start, tok.end))
            start = None
        elif start is None and (tok.is_name or tok.text == "..."):
            spans.append((tok.start, tok.end))
    return spans


def explain(
    op: str,
    pattern: str,
    shapes: Sequence[tuple[int, ...]],
    axes: dict[str, int],
    reason: str,
) -> tuple[Text, tuple[int, int] | None]:
    """A message for einops' ``reason`` about a rearrange/reduce/repeat call, and its span."""
    tokens = tokenize(pattern)
    left, right = _sides(tokens)
    ctx = _context(shapes, axes)

    def done(
        head: str, spans: list[tuple[int, int]], hint: str = ""
    ) -> tuple[Text, tuple[int, int] | None]:
        span = (min(s for s, _ in spans), max(e for _, e in spans)) if spans else None
        return compose(head, pattern, spans, ctx, hint), span

    def find(names: list[str], side: list[Token]) -> list[tuple[int, int]]:
        return [(t.start, t.end) for t in side if t.text in names]

    arrows = [t for t in tokens if t.text == "->"]
    if len(arrows) != 1:
        spans = [(t.start, t.end) for t in arrows[1:]] or [(len(pattern), len(pattern) + 1)]
        if arrows:
            head = translate("Einops", "the pattern needs exactly one '->' (found {n})").format(
                n=len(arrows)
            )
        else:
            head = translate(
                "Einops", "the pattern needs exactly one '->' between the input and output sides"
            )
        return done(
            head,
            spans,
            translate("Einops", "allowed: INPUT -> OUTPUT, e.g. 'b s (h d) -> b h s d'"),
        )
    if m := re.search(r"Unknown character '(.)'", reason):
        spans = [(t.start, t.end) for t in tokens if t.text == m.group(1)][:1]
        return done(
            translate("Einops", "unexpected character {char}").format(char=brief(m.group(1))),
            spans,
            translate(
                "Einops", "allowed in a pattern: axis names, numbers, spaces, ( ), ... and one ->"
            ),
        )
    if m := re.search(r"Invalid axis identifier: (\S+)\n?(.*)", reason):
        name = m.group(1)
        why = m.group(2).strip() or translate("Einops", "not a valid name")
        return done(
            translate("Einops", "{name} is not a valid axis name ({why})").format(
                name=brief(name), why=why
            ),
            find([name], tokens),
            translate("Einops", "allowed: {names}, or a number").format(names=_NAMES),
        )
    if "dots only inside ellipsis" in reason:
        spans = [(t.start, t.end) for t in tokens if t.text in (".", "...")]
        return done(
            translate("Einops", "dots are only allowed as one '...' per side"),
            spans,
            translate("Einops", "allowed: '...' once per side, e.g. '... hidden -> ...'"),
        )
    if m := re.search(r'duplicate dimension "(\S+)"', reason):
        name = m.group(1)
        for side in (left, right):
            hits = [t for t in side if t.text == name]
            if len(hits) > 1:
                return done(
                    translate("Einops", "axis {name} appears twice on one side").format(
                        name=brief(name)
                    ),
                    [(hits[1].start, hits[1].end)],
                    translate("Einops", "each side may name an axis once; rename one of them"),
                )
        return done(
            translate("Einops", "axis {name} appears twice on one side").format(name=brief(name)),
            [],
        )
    if "one-level" in reason:
        depth, spans = 0, []
        for t in tokens:
            if t.text == "(":
                depth += 1
                if depth == 2:
                    spans.append((t.start, t.end))
            elif t.text == ")":
                depth = max(depth - 1, 0)
        return done(
            translate("Einops", "brackets cannot be nested"),
            spans[:1],
            translate("Einops", "allowed: one level of ( ) grouping, e.g. '(h w) c'"),
        )
    if "not balanced" in reason or "Imbalanced" in reason:
        spans = []
        for side in (left, right):
            stack: list[Token] = []
            for t in side:
                if t.text == "(":
                    stack.append(t)
                elif t.text == ")":
                    if stack:
                        stack.pop()
                    else:
                        spans.append((t.start, t.end))
            spans.extend((t.start, t.end) for t in stack)
        return done(
            translate("Einops", "unbalanced brackets"),
            spans[:1],
            translate("Einops", "every '(' needs a ')' on the same side of '->'"),
        )
    if "Ellipsis found in right side" in reason:
        return done(
            translate("Einops", "'...' is on the right side only"),
            find(["..."], right),
            translate("Einops", "use '...' on the left too, or name the axes"),
        )
    if "Ellipsis inside parenthesis" in reason:
        return done(
            translate("Einops", "'...' cannot be inside brackets on the left side"),
            find(["..."], left),
            translate(
                "Einops", "write '...' on its own on the left (it may be grouped on the right)"
            ),
        )
    if "Non-unitary anonymous axes" in reason:
        spans = [(t.start, t.end) for t in tokens if t.text.isdecimal() and int(t.text) != 1]
        return done(
            translate("Einops", "rearrange cannot use numbers other than 1 as axes"),
            spans,
            translate(
                "Einops",
                "use reduce to remove a numbered axis, repeat to add one, or name it and give its length",
            ),
        )
    if m := re.search(r"Identifiers only on one side of expression.*?(\{.*\})", reason):
        names = [n.replace("…", "...") for n in _set_names(m.group(1))]
        only_left = [n for n in names if any(t.text == n for t in left)]
        only_right = [n for n in names if n not in only_left]
        parts: list[str] = []
        if only_left:
            parts.append(
                translate("Einops", "{names} only on the left").format(names=", ".join(only_left))
            )
        if only_right:
            parts.append(
                translate("Einops", "{names} only on the right").format(names=", ".join(only_right))
            )
        return done(
            translate("Einops", "rearrange needs every axis on both sides: {parts}").format(
                parts=join_texts(parts, "; ")
            ),
            find(only_left, left) + find(only_right, right),
            translate(
                "Einops",
                "rearrange only moves data; use reduce to remove an axis or repeat to add one",
            ),
        )
    if m := re.search(r"Unexpected identifiers on the left side of repeat: (\{.*\})", reason):
        names = _set_names(m.group(1))
        return done(
            translate("Einops", "repeat cannot remove {names}: on the left only").format(
                names=", ".join(names)
            ),
            find(names, left),
            translate(
                "Einops", "repeat only adds axes; keep it on the right, or use reduce to remove it"
            ),
        )
    if m := re.search(r"Specify sizes for new axes in repeat: (\{.*\})", reason):
        names = _set_names(m.group(1))
        example = ", ".join(f"{n}=3" for n in names)
        return done(
            translate("Einops", "repeat needs the length of new axis {names}").format(
                names=", ".join(names)
            ),
            find(names, right),
            translate("Einops", "give it as an axis length, e.g. {example}").format(
                example=example
            ),
        )
    if m := re.search(r"Unexpected identifiers on the right side of reduce \w*: (\{.*\})", reason):
        names = _set_names(m.group(1))
        return done(
            translate("Einops", "reduce cannot add {names}: on the right only").format(
                names=", ".join(names)
            ),
            find(names, right),
            translate("Einops", "reduce only removes axes; use repeat to add one"),
        )
    if m := re.search(r"Wrong shape: expected (>=)?(\d+) dims. Received (\d+)-dim", reason):
        at_least, want, got = m.group(1), int(m.group(2)), int(m.group(3))
        spans = [(left[0].start, left[-1].end)] if left else [(0, 1)]
        shape = shapes[0] if shapes else ()
        if at_least:
            head = translate(
                "Einops",
                "the input {shape} has {got} axes but the left side describes at least {want}",
            )
        else:
            head = translate(
                "Einops", "the input {shape} has {got} axes but the left side describes {want}"
            )
        return done(
            head.format(shape=format_shape(shape), got=got, want=want),
            spans,
            translate(
                "Einops", "name one group per input axis (use '...' for any number of leading axes)"
            ),
        )
    if m := re.search(r"Axis (\S+) is not used in transform", reason):
        name = m.group(1)
        return done(
            translate(
                "Einops",
                "axis length {name}={value} is given but {quoted} is not in the pattern",
            ).format(name=name, value=axes.get(name, "?"), quoted=brief(name)),
            [],
            translate(
                "Einops", "remove {name} from the axis lengths or use it in the pattern"
            ).format(name=name),
        )
    if "Invalid name for an axis" in reason:
        bad = [k for k in axes if not re.fullmatch(r"[A-Za-z]\w*", k) or k.endswith("_")]
        return done(
            translate("Einops", "axis length name {names} is not a valid axis name").format(
                names=", ".join(bad) or "?"
            ),
            [],
            translate("Einops", "allowed: {names}").format(names=_NAMES),
        )
    if m := re.search(r"Could not infer sizes for (\{.*\})", reason):
        order = [t.text for t in left]
        names = sorted(_set_names(m.group(1)), key=lambda n: order.index(n) if n in order else 0)
        both: str = " and ".join(names)  # einops names two; any other count stays as it is
        if len(names) == 2:
            both = translate("Einops", "{first} and {second}").format(
                first=names[0], second=names[1]
            )
        return done(
            translate("Einops", "cannot infer both {names} from one input axis").format(names=both),
            find(names, left),
            translate("Einops", "give the length of all but one of them, e.g. {name}=2").format(
                name=names[0]
            ),
        )
    if "Shape mismatch" in reason:
        return _mismatch(op, pattern, shapes, axes, left, reason, done)
    return done(reason.replace("…", "..."), [])


def _mismatch(op, pattern, shapes, axes, left, reason, done):
    """Which input axis disagrees with its group, and by how much."""
    m = re.search(r"(\d+) != (\d+)|axis of length (\d+) in chunks of (\d+)", reason)
    spans = _group_spans(left)
    shape = shapes[0] if shapes else ()
    groups: list[tuple[int, int]] = []
    has_ellipsis = any(t.text == "..." for t in left)
    extra = len(shape) - len(spans) if has_ellipsis else 0
    for span in spans:
        text = pattern[span[0] : span[1]]
        groups.extend([span] * (extra + 1) if text == "..." else [span])
    if m is not None:
        length = int(m.group(1) or m.group(3))
        known = int(m.group(2) or m.group(4))
        for i, (dim, span) in enumerate(zip(shape, groups, strict=False)):
            if dim != length:
                continue
            group = pattern[span[0] : span[1]]
            if not group.startswith("(") and not group.isdecimal():
                continue
            given = ", ".join(
                f"{k}={v}"
                for k, v in axes.items()
                if k in group.split() or f"({k}" in group or f"{k})" in group
            )
            if m.group(1):
                head = translate(
                    "Einops", "input axis {i} has length {dim}, but {group} = {known}"
                ).format(i=i, dim=dim, group=group, known=known)
                hint = translate(
                    "Einops", "make the lengths multiply to {dim}, or change the input shape"
                ).format(dim=dim)
            else:
                head = translate(
                    "Einops",
                    "input axis {i} has length {dim}, which {group} cannot split into chunks of {known}",
                ).format(i=i, dim=dim, group=group, known=known)
                hint = translate(
                    "Einops",
                    "{dim} must be divisible by {known}: change the axis lengths or the input shape",
                ).format(dim=dim, known=known)
            if given:
                head = translate("Einops", "{head} (from {given})").format(head=head, given=given)
            return done(head, [span], hint)
    return done(reason, [])
