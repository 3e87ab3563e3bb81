// Tournaments (the server's /api/tournaments, server/tournament): the list, and one
// tournament's standings, crosstable, live games and results, refreshed while it runs.
// A server without tournaments (404) says so; the overall standings (/api/standings) follow.
import { h, replaceChildren } from "../dom";
import { gameTitle } from "../format";
import { currentLang, t, tx } from "../i18n";

interface StandingRow {
  player: string;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
}

interface TournamentSummary {
  id: string;
  name: string;
  game: string;
  preset: string;
  format: string;
  status: string;
  entrants: number;
  round: number;
  games_done: number;
  games_playing: number;
  games_total: number;
  result: string;
  started_at: string;
  ended_at: string;
}

interface Report {
  tournament: TournamentSummary & { rules: string };
  entrants: { index: number; user_id: string; name: string; kind: string }[];
  standings: { rank: number; entrant: number; name: string; games: number; wins: number; draws: number; losses: number; points: number; rating: { rating: number } | null }[];
  crosstable: ({ results: string; points: number } | null)[][];
  games: { id: string; round: number; board: number; names: string[]; state: string; result: string; ending: string; detail: string; match_id: string | null }[];
  events?: { at: string; kind: string; detail: string }[];
}

const REFRESH_MS = 3000;
const FORMAT_ZH: Record<string, string> = { rr: "循环赛", swiss: "瑞士制", ko: "淘汰赛", gauntlet: "车轮赛", sprt: "SPRT 检验" };
const STATUS_ZH: Record<string, string> = { created: "报名中", running: "进行中", paused: "暂停", finished: "已结束", cancelled: "已取消" };

const formatText = (f: string) => (currentLang() === "zh" ? FORMAT_ZH[f] ?? f : f);
const statusText = (s: string) => (currentLang() === "zh" ? STATUS_ZH[s] ?? s : s);
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

function table(id: string, head: (string | HTMLElement)[], rows: HTMLElement[]): HTMLElement {
  return h("div", { class: "table-scroll" }, h("table", { class: "table", id }, h("thead", null, h("tr", null, head.map((x) => h("th", null, x)))), h("tbody", null, rows)));
}

function overallTable(rows: StandingRow[]): HTMLElement {
  return table(
    "standings",
    [t("tour.rank"), t("tour.player"), t("tour.played"), t("tour.wins"), t("tour.draws"), t("tour.losses"), t("tour.points")],
    rows.map((r, i) =>
      h(
        "tr",
        null,
        h("td", { class: "num" }, String(i + 1)),
        h("td", null, h("a", { href: `#/player/${encodeURIComponent(r.player)}` }, r.player)),
        [r.played, r.wins, r.draws, r.losses, r.points].map((v) => h("td", { class: "num" }, String(v))),
      ),
    ),
  );
}

export function renderTournaments(root: HTMLElement): () => void {
  root.className = "page-tournaments";
  const list = h("section", { class: "card", id: "tournaments" }, t("common.loading"));
  const overall = h("section", { class: "card", id: "overall" });
  root.append(h("h1", null, t("tour.title")), list, overall);
  const refresh = async () => {
    try {
      const r = await fetch("api/tournaments?all=1");
      if (r.status === 404) {
        replaceChildren(list, h("p", { class: "muted" }, t("tour.unavailable")));
      } else {
        const body = (await r.json()) as { tournaments: TournamentSummary[] };
        replaceChildren(
          list,
          body.tournaments.length === 0
            ? h("p", { class: "muted" }, t("tour.none"))
            : h(
                "ul",
                { class: "plain rows" },
                body.tournaments.map((x) =>
                  h(
                    "li",
                    { class: "tournament", dataset: { tournament: x.id } },
                    h(
                      "span",
                      null,
                      h("a", { href: `#/tournaments/${x.id}` }, h("b", null, x.name)),
                      h("span", { class: "tag" }, gameTitle(x.game)),
                      h("span", { class: "tag" }, formatText(x.format)),
                      h("small", { class: "muted" }, ` ${t("tour.players_n", { n: x.entrants })} · ${x.games_done}/${x.games_total}`),
                    ),
                    h("span", { class: "tag" }, statusText(x.status)),
                  ),
                ),
              ),
        );
      }
      const s = (await (await fetch("api/standings")).json()) as { standings: StandingRow[] };
      replaceChildren(overall, h("h2", null, t("tour.overall")), overallTable(s.standings));
    } catch (e) {
      replaceChildren(list, h("p", { class: "error" }, t("common.error", { msg: String(e) })));
    }
  };
  void refresh();
  const timer = window.setInterval(() => void refresh(), REFRESH_MS * 3);
  return () => window.clearInterval(timer);
}

// The arbiter's announcements, newest first (none: nothing shown).
function announcements(rep: Report): HTMLElement | null {
  const said = (rep.events ?? []).filter((e) => e.kind === "announcement").reverse();
  if (said.length === 0) return null;
  return h(
    "section",
    { class: "card announcements", id: "tournament-announcements" },
    h("h2", null, t("tour.announcements")),
    h("ul", { class: "plain rows" }, said.map((e) => h("li", null, h("small", { class: "muted" }, e.at.replace("T", " ").slice(0, 16)), " ", e.detail))),
  );
}

export function renderTournament(root: HTMLElement, id: string): () => void {
  root.className = "page-tournament";
  const status = h("p", { class: "muted" }, t("common.loading"));
  root.append(status);
  let timer = 0;

  const render = (rep: Report) => {
    const x = rep.tournament;
    const userOf = new Map(rep.entrants.map((e) => [e.index, e]));
    const live = rep.games.filter((g) => g.state === "playing" && g.match_id);
    const done = rep.games.filter((g) => g.result !== "pending" && g.result !== "bye");
    const gameRow = (g: Report["games"][number], link: HTMLElement) =>
      h(
        "tr",
        { dataset: { game: g.id } },
        h("td", { class: "num" }, String(g.round)),
        h("td", null, h("b", { class: "seat0" }, g.names[0] ?? ""), " vs ", h("b", { class: "seat1" }, g.names[1] ?? "")),
        h(
          "td",
          null,
          g.result === "pending" ? "" : g.result,
          g.ending ? h("small", { class: "muted" }, ` ${tx("ending", g.ending.startsWith("ENDING_") ? g.ending : `ENDING_${g.ending.toUpperCase()}`)}`) : null,
        ),
        h("td", null, link),
      );
    replaceChildren(
      root,
      h("h1", null, x.name, " ", h("span", { class: "tag" }, statusText(x.status))),
      h(
        "p",
        { class: "muted", id: "tournament-info" },
        `${gameTitle(x.game)} · ${x.preset} · ${formatText(x.format)} · ${t("tour.players_n", { n: x.entrants })} · ${t("tour.round")} ${x.round} · ${x.games_done}/${x.games_total}`,
      ),
      x.result ? h("p", { class: "result-line" }, x.result) : null,
      announcements(rep),
      h(
        "section",
        { class: "card" },
        h("h2", null, t("tour.standings")),
        table(
          "tournament-standings",
          [t("tour.rank"), t("tour.player"), t("tour.played"), t("tour.wins"), t("tour.draws"), t("tour.losses"), t("tour.points"), t("profile.rating")],
          rep.standings.map((r) =>
            h(
              "tr",
              null,
              h("td", { class: "num" }, String(r.rank)),
              h("td", null, h("a", { href: `#/player/u${userOf.get(r.entrant)?.user_id ?? ""}` }, r.name)),
              [r.games, r.wins, r.draws, r.losses].map((v) => h("td", { class: "num" }, String(v))),
              h("td", { class: "num" }, h("b", null, num(r.points))),
              h("td", { class: "num" }, r.rating ? String(Math.round(r.rating.rating)) : ""),
            ),
          ),
        ),
      ),
      h(
        "section",
        { class: "card" },
        h("h2", null, t("tour.crosstable")),
        table(
          "crosstable",
          ["", ...rep.entrants.map((e) => String(e.index + 1))],
          rep.entrants.map((e, i) =>
            h(
              "tr",
              null,
              h("th", null, `${e.index + 1}. ${e.name}`),
              rep.entrants.map((_, j) => {
                const c = rep.crosstable[i]?.[j];
                return h("td", { class: i === j ? "self num" : "num", title: c ? c.results : "" }, i === j ? "—" : c ? num(c.points) : "");
              }),
            ),
          ),
        ),
      ),
      h(
        "section",
        { class: "card", id: "tournament-live" },
        h("h2", null, t("tour.live")),
        live.length === 0
          ? h("p", { class: "muted" }, t("watch.none_live"))
          : table(
              "live-games",
              [t("tour.round"), t("tour.player"), "", ""],
              live.map((g) => gameRow(g, h("a", { class: "button primary", href: `#/match/${g.match_id}` }, t("watch.watch")))),
            ),
      ),
      h(
        "section",
        { class: "card", id: "tournament-results" },
        h("h2", null, t("tour.results")),
        table(
          "results",
          [t("tour.round"), t("tour.player"), t("profile.result"), ""],
          done.map((g) => gameRow(g, g.match_id ? h("a", { href: `#/replay/${g.match_id}` }, t("watch.replay")) : h("span"))),
        ),
      ),
    );
  };

  const refresh = async () => {
    try {
      const r = await fetch(`api/tournaments/${encodeURIComponent(id)}`);
      if (!r.ok) throw new Error(r.status === 404 ? t("tour.unavailable") : `HTTP ${r.status}`);
      const rep = (await r.json()) as Report;
      render(rep);
      if (rep.tournament.status !== "running" && rep.tournament.status !== "created") window.clearInterval(timer);
    } catch (e) {
      replaceChildren(root, h("p", { class: "error" }, e instanceof Error ? e.message : String(e)));
      window.clearInterval(timer);
    }
  };
  void refresh();
  timer = window.setInterval(() => void refresh(), REFRESH_MS);
  return () => window.clearInterval(timer);
}
