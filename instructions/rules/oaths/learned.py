"""The learned layer: a linear model over hashed n-grams of a body's units.

A body is split into the rule engine's units (``segment``: sentences, list items, table cells,
headings, code lines, comments); each unit's text is normalised (``views.normalize``: NFKC, case
folded, look-alikes folded, white space collapsed) and read as a bag of hashed features:

- character n-grams of 3, 4 and 5 characters of `` <text> `` (the text padded with one space);
- words (runs of letters, digits and ``_``) and pairs of adjacent words;
- the unit's kind (``kind:item``, ``kind:comment``, ...).

A feature's bucket is a polynomial hash of its code points (arithmetic modulo 2**64, which numpy's
unsigned integers do by wrapping), salted by the feature's family and spread over
``2**bits`` buckets by a multiplicative hash. Counts per unit are scaled to unit length (L2), and a
unit's scores are ``softmax(features @ weights + bias)`` over the classes ``benign`` and the five
oaths. Training (``scripts/train_oath_model.py``, scikit-learn) calls the same ``featurize``, so the
features it learns on are the ones served; the model ships as plain arrays (``.npz``, read with
``allow_pickle=False``) and serving needs numpy only.

Pure, linear in the body: one pass of hashing over the units' code points, one gather of weight rows
and one sum per class (``np.bincount``). Unit scores are remembered by the unit's
normalised text and kind, so re-scoring a body after a one-line edit reads only the units that changed.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from instructions.rules.oaths.segment import segment
from instructions.rules.oaths.views import normalize

#: Where the committed model lives (weights ``.npz`` and its card ``.json``).
MODEL_DIR = Path(__file__).resolve().parent / "data"
MODEL_NAME = "oath-model"

_P = np.uint64(0x100000001B3)  # the polynomial's base (odd: invertible modulo 2**64)
_MIX = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: the top bits of h * _MIX are the bucket
_PAIR = np.uint64(0xC2B2AE3D27D4EB4F)
#: Salts per feature family (so a word and a 4-gram with equal hashes fall in different buckets).
_SALT = {3: 0x1, 4: 0x2, 5: 0x3, "word": 0x4, "pair": 0x5, "kind": 0x6}
CHAR_NGRAMS = (3, 4, 5)
_WORD = re.compile(r"\w+")
#: Units longer than this are read in their first ``MAX_UNIT_CHARS`` characters (a unit is a sentence
#: or a line; a longer one is a blob, which the rules read in full).
MAX_UNIT_CHARS = 2000
#: How many unit scores are remembered (by normalised text and kind).
CACHE_SIZE = 50_000


@dataclass(frozen=True)
class UnitText:
    """One unit as the model reads it: its span in the body, its kind, its normalised text."""

    start: int
    end: int
    kind: str
    text: str


@dataclass(frozen=True, eq=False)
class OathModel:
    """Weights ``(2**bits, classes)``, bias ``(classes,)``, and the card that describes them."""

    weights: np.ndarray
    bias: np.ndarray
    classes: tuple[str, ...]
    bits: int
    card: dict[str, Any] = field(default_factory=dict)
    sha256: str = ""

    @property
    def oath_classes(self) -> tuple[str, ...]:
        return self.classes[1:]


def units_of(body: str) -> list[UnitText]:
    """The body's units, each with its normalised, lower-case text (empty units left out)."""
    units, _clean = segment(body)
    out = []
    for unit in sorted(units, key=lambda u: (u.start, u.end)):
        raw = body[unit.start : min(unit.end, unit.start + MAX_UNIT_CHARS)]
        text = normalize(raw).text.strip()
        if text:
            out.append(UnitText(unit.start, unit.end, unit.kind, text))
    return out


def _powers(n: int) -> np.ndarray:
    return np.cumprod(np.concatenate(([np.uint64(1)], np.full(n, _P, dtype=np.uint64))), dtype=np.uint64)


def _prefix_hashes(codes: np.ndarray, powers: np.ndarray) -> np.ndarray:
    """``H[j]`` = the polynomial hash of ``codes[:j]`` (``H[0] = 0``), modulo 2**64, without a loop:
    ``H[j] = P**(j-1) * sum(codes[k] * P**-k for k < j)``."""
    n = len(codes)
    inverse = _inverse_powers(n)
    scaled = np.cumsum(codes * inverse[:n], dtype=np.uint64)
    out = np.zeros(n + 1, dtype=np.uint64)
    out[1:] = scaled * powers[:n]
    return out


_INV_P = np.uint64(pow(int(_P), -1, 1 << 64))


def _inverse_powers(n: int) -> np.ndarray:
    return np.cumprod(np.concatenate(([np.uint64(1)], np.full(n, _INV_P, dtype=np.uint64))), dtype=np.uint64)


def _span_hashes(prefix: np.ndarray, powers: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    return prefix[ends] - prefix[starts] * powers[ends - starts]


def _bucket(hashes: np.ndarray, salt: int, bits: int) -> np.ndarray:
    with np.errstate(over="ignore"):
        mixed = (hashes + np.uint64(salt) * _PAIR) * _MIX
    return (mixed >> np.uint64(64 - bits)).astype(np.int64)


def featurize(texts: Sequence[str], kinds: Sequence[str], bits: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The hashed features of each text, one entry per occurrence: ``(rows, cols, values)`` of a
    sparse matrix of ``len(texts)`` rows and ``2**bits`` columns (an occurrence repeated in a row is
    summed: ``scipy.sparse.csr_matrix((values, (rows, cols)))``). Each occurrence weighs
    ``1 / sqrt(occurrences in its row)``, so rows of any length weigh alike."""
    if not texts:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, np.zeros(0, dtype=np.float32)
    padded = [f" {t} " for t in texts]
    joined = "\n".join(padded)
    codes = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    n = len(codes)
    powers = _powers(n + 1)
    with np.errstate(over="ignore"):
        prefix = _prefix_hashes(codes, powers)
    lengths = np.fromiter((len(t) for t in padded), dtype=np.int64, count=len(padded))
    row_of = np.repeat(np.arange(len(padded)), lengths + 1)[:n]

    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    with np.errstate(over="ignore"):
        for size in CHAR_NGRAMS:
            begin = np.arange(max(n - size + 1, 0))
            keep = row_of[begin] == row_of[np.minimum(begin + size - 1, n - 1)]
            keep &= codes[begin + size - 1] != 10  # no n-gram crosses into the separator
            keep &= codes[begin] != 10
            begin = begin[keep]
            rows.append(row_of[begin])
            cols.append(_bucket(_span_hashes(prefix, powers, begin, begin + size), _SALT[size], bits))
        spans = [m.span() for m in _WORD.finditer(joined)]
        if spans:
            w = np.asarray(spans, dtype=np.int64)
            word_hash = _span_hashes(prefix, powers, w[:, 0], w[:, 1])
            word_row = row_of[w[:, 0]]
            rows.append(word_row)
            cols.append(_bucket(word_hash, _SALT["word"], bits))
            same = word_row[1:] == word_row[:-1]
            pair_hash = word_hash[:-1][same] * _PAIR + word_hash[1:][same]
            rows.append(word_row[:-1][same])
            cols.append(_bucket(pair_hash, _SALT["pair"], bits))
    rows.append(np.arange(len(texts)))
    cols.append(np.asarray([_kind_bucket(kind, bits) for kind in kinds], dtype=np.int64))

    row = np.concatenate(rows)
    col = np.concatenate(cols)
    per_row = np.bincount(row, minlength=len(texts))
    values = (1.0 / np.sqrt(per_row))[row].astype(np.float32)
    return row, col, values


@lru_cache(maxsize=64)
def _kind_bucket(kind: str, bits: int) -> int:
    digest = hashlib.blake2b(f"kind:{kind}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> (64 - bits)


def softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return exp / exp.sum(axis=1, keepdims=True)


def score_texts(model: OathModel, texts: Sequence[str], kinds: Sequence[str]) -> np.ndarray:
    """Class probabilities ``(len(texts), classes)`` of each text."""
    if not texts:
        return np.zeros((0, len(model.classes)), dtype=np.float32)
    rows, cols, values = featurize(texts, kinds, model.bits)
    contributions = model.weights[cols] * values[:, None]
    logits = np.empty((len(texts), len(model.classes)), dtype=np.float64)
    for k in range(len(model.classes)):
        logits[:, k] = np.bincount(rows, weights=contributions[:, k], minlength=len(texts))
    return softmax(logits + model.bias)


class UnitScores:
    """Remembers unit scores by (normalised text, kind), bounded, thread-safe."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._data: OrderedDict[tuple[str, str, str], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def score(self, model: OathModel, units: Sequence[UnitText]) -> np.ndarray:
        out = np.zeros((len(units), len(model.classes)), dtype=np.float64)
        missing: list[int] = []
        with self._lock:
            for i, unit in enumerate(units):
                hit = self._data.get((model.sha256, unit.kind, unit.text))
                if hit is None:
                    missing.append(i)
                else:
                    out[i] = hit
        if missing:
            fresh = score_texts(model, [units[i].text for i in missing], [units[i].kind for i in missing])
            with self._lock:
                for i, probs in zip(missing, fresh, strict=True):
                    out[i] = probs
                    self._data[(model.sha256, units[i].kind, units[i].text)] = probs
                while len(self._data) > self.size:
                    self._data.popitem(last=False)
        return out

    def clear(self) -> None:
        with self._lock:
            self._data.clear()


unit_scores = UnitScores()


def load_model(directory: Path = MODEL_DIR, name: str = MODEL_NAME) -> OathModel:
    """Read the weights (``<name>.npz``, no pickles) and the card (``<name>.json``)."""
    path = directory / f"{name}.npz"
    raw = path.read_bytes()
    with np.load(path, allow_pickle=False) as arrays:
        weights = np.asarray(arrays["weights"], dtype=np.float32)
        bias = np.asarray(arrays["bias"], dtype=np.float64)
    card = json.loads((directory / f"{name}.json").read_text(encoding="utf-8"))
    classes = tuple(card["classes"])
    bits = int(card["bits"])
    if weights.shape != (1 << bits, len(classes)) or bias.shape != (len(classes),):
        raise ValueError(f"{path}: weights {weights.shape} and bias {bias.shape} do not match the card")
    return OathModel(weights, bias, classes, bits, card, hashlib.sha256(raw).hexdigest())


_model: OathModel | None = None
_model_lock = threading.Lock()


def default_model() -> OathModel:
    """The model in use: the committed one, read once per process (or the one ``use_model`` set)."""
    global _model
    if _model is None:
        with _model_lock:
            if _model is None:
                _model = load_model()
    return _model


def use_model(model: OathModel | None) -> None:
    """Make ``model`` the one every check uses (None: the committed one, read again on next use)."""
    global _model
    with _model_lock:
        _model = model


def with_thresholds(model: OathModel, *, hold: float, review: float, candidate: float | None = None) -> OathModel:
    """``model`` with other tier thresholds (and, given ``candidate``, another score from which a
    unit the model alone flags is a candidate): what an operator tries before retraining, and
    what tests use to pin a tier."""
    thresholds = dict(model.card.get("thresholds", {}), hold=hold, review=review)
    if candidate is not None:
        thresholds["candidate"] = candidate
    card = dict(model.card, thresholds=thresholds)
    tag = f"{model.sha256}:{hold}:{review}:{thresholds.get('candidate')}"
    return OathModel(model.weights, model.bias, model.classes, model.bits, card, tag)
