// A player's or bot's profile: record, rating per game with its history plotted, and the
// recent games (each a link to its replay). Served by /api/players/NAME.
import { h, replaceChildren, s } from "../dom";
import { dateText, gameTitle } from "../format";
import { t, tx } from "../i18n";

interface Profile {
  user_id: string;
  username: string;
  role: string;
  wins: number;
  draws: number;
  losses: number;
  ratings: Record<string, number>;
  rating_history: Record<string, { match_id: string; ended_ms: number; rating: number }[]>;
  matches: { match_id: string; game: string; preset: string; seat: number; opponent: string; opponent_id: string; result: string; ending: string; ended_ms: number }[];
}

const GAME_COLOURS: Record<string, string> = { junqi: "#c0392b", gomoku: "#2c3e50", dots: "#16a085", surakarta: "#8e44ad" };

// One polyline per game: rating against game number, with the 1500 start line.
function ratingPlot(history: Profile["rating_history"]): SVGSVGElement {
  const W = 640;
  const H = 240;
  const P = 36;
  const series = Object.entries(history);
  const all = series.flatMap(([, pts]) => pts.map((p) => p.rating)).concat([1500]);
  const lo = Math.min(...all) - 20;
  const hi = Math.max(...all) + 20;
  const longest = Math.max(1, ...series.map(([, pts]) => pts.length));
  const x = (i: number) => P + ((W - 2 * P) * i) / Math.max(1, longest);
  const y = (r: number) => H - P - ((H - 2 * P) * (r - lo)) / (hi - lo);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "plot", id: "rating-plot", role: "img", "aria-label": t("profile.history") });
  svg.append(
    s("line", { x1: P, y1: H - P, x2: W - P, y2: H - P, class: "axis" }),
    s("line", { x1: P, y1: P, x2: P, y2: H - P, class: "axis" }),
    s("line", { x1: P, y1: y(1500), x2: W - P, y2: y(1500), class: "baseline" }),
    s("text", { x: P - 4, y: y(hi - 20) + 4, class: "tick", "text-anchor": "end" }, String(Math.round(hi - 20))),
    s("text", { x: P - 4, y: y(lo + 20) + 4, class: "tick", "text-anchor": "end" }, String(Math.round(lo + 20))),
  );
  series.forEach(([game, pts], k) => {
    const colour = GAME_COLOURS[game] ?? "#555";
    const coords = [[x(0), y(1500)], ...pts.map((p, i) => [x(i + 1), y(p.rating)])];
    svg.append(s("polyline", { points: coords.map((c) => c.join(",")).join(" "), fill: "none", stroke: colour, "stroke-width": 2.5, dataset: { game } }));
    for (const [cx, cy] of coords.slice(1)) svg.append(s("circle", { cx, cy, r: 3, fill: colour }));
    svg.append(s("text", { x: W - P, y: P + 14 * k, fill: colour, class: "legend", "text-anchor": "end" }, `${gameTitle(game)} ${pts[pts.length - 1]?.rating ?? ""}`));
  });
  return svg;
}

// /api/ratings/NAME: the rating after each rated game, per game; null when there are none.
async function officialRatings(username: string): Promise<Profile["rating_history"] | null> {
  try {
    const r = await fetch(`api/ratings/${encodeURIComponent(username)}`);
    if (!r.ok) return null;
    const body = (await r.json()) as { history: { game: string; match_id: string; after: { rating: number }; at: string }[] };
    if (!body.history?.length) return null;
    const out: Profile["rating_history"] = {};
    for (const c of body.history) (out[c.game] ??= []).push({ match_id: c.match_id, ended_ms: Date.parse(c.at) || 0, rating: Math.round(c.after.rating) });
    for (const pts of Object.values(out)) pts.sort((a, b) => a.ended_ms - b.ended_ms);
    return out;
  } catch {
    return null;
  }
}

export function renderProfile(root: HTMLElement, name: string): () => void {
  root.className = "page-profile";
  const status = h("p", { class: "muted" }, t("common.loading"));
  root.append(status);
  let disposed = false;
  fetch(`api/players/${encodeURIComponent(name)}`)
    .then(async (r) => {
      if (r.status === 404) throw new Error(t("profile.not_found"));
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      const p = (await r.json()) as Profile;
      return { p, official: await officialRatings(p.username) };
    })
    .then(({ p, official }) => {
      if (disposed) return;
      // The server's own ratings (Glicko-2, from rated and tournament games) when it keeps
      // them; else the Elo computed from this server's recent games.
      if (official) {
        p.rating_history = official;
        p.ratings = Object.fromEntries(Object.entries(official).map(([g, pts]) => [g, pts[pts.length - 1].rating]));
      }
      const ratings = Object.entries(p.ratings);
      replaceChildren(
        root,
        h("h1", null, t("profile.title", { name: p.username }), h("small", { class: "muted" }, ` ${tx("role", p.role)}`)),
        h("p", { id: "profile-record" }, t("profile.record", { w: p.wins, d: p.draws, l: p.losses })),
        h(
          "section",
          { class: "card" },
          h("h2", null, t("profile.rating")),
          h(
            "p",
            { class: "chips" },
            ratings.map(([g, r]) => h("span", { class: "chip" }, `${gameTitle(g)}: ${r}`)),
          ),
          ratings.length ? ratingPlot(p.rating_history) : null,
          h("p", { class: "hint" }, official ? t("profile.rating_official") : t("profile.rating_note")),
        ),
        h(
          "section",
          { class: "card" },
          h("h2", null, t("profile.matches")),
          h(
            "table",
            { class: "table" },
            h("thead", null, h("tr", null, h("th", null, t("tour.game")), h("th", null, t("profile.vs")), h("th", null, t("profile.result")), h("th", null, ""), h("th", null, ""))),
            h(
              "tbody",
              null,
              p.matches.map((m) =>
                h(
                  "tr",
                  { class: `result-${m.result}` },
                  h("td", null, gameTitle(m.game)),
                  h("td", null, h("a", { href: `#/player/${m.opponent_id}` }, m.opponent)),
                  h("td", null, t(`profile.${m.result}` as "profile.win"), h("small", { class: "muted" }, ` ${tx("ending", m.ending)}`)),
                  h("td", null, h("small", { class: "muted" }, dateText(m.ended_ms))),
                  h("td", null, h("a", { href: `#/replay/${m.match_id}` }, t("watch.replay"))),
                ),
              ),
            ),
          ),
        ),
      );
    })
    .catch((e) => {
      if (!disposed) status.textContent = e instanceof Error ? e.message : String(e);
    });
  return () => {
    disposed = true;
  };
}
