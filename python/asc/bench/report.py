"""--report markdown|html FILE: configuration, comparison table, verdict,
history plot and advice. The markdown report writes its plot beside it
(FILE.history.png); the HTML report embeds it (one self-contained file)."""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import List

from .._version import __version__
from ..errors import ToolError
from .advice import advice


def _config(outcome) -> List[tuple]:
    r0 = outcome.results[0]
    return [("Operator", ", ".join(dict.fromkeys(r.operator for r in outcome.results))),
            ("Shape", ", ".join(dict.fromkeys(r.shape for r in outcome.results))),
            ("dtype", ", ".join(dict.fromkeys(r.dtype for r in outcome.results))),
            ("Platform", r0.platform), ("asc version", __version__), ("Commit", outcome.commit or "(not in git)"),
            ("Baseline", outcome.baseline), ("Candidate", outcome.candidate),
            ("Time from", "timed Model (one exact run)" if outcome.measure == "model" else
             "wall-clock samples (median; Mann-Whitney U)")]


def _table(outcome) -> List[List[str]]:
    rows = [["Operator", "Shape", "dtype", "Baseline", "Your operator", "Ratio", "Baseline us", "Your us",
             "Verdict"]]
    for r in outcome.results:
        rows.append([r.operator, r.shape, r.dtype, f"{r.baseline_throughput:.1f} {r.unit}",
                     f"{r.candidate_throughput:.1f} {r.unit}", f"{r.ratio:.1%}", f"{r.baseline_us:.2f}",
                     f"{r.candidate_us:.2f}", r.verdict])
    return rows


def plot_history(outcome) -> bytes:
    """PNG of the candidate's throughput over the history, one line per result key."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from matplotlib.ticker import MaxNLocator

    from .history import steps

    fig, ax = plt.subplots(figsize=(7, 3.2), dpi=100)
    keys = {tuple(sorted(r.key().items())): r for r in outcome.results}
    for key, r in keys.items():
        series = [e for e in outcome.history_entries if tuple(sorted(e["key"].items())) == key]
        ys = [e["candidate_throughput"] for e in series]
        xs = list(range(1, len(ys) + 1))
        line, = ax.plot(xs, ys, marker="o", label=f"{r.operator} {r.shape}")
        marks = steps([e["candidate_us"] for e in series], outcome.factor)
        hit = [(x, y) for x, y, m in zip(xs, ys, marks) if m]
        if hit:
            ax.scatter(*zip(*hit), s=120, facecolors="none", edgecolors="red", label="step")
        if series and series[-1].get("baseline_throughput"):
            ax.axhline(series[-1]["baseline_throughput"], linestyle="--", linewidth=0.8, color=line.get_color())
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(bottom=0)
    ax.set_xlabel("run")
    ax.set_ylabel(outcome.results[0].unit)
    ax.set_title("Your operator over the history (dashed: baseline)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()


def markdown(outcome, png_name: str) -> str:
    out = ["# asc-bench report", "", "## Test configuration", "", "| | |", "|---|---|"]
    out += [f"| {k} | {v} |" for k, v in _config(outcome)]
    out += ["", "## Comparison", ""]
    rows = _table(outcome)
    out.append("| " + " | ".join(rows[0]) + " |")
    out.append("|" + "---|" * len(rows[0]))
    out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    out += ["", "## Verdict", ""]
    out += [f"- {r.operator} {r.shape}: **{r.verdict_text}**" for r in outcome.results]
    for r, reg in outcome.regressions:
        out.append(f"- Performance regression detected: {r.operator} {r.shape}: {reg['change'] * 100:+.1f}% time "
                   f"against the previous run")
    unmatched = [g.label() for g in outcome.unmatched_candidate + outcome.unmatched_baseline]
    if unmatched:
        out += ["", "Unmatched launches: " + "; ".join(unmatched)]
    out += ["", "## History", "", f"![history]({png_name})", "", "## Optimisation advice", ""]
    for r in outcome.results:
        out.append(f"### {r.operator} {r.shape}")
        out += [f"- {a}" for a in advice(r)] or ["- (no profile)"]
        out += [f"- {n}" for n in r.notes]
        out.append("")
    return "\n".join(out) + "\n"


def to_html(outcome, png: bytes) -> str:
    e = html.escape
    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>asc-bench report</title>",
             "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}"
             "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em}"
             ".ship{color:#070}.tune{color:#a60}.fix{color:#b00}</style></head><body>",
             "<h1>asc-bench report</h1><h2>Test configuration</h2><table>"]
    parts += [f"<tr><th>{e(k)}</th><td>{e(str(v))}</td></tr>" for k, v in _config(outcome)]
    parts.append("</table><h2>Comparison</h2><table>")
    rows = _table(outcome)
    parts.append("<tr>" + "".join(f"<th>{e(c)}</th>" for c in rows[0]) + "</tr>")
    parts += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>" for r in rows[1:]]
    parts.append("</table><h2>Verdict</h2><ul>")
    for r in outcome.results:
        cls = {"ship": "ship", "tune further": "tune", "must fix": "fix"}.get(r.verdict, "")
        parts.append(f"<li>{e(r.operator)} {e(r.shape)}: <b class='{cls}'>{e(r.verdict_text)}</b></li>")
    for r, reg in outcome.regressions:
        parts.append(f"<li>Performance regression detected: {e(r.operator)} {e(r.shape)}: "
                     f"{reg['change'] * 100:+.1f}% time against the previous run</li>")
    parts.append("</ul><h2>History</h2>")
    parts.append(f"<img alt='history' src='data:image/png;base64,{base64.b64encode(png).decode()}'>")
    parts.append("<h2>Optimisation advice</h2>")
    for r in outcome.results:
        parts.append(f"<h3>{e(r.operator)} {e(r.shape)}</h3><ul>")
        parts += [f"<li>{e(a)}</li>" for a in advice(r) + r.notes]
        parts.append("</ul>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def check_target(path: Path) -> None:
    path = Path(path)
    if path.is_dir():
        raise ToolError(f"report {path} is a directory, not a file")
    if not path.parent.is_dir():
        raise ToolError(f"report {path}: the folder {path.parent} does not exist")


def write(outcome, fmt: str, path: Path) -> Path:
    path = Path(path)
    check_target(path)
    png = plot_history(outcome)
    try:
        if fmt == "html":
            _atomic(path, to_html(outcome, png).encode())
        else:
            png_path = path.with_name(path.name + ".history.png")
            _atomic(png_path, png)
            _atomic(path, markdown(outcome, png_path.name).encode())
    except OSError as exc:
        raise ToolError(f"cannot write the report {path}: {exc.strerror or exc}")
    return path


def _atomic(path: Path, data: bytes) -> None:
    from ..cache import write_atomic

    write_atomic(path, data)
