"""What a ZeRO-3 (FSDP) rank holds unsharded at each moment of backward, beside its shards.

The sharded weights, gradients and optimizer state are ``1/N`` each, but a layer is computed
with its weights whole and makes its gradient whole: torch's FSDP2 (``fully_shard``) all-gathers
a layer's parameters before its forward and again before its backward, prefetches the next
layer's all-gather in backward (one ahead), and reduce-scatters a layer's gradient from a
buffer of the whole gradient after the layer's backward. The root module (what is not in a
layer: embeddings, the final norm, the output layer) is not resharded after forward, since its
parameters are needed again at once for backward (FSDP2's ``_lazy_init`` sets the root's
``post_forward_mesh_info`` to ``None``), so they stay gathered from the forward to the end of
backward, and its gradients stay whole until its own reduce-scatter at the very end.

At the moments of :func:`core.memory.activations.peak_moments`:

* ``start`` (start of backward): the root gathered, the top layer prefetched.
* ``top`` (top layer's backward): the root, the layer and the next one prefetched; the layer's
  whole gradient being made.
* ``end`` (end of backward): the root gathered for the embedding's backward (a model without
  one: the bottom layer); the last reduce-scatter's whole-gradient buffer (and, without a root,
  the bottom layer's own gradient being made).
* ``bottom`` (the bottom segment's recompute): as ``top``.

Checked against torch's ``FSDPMemTracker`` on fake ranks (tests/core/memory/test_gathered.py).
"""

from __future__ import annotations

__all__ = ["MOMENT_KEYS", "gathered_bytes", "moment_keys"]

#: The keys of :func:`core.memory.activations.peak_moments`'s moments, in its order.
MOMENT_KEYS: tuple[str, ...] = ("bottom", "start", "top", "end")


def moment_keys(count: int) -> tuple[str, ...]:
    """The keys of ``count`` moments as :func:`~core.memory.activations.peak_moments` returns
    them (the bottom segment's recompute first, only with checkpoints)."""
    if count not in (3, 4):
        raise ValueError(f"{count} moments; peak_moments returns 3 or 4")
    return MOMENT_KEYS[4 - count :]


def gathered_bytes(
    key: str, *, layer: float, root: float, layers: float, w: float, g: float,
    prefetch: bool = True,
) -> tuple[float, float]:  # fmt: skip
    """``(weights, gradients)`` bytes a ZeRO-3 rank holds whole at moment ``key``, beyond its
    shards.

    ``layer`` and ``root`` are parameters of one layer and of the root module (on this rank's
    tensor-parallel share), ``layers`` the layers here, ``w`` and ``g`` bytes per weight and per
    gradient element. The gradients are the layer's whole gradient being made and the whole
    gradient a reduce-scatter sends from; the root's own whole gradients are the moment's
    gradient temporaries, counted where they are made. ``prefetch`` ``False``: the next layer
    is gathered only once this one is resharded (FSDP1's ``BACKWARD_POST``), one layer at a time.
    """
    if key not in MOMENT_KEYS:
        raise ValueError(f"moment {key!r}; allowed: {', '.join(MOMENT_KEYS)}")
    ahead = layer if layers > 1 else 0.0  # the next layer's all-gather, prefetched
    if not prefetch:
        if key == "start":
            return w * root, 0.0
        if key in ("top", "bottom"):
            return w * (root + layer), g * layer
        ahead = 0.0
    if key == "start":
        return w * (root + (layer if layers >= 1 else 0.0)), 0.0
    if key in ("top", "bottom"):
        return w * (root + layer + ahead), g * layer
    if root:
        return w * root, g * layer
    return w * layer, g * (layer + ahead)
