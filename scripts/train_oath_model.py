#!/usr/bin/env python
"""Train the oath check's learned layer and its combiner; write the model, its card and the figures.

    .venv/bin/python scripts/fetch_corpus.py --manifest eval/model/real-manifest.jsonl --dest ../real/files \
        --split all [--git-mirrors DIR]
    .venv/bin/python scripts/train_oath_model.py --corpus ../real/files
        [--manifest eval/model/real-manifest.jsonl] [--out instructions/rules/oaths/data] [--bits 17] [--seed 16]
        [--check]

Data (every source named in the card with its sha256):

- **training**: the labelled sets v2 (``eval/oaths/*.jsonl``), ``own/`` and v3 to v13 (``all/``), and the
  real instruction files of ``eval/model/real-manifest.jsonl`` (390 files of 132 repositories taken from the
  v3 to v15 real-file manifests, all run before; texts fetched with ``scripts/fetch_corpus.py``) whose
  repository falls in the training part (by a hash of the repository's name: no repository is on both sides);
- **calibration**: the labelled sets v14 and v15 and the real files of the other repositories.

Steps:

1. **Units.** Each text is split into the rule engine's units (``learned.units_of``). Every unit of a
   benign text or a real file is ``benign``. An attack's units are not all attacks (an attack is often
   one sentence in a page of ordinary guidance): the units the rules' findings quote are labelled with
   the attack's oath, a text of at most two units is labelled whole, and after a first fit the unit the
   model scores highest for the attack's oath is added for every attack (two rounds).
2. **The unit model.** Multinomial logistic regression (scikit-learn, ``lbfgs``) over the hashed
   features of ``learned.featurize``, classes ``benign`` and the five oaths, units unweighted (balancing
   the classes made ordinary sentences about tests read as attacks).
   Written as plain arrays: ``oath-model.npz`` (``weights``, ``bias``; float16 weights) and
   ``oath-model.json`` (the card: classes, bits, data, thresholds, combiner, figures).
3. **The combiner** (``confidence.py``) turns each *candidate* (a rule finding, or a unit the model
   scores high where no rule fired) into a confidence: logistic regression over a few features (did a
   rule fire, the rule's precision on the training data, the model's score of the candidate's unit and
   of the text's best unit, ...), fitted on the calibration data. A text's confidence is its best
   candidate's.
4. **Thresholds.** ``hold`` and ``review`` are set on the calibration data's out-of-fold confidences
   (five folds, by text; real files by repository): ``hold`` is the lowest threshold at which at most
   ``--hold-real`` of the real files and ``--hold-benign`` of the hard benign texts are held, ``review``
   the lowest at which at most ``--review-real`` of the real files are flagged in either tier.

``--check``: retrain in memory and exit 1 if the weights differ from the committed ones (deterministic).
No sealed set is read: v16 and its real files are measured by ``scripts/eval_oaths.py`` once.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from eval_oaths import load_examples  # noqa: E402

from instructions.rules.credo import parse_credo_map  # noqa: E402
from instructions.rules.oaths import confidence, learned  # noqa: E402
from instructions.rules.oaths.check import check_text_uncached as rule_check  # noqa: E402

EVAL = ROOT / "eval" / "oaths"
TRAIN_SETS = [EVAL, EVAL / "own"] + [EVAL / f"v{n}" / "all" for n in range(3, 14)]
CALIBRATION_SETS = [EVAL / "v14" / "all", EVAL / "v15" / "all"]


@dataclass
class Doc:
    text: str
    oath: str | None
    cls: str
    source: str
    group: str
    units: list[learned.UnitText] = field(default_factory=list)
    findings: tuple = ()


def repo_part(repo: str, calibration_share: float) -> str:
    digest = hashlib.sha256(f"oath-model:{repo.lower()}".encode()).digest()
    return "calibration" if digest[0] / 256 < calibration_share else "training"


def sha_of_files(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for path in sorted(paths):
        h.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def load_labelled(folders: list[Path]) -> tuple[list[Doc], list[Path]]:
    docs, files, seen = [], [], set()
    for folder in folders:
        files.extend(sorted(folder.glob("*.jsonl")))
        for e in load_examples(folder):
            if e.text in seen:
                continue
            seen.add(e.text)
            docs.append(Doc(e.text, e.oath, e.cls, folder.relative_to(ROOT).as_posix(), e.id or e.text[:40]))
    return docs, files


def load_real(manifest: Path, corpus: Path, share: float) -> dict[str, list[Doc]]:
    parts: dict[str, list[Doc]] = {"training": [], "calibration": []}
    for line in manifest.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        path = corpus / row["repo"].replace("/", "__", 1) / row["path"].replace("/", "__")
        if not path.is_file():
            continue
        data = path.read_bytes()
        if hashlib.sha256(data).hexdigest() != row["sha256"]:
            continue
        text = data.decode("utf-8", errors="replace")
        part = repo_part(row["repo"], share)
        parts[part].append(Doc(text, None, "real", f"real:{row['kind']}", row["repo"]))
    return parts


def prepare(docs: list[Doc], rules) -> None:
    for doc in docs:
        doc.units = learned.units_of(doc.text)
        doc.findings = rule_check(doc.text, rules).findings


def overlapping(units: list[learned.UnitText], start: int, end: int) -> list[int]:
    return [i for i, u in enumerate(units) if u.start < max(end, start + 1) and start < u.end]


def unit_rows(docs: list[Doc], classes: tuple[str, ...], model: learned.OathModel | None):
    """(texts, kinds, labels) of the training units; see the module's step 1."""
    index = {c: k for k, c in enumerate(classes)}
    texts, kinds, labels = [], [], []
    for doc in docs:
        if doc.oath is None:
            chosen = {i: 0 for i in range(len(doc.units))}
        else:
            chosen = {}
            for f in doc.findings:
                for i in overlapping(doc.units, f.start, f.end):
                    chosen[i] = index[doc.oath]
            if len(doc.units) <= 2:
                chosen.update({i: index[doc.oath] for i in range(len(doc.units))})
            if model is not None and doc.units:
                probs = learned.score_texts(model, [u.text for u in doc.units], [u.kind for u in doc.units])
                chosen[int(np.argmax(probs[:, index[doc.oath]]))] = index[doc.oath]
        for i, label in chosen.items():
            texts.append(doc.units[i].text)
            kinds.append(doc.units[i].kind)
            labels.append(label)
    return texts, kinds, np.asarray(labels)


def fit_units(texts, kinds, labels, bits: int, seed: int, c: float, n_classes: int) -> tuple[np.ndarray, np.ndarray]:
    rows, cols, values = learned.featurize(texts, kinds, bits)
    x = csr_matrix((values.astype(np.float64), (rows, cols)), shape=(len(texts), 1 << bits))
    x.sum_duplicates()
    clf = LogisticRegression(C=c, max_iter=300, random_state=seed, tol=1e-5)
    clf.fit(x, labels)
    coef = np.zeros((n_classes, 1 << bits))
    bias = np.zeros(n_classes)
    coef[clf.classes_] = clf.coef_
    bias[clf.classes_] = clf.intercept_
    return coef.T.astype(np.float16), bias


def rule_precision(docs: list[Doc], rule_ids: list[str]) -> dict[str, float]:
    """Per rule of the credo map: how often a text it fires on is an attack (training data, smoothed:
    a rule that never fired gets 0.5). The card lists every rule, so a rule added to the map later is
    known to be new (``confidence.tiered`` holds its findings as written)."""
    hits: dict[str, list[int]] = {rule_id: [0, 0] for rule_id in rule_ids}
    hits.setdefault("check-did-not-finish", [0, 0])
    for doc in docs:
        for rule_id in {f.rule_id for f in doc.findings}:
            hits.setdefault(rule_id, [0, 0])
            hits[rule_id][0] += doc.oath is not None
            hits[rule_id][1] += 1
    return {rule: round((a + 1) / (n + 2), 4) for rule, (a, n) in sorted(hits.items())}


def candidates_of(doc: Doc, model: learned.OathModel, priors: dict[str, float]) -> list[confidence.Candidate]:
    probs = learned.score_texts(model, [u.text for u in doc.units], [u.kind for u in doc.units])
    return confidence.candidates(doc.text, doc.units, probs, doc.findings, model.classes, priors)


def doc_features(doc: Doc, model, priors) -> np.ndarray:
    cands = candidates_of(doc, model, priors)
    return np.asarray([c.features for c in cands]) if cands else np.zeros((0, len(confidence.FEATURES)))


def fit_combiner(docs: list[Doc], feats: list[np.ndarray], seed: int) -> tuple[np.ndarray, float]:
    xs, ys = [], []
    for doc, f in zip(docs, feats, strict=True):
        for row in f:
            xs.append(row)
            ys.append(int(doc.oath is not None))
    x, y = np.asarray(xs), np.asarray(ys)
    w = np.where(y == 1, len(y) / (2 * max(y.sum(), 1)), len(y) / (2 * max((1 - y).sum(), 1)))
    clf = LogisticRegression(C=1.0, max_iter=1000, random_state=seed)
    clf.fit(x, y, sample_weight=w)
    return clf.coef_[0], float(clf.intercept_[0])


def doc_confidence(f: np.ndarray, coef: np.ndarray, intercept: float) -> float:
    if not len(f):
        return 0.0
    return float(confidence.sigmoid(f @ coef + intercept).max())


def out_of_fold(docs: list[Doc], feats: list[np.ndarray], seed: int) -> np.ndarray:
    groups = [d.group for d in docs]
    out = np.zeros(len(docs))
    for train, test in GroupKFold(n_splits=5).split(docs, groups=groups):
        coef, intercept = fit_combiner([docs[i] for i in train], [feats[i] for i in train], seed)
        for i in test:
            out[i] = doc_confidence(feats[i], coef, intercept)
    return out


def choose_thresholds(docs, conf, args) -> tuple[float, float]:
    real = np.asarray([d.cls == "real" for d in docs])
    benign = np.asarray([d.oath is None and d.cls != "real" for d in docs])
    grid = np.round(np.arange(0.05, 1.0, 0.01), 2)

    def rate(mask, t):
        return float((conf[mask] >= t).mean()) if mask.any() else 0.0

    hold = next(
        (t for t in grid if rate(real, t) <= args.hold_real and rate(benign, t) <= args.hold_benign), float(grid[-1])
    )
    review = next((t for t in grid if rate(real, t) <= args.review_real), hold)
    return float(hold), float(min(review, hold))


def figures(docs: list[Doc], conf: np.ndarray, hold: float, review: float) -> dict:
    out: dict = {"attack_classes": {}, "benign_classes": {}}
    attacks = [i for i, d in enumerate(docs) if d.oath]
    benign = [i for i, d in enumerate(docs) if d.oath is None and d.cls != "real"]
    real = [i for i, d in enumerate(docs) if d.cls == "real"]

    def pct(idx, t):
        return round(100 * float(np.mean([conf[i] >= t for i in idx])), 1) if idx else None

    def rules_pct(idx):
        return round(100 * float(np.mean([bool(docs[i].findings) for i in idx])), 1) if idx else None

    for name, idx in (("attacks", attacks), ("hard_benign", benign), ("real_files", real)):
        out[name] = {"n": len(idx), "hold": pct(idx, hold), "either": pct(idx, review), "rules": rules_pct(idx)}
    by_class = defaultdict(list)
    for i in attacks + benign:
        by_class[("attack_classes" if docs[i].oath else "benign_classes", docs[i].cls)].append(i)
    for (kind, cls), idx in sorted(by_class.items()):
        out[kind][cls] = {"n": len(idx), "hold": pct(idx, hold), "either": pct(idx, review), "rules": rules_pct(idx)}
    return out


def render_card(card: dict) -> str:
    """The model card a person reads (``oath-model.md``), from the card the service reads."""
    data, dev, th = card["data"], card["development_figures"], card["thresholds"]

    def row(name: str, f: dict) -> str:
        return f"| {name} | {f['n']} | {f['rules']}% | {f['hold']}% | {f['either']}% |"

    lines = [
        "# The oath check's learned layer: model card",
        "",
        "Written by `scripts/train_oath_model.py` (do not edit by hand; retrain instead). What the layer is and",
        "how it is used: `instructions/rules/oaths/learned.py` and `confidence.py`; the evaluation, with the",
        "sealed run's figures: [eval/README.md](../../../../eval/README.md).",
        "",
        "## Model",
        "",
        f"- Unit model: multinomial logistic regression (scikit-learn, lbfgs, C = {card['c']}, balanced classes,",
        f"  seed {card['seed']}) over {card['features']}, in 2^{card['bits']} buckets.",
        f"- Classes: {', '.join(card['classes'])}.",
        "- Stored as plain arrays (`oath-model.npz`: float16 weights, float64 bias; read with",
        "  `allow_pickle=False`); served with numpy only.",
        f"- Combiner: logistic regression over {', '.join(card['combiner']['features'])}, fitted on the",
        "  calibration data.",
        f"- Thresholds: `hold` from confidence {th['hold']}, `review` from {th['review']}; a unit no rule fired in is",
        f"  a candidate from a model score of {th['candidate']}.",
        "",
        "## Data",
        "",
        f"- Training: {', '.join(data['training_sets'])} (sha256 of the files {data['training_sets_sha256'][:16]}…),",
        f"  and {data['real_training']['files']} real instruction files from "
        f"{data['real_training']['repos']} repositories.",
        f"- Calibration: {', '.join(data['calibration_sets'])} (sha256 {data['calibration_sets_sha256'][:16]}…), and",
        f"  {data['real_calibration']['files']} real files from {data['real_calibration']['repos']} other repositories "
        "(split by a hash of the repository's name: none is on both sides).",
        f"- Real-file manifest sha256 {data['real_manifest_sha256'][:16]}…; "
        f"credo map sha256 {data['credo_map_sha256'][:16]}….",
        "- No sealed set was read.",
        "",
        "## Development figures (calibration data, combiner out of fold: five folds, real files by repository)",
        "",
        "| texts | n | rules alone | hold | hold or review |",
        "| --- | ---: | ---: | ---: | ---: |",
        row("attacks", dev["attacks"]),
        row("hard benign texts", dev["hard_benign"]),
        row("real instruction files", dev["real_files"]),
        "",
        "| attack class | n | rules alone | hold | hold or review |",
        "| --- | ---: | ---: | ---: | ---: |",
        *(row(cls, f) for cls, f in dev["attack_classes"].items()),
        "",
        "| benign class | n | rules alone | hold | hold or review |",
        "| --- | ---: | ---: | ---: | ---: |",
        *(row(cls, f) for cls, f in dev["benign_classes"].items()),
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--manifest", type=Path, default=ROOT / "eval" / "model" / "real-manifest.jsonl")
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--out", type=Path, default=learned.MODEL_DIR)
    parser.add_argument("--bits", type=int, default=17)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--c", type=float, default=32.0, help="inverse regularisation of the unit model")
    parser.add_argument("--calibration-share", type=float, default=0.4)
    parser.add_argument("--hold-real", type=float, default=0.007)
    parser.add_argument("--hold-benign", type=float, default=0.015)
    parser.add_argument("--review-real", type=float, default=0.04)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    _, rules = parse_credo_map((ROOT / "harness" / "credo-map.json").read_text(encoding="utf-8"))
    classes = ("benign", *rules.oath_names)
    train_docs, train_files = load_labelled(TRAIN_SETS)
    cal_docs, cal_files = load_labelled(CALIBRATION_SETS)
    real = load_real(args.manifest, args.corpus, args.calibration_share)
    train_docs += real["training"]
    cal_docs += real["calibration"]
    prepare(train_docs, rules)
    prepare(cal_docs, rules)
    print(
        f"training: {len(train_docs)} texts ({len(real['training'])} real); calibration: {len(cal_docs)} texts "
        f"({len(real['calibration'])} real); {time.perf_counter() - started:.0f} s"
    )

    model = None
    for _round in range(2):
        texts, kinds, labels = unit_rows(train_docs, classes, model)
        weights, bias = fit_units(texts, kinds, labels, args.bits, args.seed, args.c, len(classes))
        model = learned.OathModel(weights.astype(np.float32), bias, classes, args.bits, sha256=f"round{_round}")
        print(f"round {_round}: {len(texts)} units ({Counter(labels.tolist())}); {time.perf_counter() - started:.0f} s")

    priors = rule_precision(train_docs, [r.id for r in rules.rules])
    feats = [doc_features(d, model, priors) for d in cal_docs]
    conf = out_of_fold(cal_docs, feats, args.seed)
    hold, review = choose_thresholds(cal_docs, conf, args)
    coef, intercept = fit_combiner(cal_docs, feats, args.seed)
    dev = figures(cal_docs, conf, hold, review)

    card = {
        "classes": list(classes),
        "bits": args.bits,
        "seed": args.seed,
        "c": args.c,
        "features": "char 3-5-grams of ' <unit> ', words, word pairs, unit kind; hashed; 1/sqrt(n) per occurrence",
        "data": {
            "training_sets": [p.relative_to(ROOT).as_posix() for p in TRAIN_SETS],
            "training_sets_sha256": sha_of_files(train_files),
            "calibration_sets": [p.relative_to(ROOT).as_posix() for p in CALIBRATION_SETS],
            "calibration_sets_sha256": sha_of_files(cal_files),
            "real_manifest_sha256": hashlib.sha256(args.manifest.read_bytes()).hexdigest(),
            "real_training": {"files": len(real["training"]), "repos": len({d.group for d in real["training"]})},
            "real_calibration": {
                "files": len(real["calibration"]),
                "repos": len({d.group for d in real["calibration"]}),
            },
            "credo_map_sha256": rules.sha256,
        },
        "combiner": {
            "features": list(confidence.FEATURES),
            "coef": [round(float(v), 6) for v in coef],
            "intercept": round(intercept, 6),
        },
        "thresholds": {"hold": hold, "review": review, "candidate": confidence.CANDIDATE_SCORE},
        "rule_precision": priors,
        "development_figures": dev,
    }
    weights_path = args.out / f"{learned.MODEL_NAME}.npz"
    if args.check:
        with np.load(weights_path, allow_pickle=False) as committed:
            same = np.array_equal(committed["weights"], weights) and np.allclose(committed["bias"], bias)
        print("weights identical to the committed ones" if same else "weights differ from the committed ones")
        return 0 if same else 1
    args.out.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(weights_path, weights=weights, bias=bias)
    (args.out / f"{learned.MODEL_NAME}.json").write_text(json.dumps(card, indent=1, ensure_ascii=False) + "\n")
    (args.out / f"{learned.MODEL_NAME}.md").write_text(render_card(card), encoding="utf-8")
    print(json.dumps({"thresholds": card["thresholds"], "development_figures": dev}, indent=1))
    print(f"wrote {weights_path} ({weights_path.stat().st_size} bytes); {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
