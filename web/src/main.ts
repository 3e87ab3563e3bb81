// The page frame (header, navigation, language switch) and the hash router:
//   #/            lobby (sign-in first)        #/match/ID       play or watch a match
//   #/watch       live and finished games      #/replay/ID      step through a finished game
//   #/tournaments tournament list              #/tournaments/ID one tournament
//   #/player/NAME a profile with its rating history
//   #/bots        my bots: make one, its token once, a new token
//   #/arbiter     the arbiter's console (admins)
import "./style.css";
import { h, replaceChildren } from "./dom";
import { currentLang, onLangChange, setLang, t } from "./i18n";
import { navigate } from "./nav";
import { session } from "./session";
import { LOW_TIME_CHOICES, settings, updateSettings } from "./settings";
import { dialog } from "./dom";
import { renderLobby } from "./pages/lobby";
import { renderLogin } from "./pages/login";
import { renderMatch } from "./pages/match";
import { renderArbiter } from "./pages/arbiter";
import { renderBots } from "./pages/bots";
import { renderProfile } from "./pages/profile";
import { renderReplay } from "./pages/replay";
import { renderTournament, renderTournaments } from "./pages/tournaments";
import { renderWatch } from "./pages/watch";

export type Cleanup = () => void;
type Page = (root: HTMLElement, arg: string, query: URLSearchParams) => Cleanup | void;

const routes: [RegExp, Page, boolean][] = [
  // pattern, page, needs sign-in
  [/^\/?$/, renderLobby, true],
  [/^\/login$/, renderLogin, false],
  [/^\/match\/([\w-]+)$/, renderMatch, true],
  [/^\/watch$/, renderWatch, false],
  [/^\/replay\/([\w-]+)$/, renderReplay, false],
  [/^\/tournaments$/, renderTournaments, false],
  [/^\/tournaments\/([\w-]+)$/, renderTournament, false],
  [/^\/player\/(.+)$/, renderProfile, false],
  [/^\/bots$/, renderBots, true],
  [/^\/arbiter$/, renderArbiter, true],
];

const app = document.getElementById("app")!;
const header = h("header", { class: "top" });
const banner = h("div", { class: "offline", hidden: true }, "");
const main = h("main", { id: "page" });
app.append(header, banner, main);

let cleanup: Cleanup | void;
let waitingForSignIn = false; // the page asked for a sign-in and shows the login form


// This browser's settings (settings.ts), applied as they change.
function openSettings(): void {
  const low = h(
    "select",
    { id: "settings-low-time", onchange: (e: Event) => updateSettings({ lowTimeSeconds: Number((e.target as HTMLSelectElement).value) }) },
    LOW_TIME_CHOICES.map((n) =>
      h("option", { value: String(n), selected: settings().lowTimeSeconds === n }, n ? t("settings.low_seconds", { n }) : t("settings.low_off")),
    ),
  );
  const sounds = h("input", {
    type: "checkbox",
    id: "settings-sounds",
    checked: settings().sounds,
    onchange: (e: Event) => updateSettings({ sounds: (e.target as HTMLInputElement).checked }),
  });
  void dialog(
    t("settings.title"),
    h("div", { class: "settings" }, h("label", null, t("settings.low_time"), " ", low), h("label", null, sounds, " ", t("settings.sounds"))),
    [{ label: t("settings.done"), value: true, primary: true }],
  );
}

function renderHeader(): void {
  const me = session.me;
  const link = (href: string, label: string, id: string) =>
    h("a", { href: "#" + href, id, class: location.hash.startsWith("#" + href) && href !== "/" ? "active" : "" }, label);
  replaceChildren(
    header,
    h("a", { class: "brand", href: "#/" }, h("span", { class: "logo" }, "博弈"), h("span", { class: "subtitle" }, t("app.subtitle"))),
    h(
      "nav",
      null,
      link("/", t("nav.lobby"), "nav-lobby"),
      link("/watch", t("nav.watch"), "nav-watch"),
      link("/tournaments", t("nav.tournaments"), "nav-tournaments"),
      me && (me.role === "ROLE_HUMAN" || me.role === "ROLE_ADMIN") ? link("/bots", t("nav.bots"), "nav-bots") : null,
      me && me.role === "ROLE_ADMIN" ? link("/arbiter", t("nav.arbiter"), "nav-arbiter") : null,
    ),
    h(
      "div",
      { class: "account" },
      me
        ? [
            h("a", { href: `#/player/${me.user_id}`, class: "me", id: "me" }, me.display_name || me.username),
            h("button", { class: "link", id: "sign-out", onclick: () => void session.signOut().then(() => navigate("/login")) }, t("nav.signout")),
          ]
        : h("a", { href: "#/login", id: "nav-signin" }, t("nav.signin")),
      h("button", { class: "link", id: "settings", title: t("settings.open"), onclick: openSettings }, "⚙"),
      h("button", { class: "lang", id: "lang", onclick: () => setLang(currentLang() === "zh" ? "en" : "zh") }, t("lang.switch")),
    ),
  );
}

function route(): void {
  const raw = location.hash.replace(/^#/, "") || "/";
  const [path, qs] = raw.split("?", 2);
  renderHeader();
  if (cleanup) cleanup();
  cleanup = undefined;
  main.className = "";
  replaceChildren(main);
  for (const [pattern, page, needsSignIn] of routes) {
    const m = pattern.exec(path);
    if (!m) continue;
    waitingForSignIn = needsSignIn && !session.me;
    if (waitingForSignIn) {
      cleanup = renderLogin(main, "", new URLSearchParams({ next: raw }));
      return;
    }
    cleanup = page(main, m[1] ? decodeURIComponent(m[1]) : "", new URLSearchParams(qs ?? ""));
    return;
  }
  main.append(h("p", null, t("match.not_found")));
}

window.addEventListener("hashchange", route);
onLangChange(route);
let lastUser = "";
session.onChange(() => {
  const user = session.me?.user_id ?? "";
  renderHeader();
  // Signing in or out changes what the lobby shows; a match page keeps its own state.
  if (user !== lastUser && (waitingForSignIn || !/^#\/(match|replay)\//.test(location.hash))) route();
  lastUser = user;
});
session.client.onState((connected) => {
  banner.hidden = connected;
  banner.textContent = t("conn.offline");
});

document.documentElement.lang = currentLang() === "zh" ? "zh-CN" : "en";
// The first page waits for the connection (and a returning guest's sign-in).
main.append(h("p", { class: "muted" }, t("common.loading")));
session
  .start()
  .catch(() => undefined)
  .finally(() => {
    lastUser = session.me?.user_id ?? "";
    route();
  });
