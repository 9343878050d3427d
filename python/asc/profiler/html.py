"""`asc-profile --html report.html`: one self-contained page (no files beside it,
no scripts, pictures inlined as base64 PNG) with the summary, the tables and
the plots of the analysis (profile_report's data)."""

from __future__ import annotations

import base64
import html
import os
import tempfile
from typing import List, Optional

from .report import config_text


def _img(path: str, alt: str) -> str:
    with open(path, "rb") as f:
        data = base64.b64encode(f.read()).decode()
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _table(head: List[str], rows: List[List[str]]) -> str:
    th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{th}</tr>{body}</table>"


def render(title: str, launches: List[dict], pictures: List[tuple], tune: Optional[List[dict]] = None) -> str:
    """launches: profile_report.launch_data dicts; pictures: [(caption, png path)]."""
    parts = [f"<h1>{html.escape(title)}</h1>"]
    for d in launches:
        parts.append(f"<h2>{html.escape(d['operator'])} on {html.escape(d['platform'])}, {d['cores']} cores</h2>")
        parts.append(f"<p>Total time: <b>{d['total_us']:.2f} us</b>"
                     + ("" if d["compute"] else " (timing only)") + "</p>")
        parts.append(_table(["", "time (us)", "share"],
                            [[r["label"] + ("  \u2190 bottleneck" if r.get("bottleneck") else ""),
                              f"{r['us']:.2f}", f"{r['share'] * 100:.1f}%"] for r in d["breakdown"]]))
        parts.append("<ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in d["diagnosis"]) + "</ul>")
        if "pipeline" in d:
            p = d["pipeline"]
            rows = [[k, f"{v * 100:.1f}%"] for k, v in p["utilisation"].items()]
            rows.append(["Overlap (compute with data movement)",
                         "n/a" if p["overlap"] is None else f"{p['overlap'] * 100:.1f}%"])
            parts.append(_table(["unit", "busy"], rows))
            parts += [f"<p>Advice: {html.escape(a)}</p>" for a in p["advice"]]
        lines = d.get("lines", d["hot_lines"])
        parts.append(_table(["line", "cycles", "calls", "share", "source"],
                            [[f"{os.path.basename(r['file'])}:{r['line']}", f"{r['cycles']:.0f}", r["calls"],
                              f"{r['share'] * 100:.1f}%", r["source"]] for r in lines]))
    for t in tune or []:
        parts.append(f"<h2>Auto-tune: {html.escape(t['kernel'])}</h2>")
        rows = [[config_text(r["config"]), "dropped" if r["us"] is None else f"{r['us']:.2f}", r["error"] or ""]
                for r in sorted(t["results"], key=lambda r: (r["us"] is None, r["us"] or 0))]
        parts.append(_table(["config", "time (us)", "reason dropped"], rows))
    for caption, path in pictures:
        parts.append(f"<h2>{html.escape(caption)}</h2>{_img(path, caption)}")
    style = ("body{font-family:sans-serif;max-width:1100px;margin:2em auto}table{border-collapse:collapse;"
             "margin:1em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left;font-size:13px}"
             "img{max-width:100%}")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{style}</style></head><body>{''.join(parts)}</body></html>\n")


def write(path, title: str, launches: List[dict], timeline_lp=None, roofline_points=None,
          tune: Optional[List[dict]] = None) -> str:
    """Draws the plots into a temporary folder, inlines them and writes the page."""
    pictures = []
    with tempfile.TemporaryDirectory(prefix="asc-profile-html-") as tmp:
        if timeline_lp is not None:
            png = os.path.join(tmp, "timeline.png")
            timeline_lp.plot(png, max_cores=1, arrows=True)
            pictures.append(("Timeline of the hottest launch (core 0)", png))
        if roofline_points:
            from ..profiler.roofline import plot_roofline
            png = os.path.join(tmp, "roofline.png")
            plot_roofline(roofline_points, png)
            pictures.append(("Roofline", png))
        page = render(title, launches, pictures, tune)
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    return str(path)
