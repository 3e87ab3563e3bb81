// The lobby: play a house bot at a chosen strength, open or accept seeks, challenge someone
// online or answer a challenge, and get back to running games.
import { dialog, h, replaceChildren, toast } from "../dom";
import { errorText, gameTitle, playerName, setupText } from "../format";
import { t, tx } from "../i18n";
import { lobby } from "../lobby_store";
import { matches } from "../match/store";
import type { GameInfo, HouseBots, HouseEngine, OnlineUser } from "../net/proto";
import { navigate } from "../nav";
import { session } from "../session";
import { setupForm } from "./setup_form";

// A house engine as people read it: its name and what it is, in the page's language when known.
function engineText(e: HouseEngine): string {
  const known = tx("engine", e.engine);
  return `${e.engine} — ${known === e.engine ? e.description : known}`;
}

function failed(e: unknown): void {
  toast(t("common.error", { msg: errorText(e) }), "error");
}

export function renderLobby(root: HTMLElement): () => void {
  root.className = "page-lobby";
  const me = session.me!;
  const left = h("div", { class: "col" });
  const right = h("div", { class: "col" });
  root.append(h("h1", { class: "welcome" }, t("lobby.welcome", { name: me.display_name || me.username })), h("div", { class: "lobby-grid" }, left, right));

  const active = h("section", { class: "card", id: "active-matches" });
  const seeks = h("section", { class: "card", id: "seeks" });
  const challenges = h("section", { class: "card", id: "challenges" });
  const online = h("section", { class: "card", id: "online" });
  let games: GameInfo[] = [];
  let houseBots: HouseBots | null = null;

  const renderActive = () => {
    const ids = new Map<string, string>();
    for (const a of session.me?.active_matches ?? []) ids.set(a.match_id, a.game);
    const list = [...ids].filter(([id]) => !matches.get(id)?.ended);
    active.hidden = list.length === 0;
    replaceChildren(
      active,
      h("h2", null, t("lobby.active")),
      h(
        "ul",
        { class: "plain" },
        list.map(([id, game]) => h("li", null, h("a", { href: `#/match/${id}` }, `${gameTitle(game)} · ${id}`), " ", t("lobby.resume"))),
      ),
    );
  };

  const renderSeeks = () => {
    const list = [...lobby.seeks.values()];
    replaceChildren(
      seeks,
      h("h2", null, t("lobby.seeks")),
      list.length === 0
        ? h("p", { class: "muted" }, t("lobby.no_seeks"))
        : h(
            "ul",
            { class: "plain rows" },
            list.map((s) => {
              const mine = s.owner.user_id === me.user_id;
              return h(
                "li",
                { class: "seek", dataset: { seek: s.seek_id } },
                h("span", null, h("b", null, playerName(s.owner)), " · ", setupText(s.setup)),
                mine
                  ? h("button", { onclick: () => session.client.request({ cancel_seek: { seek_id: s.seek_id } }).catch(failed) }, t("lobby.cancel"))
                  : h("button", { class: "primary", onclick: () => session.client.request({ accept_seek: { seek_id: s.seek_id } }).catch(failed) }, t("lobby.accept")),
              );
            }),
          ),
    );
  };

  const renderChallenges = () => {
    const list = [...lobby.challenges.values()];
    challenges.hidden = list.length === 0;
    replaceChildren(
      challenges,
      h("h2", null, t("lobby.challenges")),
      h(
        "ul",
        { class: "plain rows" },
        list.map((c) => {
          const incoming = c.to.user_id === me.user_id;
          const answer = (accept: boolean) =>
            session.client
              .request({ answer_challenge: { challenge_id: c.challenge_id, accept, message: "" } })
              .then(() => lobby.removeChallenge(c.challenge_id), failed);
          return h(
            "li",
            null,
            h("span", null, incoming ? t("lobby.challenge_from", { name: c.from.name, game: setupText(c.setup) }) : t("lobby.challenge_to", { name: c.to.name, game: setupText(c.setup) })),
            incoming
              ? h("span", { class: "buttons" }, h("button", { class: "primary", onclick: () => answer(true) }, t("lobby.accept")), h("button", { onclick: () => answer(false) }, t("lobby.decline")))
              : h(
                  "button",
                  {
                    onclick: () =>
                      session.client.request({ cancel_challenge: { challenge_id: c.challenge_id } }).then(() => lobby.removeChallenge(c.challenge_id), failed),
                  },
                  t("lobby.cancel"),
                ),
          );
        }),
      ),
    );
  };

  const challenge = async (u: OnlineUser) => {
    const form = setupForm(games, "challenge");
    const ok = await dialog(t("lobby.challenge_title", { name: u.user.name }), form.el, [
      { label: t("lobby.cancel"), value: false },
      { label: t("lobby.send"), value: true, primary: true },
    ]);
    if (!ok) return;
    try {
      const reply = await session.client.request({ send_challenge: { opponent: u.user.user_id, setup: form.setup() } });
      if (reply.challenge_sent) lobby.addChallenge(reply.challenge_sent.challenge);
    } catch (e) {
      failed(e);
    }
  };

  const renderOnline = () => {
    const list = [...lobby.users.values()].sort((a, b) => a.user.name.localeCompare(b.user.name));
    replaceChildren(
      online,
      h("h2", null, t("lobby.online", { n: list.length })),
      h(
        "ul",
        { class: "plain rows" },
        list.map((u) => {
          const self = u.user.user_id === me.user_id;
          return h(
            "li",
            { class: "user" },
            h(
              "span",
              null,
              h("a", { href: `#/player/${u.user.user_id}` }, playerName(u.user)),
              h("small", { class: "muted" }, " ", tx("role", u.user.role), self ? t("lobby.you") : ""),
              u.playing.length ? h("small", { class: "tag" }, t("lobby.playing")) : null,
            ),
            self || u.user.role === "ROLE_HOUSE_BOT" ? null : h("button", { onclick: () => void challenge(u) }, t("lobby.challenge")),
          );
        }),
      ),
    );
  };

  const renderForms = () => {
    const bot = setupForm(games, "bot");
    const strength = h("input", { id: "bot-strength", type: "range", min: 1, max: 10, value: localStorage.getItem("boyi.strength") ?? "5" });
    const strengthLabel = h("output", null, strength.value);
    strength.addEventListener("input", () => (strengthLabel.textContent = strength.value));
    // Who plays: the levels' own players, or a house engine the game offers (the learned
    // players among them), under the chosen strength's thinking cap.
    const engine = h("select", { id: "bot-engine" }) as HTMLSelectElement;
    const engineLabel = h("label", { hidden: true }, t("lobby.engine"), engine);
    const fillEngines = () => {
      const offered = houseBots?.games.find((g) => g.game === bot.game())?.engines ?? [];
      const kept = localStorage.getItem("boyi.engine") ?? "";
      engine.replaceChildren(
        h("option", { value: "" }, t("lobby.engine_levels")),
        ...offered.map((e) => h("option", { value: e.engine, title: e.description }, engineText(e))),
      );
      if (offered.some((e) => e.engine === kept)) engine.value = kept;
      engineLabel.hidden = offered.length === 0;
    };
    fillEngines();
    bot.onGameChange(fillEngines);
    const botCard = h(
      "form",
      {
        class: "card",
        id: "bot-form",
        onsubmit: (e: Event) => {
          e.preventDefault();
          localStorage.setItem("boyi.strength", strength.value);
          localStorage.setItem("boyi.engine", engine.value);
          session.client
            .request({ play_house_bot: { setup: bot.setup(), strength: Number(strength.value), engine: engine.value } })
            .catch(failed);
        },
      },
      h("h2", null, t("lobby.bot_title")),
      bot.el,
      engineLabel,
      h("label", null, t("lobby.strength"), h("span", { class: "range" }, strength, strengthLabel)),
      h("button", { class: "primary", type: "submit", id: "bot-start" }, t("lobby.play_bot")),
    );
    const seek = setupForm(games, "seek");
    const seekCard = h(
      "form",
      {
        class: "card",
        id: "seek-form",
        onsubmit: (e: Event) => {
          e.preventDefault();
          session.client
            .request({ create_seek: { setup: seek.setup() } })
            .then((r) => r.seek_created && lobby.addSeek(r.seek_created.seek), failed);
        },
      },
      h("h2", null, t("lobby.seek_title")),
      seek.el,
      h("button", { type: "submit", id: "seek-create" }, t("lobby.create_seek")),
    );
    replaceChildren(left, active, botCard, seekCard);
  };

  replaceChildren(right, challenges, seeks, online);
  renderActive();
  renderSeeks();
  renderChallenges();
  renderOnline();
  left.append(active, h("p", { class: "muted" }, t("common.loading")));
  // The forms wait for the games; the house engines are optional (an older server has none).
  Promise.all([session.gameList(), session.houseBots().catch(() => null)]).then(([g, house]) => {
    games = g;
    houseBots = house;
    renderForms();
  }, failed);

  const offLobby = lobby.onChange(() => {
    renderSeeks();
    renderChallenges();
    renderOnline();
  });
  const offSession = session.onChange(renderActive);
  return () => {
    offLobby();
    offSession();
  };
}

// Wherever the user is, a match of theirs that starts (a seek accepted, a challenge, a house
// bot) opens its board.
matches.onStarted((m) => navigate(`/match/${m.match_id}`));
