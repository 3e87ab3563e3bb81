// The arbiter's console (admins only): the running matches; one match's whole position,
// every hidden piece included (each look is in the audit log); pause and unpause its clocks,
// add time, decide it, a forfeit, a void — each told to the seats and in the audit log,
// which is shown below with whether its hash chain holds.
import { createBoard } from "../boards";
import type { Board } from "../boards/board";
import { h, replaceChildren, toast } from "../dom";
import { clockText, errorText, gameTitle, playerName } from "../format";
import { t } from "../i18n";
import type { ArbiterAction, AuditLog, FullView, MatchSummary } from "../net/proto";
import { session } from "../session";

export function renderArbiter(root: HTMLElement): () => void {
  root.className = "page-arbiter";
  const list = h("section", { class: "card", id: "arbiter-matches" }, h("p", { class: "muted" }, t("common.loading")));
  const panel = h("section", { class: "card", id: "arbiter-match", hidden: true });
  const audit = h("section", { class: "card", id: "arbiter-audit" });
  const failed = (e: unknown) => toast(t("common.error", { msg: errorText(e) }), "error");
  let disposed = false;
  let selected = "";
  let board: Board | null = null;

  const seat = h("select", { id: "arbiter-seat" }, h("option", { value: "0" }, "0"), h("option", { value: "1" }, "1")) as HTMLSelectElement;
  const seconds = h("input", { id: "arbiter-seconds", type: "number", min: 1, value: 60 }) as HTMLInputElement;
  const winner = h(
    "select",
    { id: "arbiter-winner" },
    h("option", { value: "0" }, t("arbiter.seat_wins", { n: 0 })),
    h("option", { value: "1" }, t("arbiter.seat_wins", { n: 1 })),
    h("option", { value: "-1" }, t("arbiter.draw")),
  ) as HTMLSelectElement;
  const reason = h("input", { id: "arbiter-reason", maxlength: 400, placeholder: t("arbiter.reason"), autocomplete: "off" }) as HTMLInputElement;
  const clocks = h("p", { id: "arbiter-clocks" });
  const boardBox = h("div", { class: "board-box" });

  const act = (action: ArbiterAction, extra: Record<string, unknown> = {}) =>
    session.client
      .request({ arbitrate: { match_id: selected, action, reason: reason.value.trim(), ...extra } }, (m) => !!m.ack || !!m.error)
      .then((m) => {
        if (m.error) throw new Error(m.error.message);
        toast(t("arbiter.done"));
      })
      .then(() => Promise.all([watch(), loadAudit(), loadMatches()]))
      .catch(failed);

  const show = (f: FullView) => {
    if (!board) {
      board = createBoard({ game: f.view.game, rules: "", seat: -1, players: f.players, submit: async () => undefined });
      replaceChildren(boardBox, board.el);
    }
    board.update({ view: f.view, last: null, history: [], interactive: false });
    const c = f.clocks;
    replaceChildren(
      clocks,
      `${playerName(f.players[0])} ${clockText(c.remaining_ms[0] ?? 0)} · ${playerName(f.players[1])} ${clockText(c.remaining_ms[1] ?? 0)}`,
      c.paused ? h("strong", { class: "tag danger", id: "arbiter-paused" }, " ", t("arbiter.paused")) : null,
    );
  };
  const watch = () =>
    selected
      ? session.client.request({ watch_full: { match_id: selected } }, (m) => !!m.full_view || !!m.error).then((m) => {
          if (m.error) throw new Error(m.error.message);
          if (!disposed && m.full_view) show(m.full_view);
        })
      : Promise.resolve();

  const select = (m: MatchSummary) => {
    selected = m.match_id;
    board?.destroy?.();
    board = null;
    panel.hidden = false;
    replaceChildren(
      panel,
      h("h2", null, t("arbiter.match", { id: m.match_id, game: gameTitle(m.game) }), " ", `${playerName(m.players[0])} – ${playerName(m.players[1])}`),
      boardBox,
      clocks,
      h(
        "div",
        { class: "buttons wrap" },
        h("button", { id: "arbiter-refresh", onclick: () => watch().catch(failed) }, t("arbiter.refresh")),
        h("button", { id: "arbiter-pause", onclick: () => act("ARBITER_ACTION_PAUSE") }, t("arbiter.pause")),
        h("button", { id: "arbiter-unpause", onclick: () => act("ARBITER_ACTION_UNPAUSE") }, t("arbiter.unpause")),
      ),
      h(
        "div",
        { class: "buttons wrap" },
        h("label", null, t("arbiter.seat"), " ", seat),
        h("label", null, t("arbiter.seconds"), " ", seconds),
        h("button", { id: "arbiter-add-time", onclick: () => act("ARBITER_ACTION_ADD_TIME", { seat: Number(seat.value), ms: Math.round(Number(seconds.value) * 1000) }) }, t("arbiter.add_time")),
      ),
      h(
        "div",
        { class: "buttons wrap" },
        reason,
        winner,
        h("button", { id: "arbiter-adjudicate", onclick: () => act("ARBITER_ACTION_ADJUDICATE", { winner: Number(winner.value) }) }, t("arbiter.adjudicate")),
        h("button", { id: "arbiter-forfeit", onclick: () => act("ARBITER_ACTION_FORFEIT", { seat: Number(seat.value) }) }, t("arbiter.forfeit")),
        h("button", { id: "arbiter-void", class: "danger", onclick: () => act("ARBITER_ACTION_VOID") }, t("arbiter.void")),
      ),
    );
    Promise.all([watch(), loadAudit()]).catch(failed);
  };

  const loadMatches = () =>
    session.client.request({ list_matches: { include_finished: false, limit: 100 } }, (m) => !!m.match_list || !!m.error).then((r) => {
      if (disposed) return;
      const running = (r.match_list?.matches ?? []).filter((m) => m.status === "MATCH_STATUS_RUNNING");
      replaceChildren(
        list,
        h("h2", null, t("arbiter.running", { n: running.length })),
        running.length === 0
          ? h("p", { class: "muted" }, t("arbiter.none"))
          : h(
              "ul",
              { class: "plain rows" },
              running.map((m) =>
                h(
                  "li",
                  { dataset: { match: m.match_id }, class: m.match_id === selected ? "selected" : "" },
                  h("span", null, `${m.match_id} · ${gameTitle(m.game)} · ${playerName(m.players[0])} – ${playerName(m.players[1])}`),
                  h("button", { class: "select", onclick: () => select(m) }, t("arbiter.open")),
                ),
              ),
            ),
      );
    });

  const loadAudit = () =>
    session.client.request({ get_audit_log: { match_id: selected, limit: 200 } }, (m) => !!m.audit_log || !!m.error).then((r) => {
      if (disposed || !r.audit_log) return;
      const log: AuditLog = r.audit_log;
      replaceChildren(
        audit,
        h("h2", null, selected ? t("arbiter.audit_match", { id: selected }) : t("arbiter.audit")),
        h(
          "p",
          { id: "audit-chain", class: log.chain_holds ? "ok" : "danger" },
          log.chain_holds ? t("arbiter.chain_holds") : t("arbiter.chain_broken", { why: log.broken_at }),
          log.head_hash ? h("small", { class: "muted" }, " ", t("arbiter.head", { hash: log.head_hash.slice(0, 16) })) : null,
        ),
        h(
          "ol",
          { id: "audit-entries", class: "plain rows" },
          log.entries.map((e) =>
            h(
              "li",
              { dataset: { auditAction: e.action } },
              h("small", { class: "muted" }, e.at.replace("T", " ").slice(0, 19)),
              " ",
              h("strong", null, e.action),
              ` ${e.target} ${e.detail}`,
              e.reason ? h("em", null, ` (${e.reason})`) : null,
              h("small", { class: "muted" }, ` — ${e.actor}`),
            ),
          ),
        ),
      );
    });

  // An announcement to a tournament's entrants and followers.
  const tourId = h("input", { id: "announce-tournament", size: 6, placeholder: t("arbiter.tournament_id"), autocomplete: "off" }) as HTMLInputElement;
  const tourText = h("input", { id: "announce-text", maxlength: 500, placeholder: t("arbiter.announcement"), autocomplete: "off" }) as HTMLInputElement;
  const announce = h(
    "section",
    { class: "card", id: "arbiter-announce" },
    h("h2", null, t("arbiter.announce_title")),
    h(
      "div",
      { class: "buttons wrap" },
      tourId,
      tourText,
      h(
        "button",
        {
          id: "announce-send",
          onclick: () =>
            session.client
              .request({ announce_tournament: { tournament_id: tourId.value.trim(), text: tourText.value.trim() } }, (m) => !!m.ack || !!m.error)
              .then((m) => {
                if (m.error) throw new Error(m.error.message);
                tourText.value = "";
                toast(t("arbiter.done"));
              })
              .then(() => loadAudit())
              .catch(failed),
        },
        t("arbiter.announce"),
      ),
    ),
  );
  replaceChildren(root, h("h1", null, t("arbiter.title")), list, panel, announce, audit);
  Promise.all([loadMatches(), loadAudit()]).catch(failed);
  // Whatever the arbiter did elsewhere (or the seats' moves) shows within a few seconds.
  const timer = window.setInterval(() => {
    loadMatches().catch(() => undefined);
    if (selected) watch().catch(() => undefined);
  }, 3000);
  return () => {
    disposed = true;
    window.clearInterval(timer);
    board?.destroy?.();
  };
}
