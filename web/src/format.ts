// Shared words and numbers: clocks, game names, presets, outcomes, players.
import { currentLang, t, tx } from "./i18n";
import type { MatchSetup, Outcome, Player, Preset, TimeControl } from "./net/proto";

export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return `${h > 0 ? h + ":" : ""}${mm}:${String(sec).padStart(2, "0")}`;
}

export function gameTitle(game: string): string {
  return tx("game", game);
}

export function timeControlText(tc: TimeControl | undefined): string {
  if (!tc || !tc.total_ms) return "";
  const parts = [`${Math.round(tc.total_ms / 60000)}′`];
  if (tc.per_move_ms) parts.push(`${Math.round(tc.per_move_ms / 1000)}″/${currentLang() === "zh" ? "步" : "move"}`);
  if (tc.increment_ms) parts.push(`+${Math.round(tc.increment_ms / 1000)}″`);
  return parts.join(" ");
}

export function presetText(p: Preset): string {
  return `${p.name} · ${timeControlText(p.time_control)}`;
}

export function setupText(setup: MatchSetup): string {
  const name = gameTitle(setup.game ?? "");
  const preset = setup.preset ? ` (${setup.preset})` : "";
  const tc = timeControlText(setup.time_control);
  return `${name}${preset}${tc ? " · " + tc : ""}`;
}

export function playerName(p: Player | undefined): string {
  if (!p) return "?";
  return p.name;
}

export function outcomeText(o: Outcome, players: Player[]): string {
  const how = tx("ending", o.ending);
  const who = o.winner === 0 || o.winner === 1 ? t("match.winner", { name: playerName(players[o.winner]) }) : t("match.draw");
  return `${who} — ${how}${o.detail ? ` (${o.detail})` : ""}`;
}

export function seatName(game: string, seat: number): string {
  const zh = currentLang() === "zh";
  switch (game) {
    case "junqi":
      return seat === 0 ? (zh ? "红方" : "Red") : zh ? "蓝方" : "Blue";
    case "surakarta":
      return seat === 0 ? (zh ? "黑方" : "Black") : zh ? "白方" : "White";
    default:
      return seat === 0 ? t("match.seat0") : t("match.seat1");
  }
}

export function dateText(ms: number): string {
  if (!ms) return "";
  return new Date(ms).toLocaleString(currentLang() === "zh" ? "zh-CN" : "en-GB", {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}
