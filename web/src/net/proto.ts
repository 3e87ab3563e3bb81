// The boyi.v1 messages the browser uses, as protobuf's JSON mapping prints them
// (protocol/proto/boyi/v1/boyi.proto is the schema; protocol/README.md the prose).
// 64-bit integers (request ids) arrive as strings; every other number is a number.

export type Role = "ROLE_UNSPECIFIED" | "ROLE_GUEST" | "ROLE_HUMAN" | "ROLE_BOT" | "ROLE_ADMIN" | "ROLE_HOUSE_BOT";

export type Ending =
  | "ENDING_UNSPECIFIED"
  | "ENDING_NORMAL"
  | "ENDING_RESIGNATION"
  | "ENDING_TIME_FORFEIT"
  | "ENDING_ILLEGAL_MOVE"
  | "ENDING_FOUL"
  | "ENDING_NO_BATTLE_LIMIT"
  | "ENDING_DISCONNECT_FORFEIT"
  | "ENDING_ADJUDICATION"
  | "ENDING_ABORTED"
  | "ENDING_AGREEMENT";

export type GameName = "junqi" | "gomoku" | "dots" | "surakarta";

export interface TimeControl {
  total_ms: number;
  per_move_ms: number;
  increment_ms: number;
}

export interface Preset {
  name: string;
  game: string;
  rules: string;
  time_control?: TimeControl;
  description: string;
}

export interface GameInfo {
  name: GameName;
  title: string;
  english: string;
  default_rules: string;
  presets: Preset[];
}

export interface MatchSetup {
  preset?: string;
  game?: string;
  rules?: string;
  time_control?: TimeControl;
  seat?: number;
}

export interface Player {
  user_id: string;
  name: string;
  role: Role;
  seat: number;
  house_strength?: number; // a house seat: its strength and house engine ("" / absent: the level's)
  house_engine?: string;
}

// GET /api/house-bots: each game's levels and the house engines it offers besides them.
export interface HouseEngine {
  engine: string;
  description: string;
  learned: boolean;
}
export interface HouseBots {
  enabled: boolean;
  default_strength: number;
  games: { game: GameName; title: string; engines: HouseEngine[] }[];
}

export interface OnlineUser {
  user: Player;
  playing: string[];
}

export interface Seek {
  seek_id: string;
  owner: Player;
  setup: MatchSetup;
}

export interface Challenge {
  challenge_id: string;
  from: Player;
  to: Player;
  setup: MatchSetup;
}

export interface ChallengeClosed {
  challenge_id: string;
  reason: string;
  message: string;
}

export interface LobbyUpdate {
  user_online?: OnlineUser;
  user_offline?: string;
  seek_opened?: Seek;
  seek_closed?: string;
  challenge_received?: Challenge;
  challenge_closed?: ChallengeClosed;
}

export interface LobbySnapshot {
  users: OnlineUser[];
  seeks: Seek[];
  challenges: Challenge[];
}

export interface ActiveMatch {
  match_id: string;
  game: string;
  seat: number;
  last_seq: number;
}

export interface MatchView {
  match_id: string;
  last_seq: number;
  view: GameView;
  clocks: Clocks;
  proposals?: MatchProposals;
}

// The analysis board's answer (Analyze): a house engine's view of a finished game's position.
export interface Analysis {
  match_id: string;
  ply: number;
  to_move: number;
  line: string[];
  line_seats: number[];
  engine: string;
  method: string;
  score?: number;
  unit: string;
  win_rate?: number;
  proven_win?: boolean;
  depth: number;
  nodes: string;
}

// A person's own bots (CreateBot, ListMyBots, RotateBotToken).
export interface NewBotToken {
  bot: Player;
  token: string; // shown once
}
export interface OwnedBot {
  bot: Player;
  token_id: string;
  created_at: string;
  online: boolean;
  disabled: boolean;
}
export interface MyBots {
  bots: OwnedBot[];
  max_bots: number;
}

export type ChatRoom = "CHAT_ROOM_PLAYERS" | "CHAT_ROOM_SPECTATORS";

export interface ChatMessage {
  match_id: string;
  room: ChatRoom;
  from: Player;
  text: string;
  sent_at: string;
}

export type ProposalKind = "PROPOSAL_KIND_DRAW" | "PROPOSAL_KIND_TAKEBACK";
export type ProposalState = "PROPOSAL_STATE_OPEN" | "PROPOSAL_STATE_ACCEPTED" | "PROPOSAL_STATE_DECLINED" | "PROPOSAL_STATE_LAPSED";

export interface Proposal {
  kind: ProposalKind;
  from: number;
  state: ProposalState;
  actions: number;
}

// What stands between the seats: the open proposals and the one that closed last.
export interface MatchProposals {
  match_id: string;
  open: Proposal[];
  last_closed?: Proposal;
}

export interface SignedIn {
  user_id: string;
  username: string;
  display_name: string;
  role: Role;
  active_matches: ActiveMatch[];
  resume_token: string;
  // A remembered sign-in (asked for with `remember`): signs this account in again.
  session_token?: string;
  session_expires_ms?: string;
}

export interface Outcome {
  ending: Ending;
  winner: number;
  detail: string;
}

export interface Clocks {
  remaining_ms: number[];
  running: number;
  running_both: boolean;
  move_remaining_ms: number;
  paused?: boolean; // the arbiter has stopped both clocks
}

export interface JunqiPost {
  kind: "JUNQI_POST_EMPTY" | "JUNQI_POST_OWN" | "JUNQI_POST_HIDDEN" | "JUNQI_POST_REVEALED_FLAG" | "JUNQI_POST_KNOWN";
  owner: number;
  piece: string;
}

export interface JunqiFlag {
  seat: number;
  post: string;
}

export interface JunqiView {
  posts: JunqiPost[];
  deployed: boolean[];
  no_battle: number;
  no_battle_limit: number;
  revealed_flags: JunqiFlag[];
}

export type GomokuStep =
  | "GOMOKU_STEP_STONE1"
  | "GOMOKU_STEP_STONE2"
  | "GOMOKU_STEP_STONE3"
  | "GOMOKU_STEP_SWAP"
  | "GOMOKU_STEP_STONE4"
  | "GOMOKU_STEP_OFFER"
  | "GOMOKU_STEP_CHOOSE"
  | "GOMOKU_STEP_PLAY";

export interface GomokuView {
  black: string[];
  white: string[];
  black_seat: number;
  step: GomokuStep;
  colour_to_move: "GOMOKU_BLACK" | "GOMOKU_WHITE";
  offers: string[];
  last_move: string;
  last_colour: "GOMOKU_BLACK" | "GOMOKU_WHITE";
  forbidden: string[];
  rules: string;
}

export interface DotsView {
  edges: string[];
  box_owner: number[];
  score: number[];
}

export type SurakartaCell = "SURAKARTA_EMPTY" | "SURAKARTA_BLACK" | "SURAKARTA_WHITE";

export interface SurakartaView {
  cells: SurakartaCell[];
  pieces: number[];
  plies_since_capture: number;
}

export interface GameView {
  game: GameName;
  viewer: number;
  to_move: number;
  can_act: boolean;
  ply: number;
  outcome: Outcome;
  text: string;
  legal_moves: string[];
  junqi?: JunqiView;
  gomoku?: GomokuView;
  dots?: DotsView;
  surakarta?: SurakartaView;
}

export interface JunqiEvent {
  kind: "KIND_STEP" | "KIND_DEPLOY";
  seat: number;
  ply: number;
  from: string;
  to: string;
  code: number;
  revealed_flags: JunqiFlag[];
  layout: string;
}

export interface GomokuEvent {
  seat: number;
  colour: string;
  action: string;
  point: string;
  effect: string;
  foul: string;
  winner: number;
}

export interface DotsEvent {
  seat: number;
  edge: string;
  boxes: string[];
  again: boolean;
}

export interface SurakartaEvent {
  seat: number;
  from: string;
  to: string;
  capture: boolean;
  ply: number;
  capture_path: string[];
}

export interface GameEvent {
  junqi?: JunqiEvent;
  gomoku?: GomokuEvent;
  dots?: DotsEvent;
  surakarta?: SurakartaEvent;
}

export interface MatchStarted {
  match_id: string;
  game: GameName;
  preset: string;
  rules: string;
  time_control: TimeControl;
  seat: number;
  players: Player[];
  clocks: Clocks;
  view: GameView;
  spectator_delay_plies: number;
  illegal_move_attempts: number;
  draw_offers: boolean; // the seats may offer each other a draw
  takebacks: boolean; // the seats may ask to take a move back (casual games)
}

export interface MatchEvent {
  match_id: string;
  seq: number;
  ply: number;
  actor: number;
  move: string;
  redacted: boolean;
  rendering: string;
  events: GameEvent[];
  move_time_ms: number;
  clocks: Clocks;
  to_move: number;
  view?: GameView;
  // Not 0: an agreed takeback, not an action: the last `takes_back` actions are undone.
  takes_back: number;
}

export interface MatchEnded {
  match_id: string;
  seq: number;
  outcome: Outcome;
  clocks: Clocks;
  final_view: GameView;
}

export interface RecordMove {
  seq: number;
  ply: number;
  actor: number;
  move: string;
  move_time_ms: number;
  clocks: Clocks;
  rendering: string;
  comment?: string; // the mover's note sent with the move (MakeMove.comment)
}

export interface MatchRecord {
  match_id: string;
  game: GameName;
  preset: string;
  rules: string;
  time_control: TimeControl;
  players: Player[];
  moves: RecordMove[];
  outcome: Outcome;
  started_at: string;
  finished_at: string;
  record_text: string;
  final_text: string;
}

export interface MatchSummary {
  match_id: string;
  game: GameName;
  preset: string;
  players: Player[];
  ply: number;
  status: "MATCH_STATUS_UNSPECIFIED" | "MATCH_STATUS_RUNNING" | "MATCH_STATUS_FINISHED";
  outcome?: Outcome;
}

export interface ErrorBody {
  code: string;
  message: string;
  request_id: string;
  match_id: string;
  attempts_left: number;
  fatal: boolean;
}

// A server message: the envelope's request id and exactly one body.
export interface ServerMessage {
  request_id: string;
  welcome?: { protocol_version: number; server_version: string; session_id: string };
  ping?: { nonce: number };
  pong?: { nonce: number };
  error?: ErrorBody;
  ack?: Record<string, never>;
  signed_in?: SignedIn;
  signed_out?: Record<string, never>;
  game_list?: { games: GameInfo[] };
  online_list?: { users: OnlineUser[] };
  lobby_snapshot?: LobbySnapshot;
  lobby_update?: LobbyUpdate;
  seek_created?: { seek: Seek };
  challenge_sent?: { challenge: Challenge };
  match_started?: MatchStarted;
  match_event?: MatchEvent;
  match_ended?: MatchEnded;
  match_record?: MatchRecord;
  clock_update?: { match_id: string; clocks: Clocks };
  match_view?: MatchView;
  match_proposals?: MatchProposals;
  chat_message?: ChatMessage;
  new_bot_token?: NewBotToken;
  analysis?: Analysis;
  my_bots?: MyBots;
  match_list?: { matches: MatchSummary[] };
  arbiter_notice?: ArbiterNotice;
  full_view?: FullView;
  audit_log?: AuditLog;
  // The current view and clocks after the replayed events (a MatchView, not a bare GameView).
  sync_done?: { match_id: string; last_seq: number; view: MatchView };
}

// The match id a push concerns, if it is a match push.
export function matchIdOf(m: ServerMessage): string | undefined {
  return (
    m.match_started?.match_id ??
    m.match_event?.match_id ??
    m.match_ended?.match_id ??
    m.match_record?.match_id ??
    m.clock_update?.match_id ??
    m.match_proposals?.match_id ??
    m.chat_message?.match_id ??
    m.match_view?.match_id ??
    m.arbiter_notice?.match_id ??
    m.sync_done?.match_id
  );
}

// The arbiter's console (admins only).
export type ArbiterAction =
  | "ARBITER_ACTION_PAUSE"
  | "ARBITER_ACTION_UNPAUSE"
  | "ARBITER_ACTION_ADD_TIME"
  | "ARBITER_ACTION_ADJUDICATE"
  | "ARBITER_ACTION_FORFEIT"
  | "ARBITER_ACTION_VOID";

export interface ArbiterNotice {
  match_id: string;
  action: ArbiterAction;
  seat: number;
  ms: number;
  winner: number;
  reason: string;
  by: string;
  clocks: Clocks;
}

export interface FullView {
  match_id: string;
  last_seq: number;
  view: GameView;
  clocks: Clocks;
  players: Player[];
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  target: string;
  detail: string;
  reason: string;
  match_id: string;
  hash: string;
}

export interface AuditLog {
  entries: AuditEntry[];
  chain_holds: boolean;
  broken_at: string;
  head_hash: string;
}
