// The "what to play" fields shared by the house-bot, seek and challenge forms: game,
// preset (rules and time), and the seat wanted. Remembers the last choice.
import { h } from "../dom";
import { gameTitle, presetText } from "../format";
import { t } from "../i18n";
import type { GameInfo, MatchSetup } from "../net/proto";

const LAST_KEY = "boyi.last_setup";

export interface SetupForm {
  el: HTMLElement;
  setup(): MatchSetup;
  game(): string; // the game chosen now
  onGameChange(fn: () => void): void;
}

export function setupForm(games: GameInfo[], idPrefix: string): SetupForm {
  const last = JSON.parse(localStorage.getItem(LAST_KEY) ?? "{}") as { game?: string; preset?: string; seat?: number };
  const game = h(
    "select",
    { id: `${idPrefix}-game`, name: "game" },
    games.map((g) => h("option", { value: g.name }, `${gameTitle(g.name)}`)),
  );
  const preset = h("select", { id: `${idPrefix}-preset`, name: "preset" });
  const seat = h(
    "select",
    { id: `${idPrefix}-seat`, name: "seat" },
    h("option", { value: "-1" }, t("lobby.seat_any")),
    h("option", { value: "0" }, t("lobby.seat_first")),
    h("option", { value: "1" }, t("lobby.seat_second")),
  );
  const fillPresets = () => {
    const g = games.find((x) => x.name === game.value);
    preset.replaceChildren(...(g?.presets ?? []).map((p) => h("option", { value: p.name, title: p.description }, presetText(p))));
    if (last.preset && g?.presets.some((p) => p.name === last.preset)) preset.value = last.preset;
  };
  if (last.game && games.some((g) => g.name === last.game)) game.value = last.game;
  fillPresets();
  if (last.seat !== undefined) seat.value = String(last.seat);
  game.addEventListener("change", fillPresets);
  const el = h(
    "div",
    { class: "setup" },
    h("label", null, t("lobby.game"), game),
    h("label", null, t("lobby.preset"), preset),
    h("label", null, t("lobby.seat"), seat),
  );
  return {
    el,
    setup: () => {
      const chosen = { game: game.value, preset: preset.value, seat: Number(seat.value) };
      localStorage.setItem(LAST_KEY, JSON.stringify(chosen));
      return { preset: chosen.preset, game: chosen.game, seat: chosen.seat };
    },
    game: () => game.value,
    onGameChange: (fn) => game.addEventListener("change", fn),
  };
}
