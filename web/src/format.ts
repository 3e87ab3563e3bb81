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
  // Whole minutes as minutes; anything else (45 s, 90 s) in seconds, never rounded away.
  const parts = [tc.total_ms % 60000 === 0 ? `${tc.total_ms / 60000}′` : `${Math.round(tc.total_ms / 1000)}″`];
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

export function outcomeText(o: Outcome, players: Player[], game = ""): string {
  const how = tx("ending", o.ending);
  const who = o.winner === 0 || o.winner === 1 ? t("match.winner", { name: playerName(players[o.winner]) }) : t("match.draw");
  const detail = o.detail ? detailText(o.detail, game) : "";
  return `${who} — ${how}${detail && detail !== how ? ` (${detail})` : ""}`;
}

// The referee's and the engines' outcome details (English on the wire, for bots and logs)
// in the page's language: the known forms, numbers kept; anything else as it came.
const ZH_COLOUR: Record<string, string> = { black: "黑方", white: "白方", red: "红方", blue: "蓝方" };
const ZH_FOUL: Record<string, string> = { overline: "长连", "double-four": "四四", "double-three": "三三" };
const ZH_DETAILS: [RegExp, (m: RegExpMatchArray, seat: (s: string) => string) => string][] = [
  [/^seat ([01]) resigned$/, (m, seat) => `${seat(m[1])}认输`],
  [/^seat ([01]) ran out of time$/, (m, seat) => `${seat(m[1])}超时`],
  [/^seat ([01]) exceeded the per-move limit of (\d+) (s|ms)$/, (m, seat) => `${seat(m[1])}超过每步 ${m[2]} ${m[3] === "s" ? "秒" : "毫秒"}的限时`],
  [/^seat ([01]) did not come back within (\d+) (s|ms)$/, (m, seat) => `${seat(m[1])}断线后 ${m[2]} ${m[3] === "s" ? "秒" : "毫秒"}内未回来`],
  [/^seat ([01]) made an illegal move: (.*)$/, (m, seat) => `${seat(m[1])}走了不合规则的一步：${reasonZh(m[2])}`],
  [/^seat ([01]) made (\d+) illegal attempts; the last: (.*)$/, (m, seat) => `${seat(m[1])}走了 ${m[2]} 次不合规则的着法，最后一次：${reasonZh(m[3])}`],
  [/^both seats passed a limit at the same moment$/, () => "双方同时超过时限"],
  [/^(black|white) made five$/, (m) => `${ZH_COLOUR[m[1]]}连成五子`],
  [/^(overline|double-four|double-three) by black$/, (m) => `黑方${ZH_FOUL[m[1]]}禁手`],
  [/^board full$/, () => "棋盘已满"],
  [/^flag captured$/, () => "军旗被夺"],
  [/^no legal move$/, () => "无子可走"],
  [/^(\d+) plies without a battle$/, (m) => `连续 ${m[1]} 步未交战`],
  [/^(black|white|red|blue) has no pieces left$/, (m) => `${ZH_COLOUR[m[1]]}已无棋子`],
  [/^(black|white|red|blue) has no legal move$/, (m) => `${ZH_COLOUR[m[1]]}无子可走`],
  [/^no capture in (\d+) plies \(no_capture_limit=\d+\), pieces black (\d+), white (\d+)$/, (m) => `连续 ${m[1]} 步未吃子，按子数判定（黑 ${m[2]}，白 ${m[3]}）`],
  [/^move cap of (\d+) plies reached \(max_plies=\d+\), pieces black (\d+), white (\d+)$/, (m) => `达到 ${m[1]} 步上限，按子数判定（黑 ${m[2]}，白 ${m[3]}）`],
  [/^server shutting down for maintenance$/, () => "服务器停机维护"],
  [/^drawn by agreement$/, () => "双方同意和棋"],
];

// Why the rules refused a move (the engines' reasons, English on the wire): the forms a person
// can meet by clicking, in Chinese; anything else as it came.
const ZH_PIECE: Record<string, string> = {
  marshal: "司令", general: "军长", "division commander": "师长", brigadier: "旅长", colonel: "团长", major: "营长",
  captain: "连长", lieutenant: "排长", engineer: "工兵", mine: "地雷", bomb: "炸弹", flag: "军旗",
};
const ZH_REASONS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^the game is over$/, () => "对局已结束"],
  [/^([A-O]\d{1,2}) is occupied$/, (m) => `${m[1]} 已有棋子`],
  [/^black's first stone must be on H8$/, () => "黑方第一手必须下在天元 H8"],
  [/^white's stone 2 must be next to H8 \(G7-J9\)$/, () => "白方第二手必须紧挨天元（G7–J9）"],
  [/^black's stone 3 must be inside the central 5x5 \(F6-J10\)$/, () => "黑方第三手必须在中心 5×5 之内（F6–J10）"],
  [/^white must now answer the three-stone swap: swap or keep$/, () => "白方须先回答三手交换：交换或不交换"],
  [/^black must now offer candidates for stone 5/, () => "黑方须先为第五手打点"],
  [/^white must now choose stone 5 among the offered points/, () => "白方须在黑方所打的点中选定第五手"],
  [/^([A-O]\d{1,2}) is already offered$/, (m) => `${m[1]} 已经打过点`],
  [/^([A-O]\d{1,2}) is symmetric to the offered ([A-O]\d{1,2})$/, (m) => `${m[1]} 与已打的 ${m[2]} 对称`],
  [/^([A-O]\d{1,2}) is forbidden for black \((overline|double-four|double-three)\)$/, (m) => `${m[1]} 是黑方禁手（${ZH_FOUL[m[2]]}）`],
  [/^([A-O]\d{1,2}) was not offered \(offered: (.*)\)$/, (m) => `${m[1]} 不是所打的点（已打：${m[2]}）`],
  [/^only a stone can be placed now$/, () => "现在只能落子"],
  [/^edge ([A-B][A-F][A-E]) is already drawn$/, (m) => `边 ${m[1]} 已经画过`],
  [/^(\w+): no (black|white) piece on ([A-F]{2})$/, (m) => `${m[3]} 上没有${ZH_COLOUR[m[2]]}的棋子`],
  [/^(\w+): ([A-F]{2}) holds your own piece$/, (m) => `${m[2]} 上是你自己的棋子`],
  [/^(\w+): a plain move goes one step to a neighbouring point$/, () => "不吃子时只能走到相邻的点"],
  [/^(\w+): (?:plain moves never capture, and )?no loop path through an arc with every point passed empty reaches the (black|white) piece on ([A-F]{2})$/, (m) => `没有经过圆弧、沿途无子的路线能吃到 ${m[3]} 上的${ZH_COLOUR[m[2]]}棋子`],
  [/^(\w+): no piece of seat [01] on ([A-L]\d)$/, (m) => `${m[2]} 上没有你的棋子`],
  [/^(\w+): the (\w+(?: \w+)?) never moves$/, (m) => `${ZH_PIECE[m[2]] ?? m[2]}不能移动`],
  [/^(\w+): a piece in a headquarters never moves$/, () => "大本营里的棋子不能移动"],
  [/^(\w+): own piece on ([A-L]\d)$/, (m) => `${m[2]} 上是你自己的棋子`],
  [/^(\w+): a piece in a camp cannot be attacked$/, () => "行营里的棋子不能被攻击"],
  [/^(\w+): the (\w+(?: \w+)?) cannot reach ([A-L]\d)/, (m) => `${ZH_PIECE[m[2]] ?? m[2]}走不到 ${m[3]}`],
  [/^no step before both sides have deployed$/, () => "双方布阵完成之前不能走子"],
  // Draw offers and takebacks.
  [/^\w+ cannot end in a draw$/, () => "这个棋种不会出现和棋"],
  [/^this match allows no draw offers$/, () => "本局不允许提议和棋"],
  [/^\w+ allows no takeback: what was revealed cannot be hidden again$/, () => "军棋不能悔棋：已经暴露的棋子无法再隐藏"],
  [/^this match allows no takebacks \(rated or tournament\)$/, () => "本局不允许悔棋（计分局或赛事对局）"],
  [/^there is no action of seat [01] to take back$/, () => "你还没有可以悔的着法"],
  [/^seat [01] has already proposed a (draw|takeback)$/, (m) => `你已经提出了${m[1] === "draw" ? "和棋" : "悔棋"}请求`],
  [/^a (draw|takeback) proposed by seat [01] was not accepted; it may be proposed again after seat [01] has played$/, (m) => `${m[1] === "draw" ? "和棋" : "悔棋"}请求未被接受；走一步之后才能再提`],
  [/^seat [01] has no open (draw|takeback) proposal$/, (m) => `对方没有待回应的${m[1] === "draw" ? "和棋" : "悔棋"}请求`],
  [/^the match is already over/, () => "对局已结束"],
  // Chat.
  [/^only the players write in the players' room$/, () => "只有对局双方能在对局聊天里发言"],
  [/^the players do not see the spectators' room during the game$/, () => "对局进行中，棋手看不到观众聊天"],
  [/^spectate the match to write in its spectators' room$/, () => "观战后才能在观众聊天里发言"],
  [/^a chat line is at most (\d+) characters$/, (m) => `一条消息最多 ${m[1]} 个字`],
  [/^an empty chat line$/, () => "消息是空的"],
  [/^you are muted until (.*)$/, (m) => `你已被禁言，直到 ${m[1]}`],
  [/^too many chat lines/, () => "发言太频繁，请稍等"],
  // The analysis board and bots.
  [/^a running game is not analysed/, () => "进行中的对局不能分析，结束后才能分析"],
  [/^your previous analysis is still running$/, () => "上一次分析还没有完成"],
  [/^the analysis engines are busy/, () => "分析引擎繁忙，请稍后再试"],
  [/^too many analyses/, () => "分析太频繁，请稍后再试"],
  [/^the name (.+) is (taken|reserved)$/, (m) => `名字 ${m[1]} ${m[2] === "taken" ? "已被占用" : "是保留名"}`],
  [/^you own (\d+) bots already, the most one person may$/, (m) => `你已有 ${m[1]} 个机器人，已达上限`],
  [/^only a person with an account may own bots$/, () => "只有注册用户才能拥有机器人"],
];

function reasonZh(reason: string): string {
  for (const [pattern, say] of ZH_REASONS) {
    const m = reason.match(pattern);
    if (m) return say(m);
  }
  return reason;
}

// A refused move's reason, or any refusal the server explains, in the page's language.
export function serverText(reason: string): string {
  return currentLang() === "zh" ? reasonZh(reason) : reason;
}

// An error (a server's refusal or anything thrown) as a sentence in the page's language.
export function errorText(e: unknown): string {
  return e instanceof Error ? serverText(e.message) : String(e);
}

export function detailText(detail: string, game = ""): string {
  if (currentLang() !== "zh") return detail;
  const seat = (s: string) => seatName(game, Number(s));
  for (const [pattern, say] of ZH_DETAILS) {
    const m = detail.match(pattern);
    if (m) return say(m, seat);
  }
  return detail;
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
