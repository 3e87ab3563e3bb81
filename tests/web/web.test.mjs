// The web client end to end: Debian's headless Chromium against a real boyi-server started
// here (free loopback port, temporary data). A person's paths through the client: sign up
// and in, a whole 五子棋 game against a house bot, 军棋 deployment and moves, 点格棋 edges,
// 苏拉卡尔塔 moves (each game reloaded at its tricky moments, and a second tab), watching a
// live bot match, replays, tournaments and profiles, and a phone-sized screen (a guest).
// Every page is saved as a screenshot in the artifacts folder.
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, before, test } from "node:test";
import { startBotMatch, JsonBot } from "./support/bot.mjs";
import { launch, Shots, watchErrors } from "./support/browser.mjs";
import { chooseGomokuPoint } from "./support/gomoku_player.mjs";
import { TestServer } from "./support/server.mjs";

const PASSWORD = "correct-horse-9";
const ADMIN_PASSWORD = "admin-secret-42";
let server;
let browser;
let shots;
let page;
let errors;
let tokens;
const bots = [];
const finished = {}; // game -> a finished match id (for the replays)

before(async () => {
  server = new TestServer();
  tokens = { a: server.addBot("alpha-bot"), b: server.addBot("beta-bot") };
  server.addAdmin("referee", ADMIN_PASSWORD);
  await server.start();
  rmSync(server.bins.artifacts, { recursive: true, force: true });
  shots = new Shots(server.bins.artifacts);
  browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "zh-CN" });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  errors = watchErrors(page);
});

after(async () => {
  for (const b of bots) b.close();
  await browser?.close();
  if (server && process.exitCode) console.error(server.log());
  await server?.stop();
});

// Each test: on failure, a screenshot of where it stood.
function step(name, fn) {
  test(name, async (t) => {
    try {
      await fn(t);
    } catch (e) {
      if (page) await shots.take(page, "FAILED").catch(() => undefined);
      throw e;
    }
  });
}

const matchIdFromUrl = () => /#\/match\/([\w-]+)/.exec(page.url())?.[1];

// A game against the house bot from the lobby of `p` (strength 1 unless given; the level's own
// player unless a house engine is named); its match id.
async function startHouseBotGame(preset, seat, p = page, strength = "1", engine = "") {
  await p.click("#nav-lobby");
  await p.waitForSelector("#bot-form");
  const game = preset.split("-")[0] === "renju" ? "gomoku" : preset.split("-")[0];
  await p.selectOption("#bot-game", game);
  await p.selectOption("#bot-preset", preset);
  await p.selectOption("#bot-seat", String(seat));
  // The engine choice is remembered: choose it every time (hidden where the game offers none).
  if (engine || (await p.isVisible("#bot-engine"))) await p.selectOption("#bot-engine", engine);
  if (strength) await p.fill("#bot-strength", strength);
  await p.click("#bot-start");
  await p.waitForURL(/#\/match\//);
  await p.waitForSelector(".board-wrap svg");
  return /#\/match\/([\w-]+)/.exec(p.url())?.[1];
}

// Waits until the page shows the result, or it is our move, or a dialog asks something.
function waitTurnOrEnd() {
  return page.waitForFunction(
    () => document.querySelector("#result:not([hidden])") || document.querySelector("#turn.mine") || document.querySelector(".dialog"),
    null,
    { timeout: 20_000 },
  );
}

const ended = () => page.isVisible("#result:not([hidden])");
const moveCount = () => page.locator("#moves li").count();
// After our move: its row in the move list (the bot may answer at once), or the end.
const waitMoveListed = (before) =>
  page.waitForFunction((n) => document.querySelectorAll("#moves li").length > n || document.querySelector("#result:not([hidden])"), before);

// One move of ours chosen inside the page (a click per piece is too slow for a whole game):
// the first piece that can capture/attack does, else the first piece that can move moves.
// `pieceSel` lists our movable pieces, `captureSel` a capturing target. Returns whether a
// move went out.
function movePieceInPage([pieceSel, captureSel]) {
  const click = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const pieces = [...document.querySelectorAll(pieceSel)].map((el) => el.dataset.post ?? el.dataset.point);
  const find = (name) => document.querySelector(`[data-post="${name}"], .cell[data-point="${name}"]`);
  let fallback = null;
  for (const name of pieces) {
    click(find(name));
    const capture = document.querySelector(captureSel);
    if (capture) {
      click(capture);
      return true;
    }
    if (!fallback && document.querySelector(".target")) fallback = name;
    click(find(name)); // unselect
  }
  if (!fallback) return false;
  click(find(fallback));
  click(document.querySelector(".target"));
  return true;
}

// Plays our moves by movePieceInPage until the game is over by its rules.
async function playToTheEnd(pieceSel, captureSel, cap = 400) {
  for (let i = 0; i < cap && !(await ended()); i++) {
    await waitTurnOrEnd();
    if (await ended()) break;
    const before = await moveCount();
    if (!(await page.evaluate(movePieceInPage, [pieceSel, captureSel]))) continue;
    await waitMoveListed(before);
  }
  assert.ok(await ended(), "the game reached its end by the rules");
}

// A guest in a browser context of its own (`options`: the viewport and such), in the lobby.
async function guestInNewContext(name, options, init = async () => {}) {
  const context = await browser.newContext({ locale: "zh-CN", ...options });
  await init(context);
  const p = await context.newPage();
  const pageErrors = watchErrors(p);
  await p.goto(server.url + "/");
  await p.fill("#guest-name", name);
  await p.click("#guest-submit");
  await p.waitForSelector("#bot-form");
  return { context, p, pageErrors };
}

// Reloads the page in the middle of a match: the same match comes back, its board drawn.
async function reloadMatch(p = page) {
  const id = /#\/match\/([\w-]+)/.exec(p.url())?.[1];
  await p.reload();
  await p.waitForSelector(".board-wrap svg");
  assert.equal(/#\/match\/([\w-]+)/.exec(p.url())?.[1], id);
}

async function resign() {
  await page.click("#resign");
  await page.click(".dialog button.primary");
  await page.waitForSelector("#result:not([hidden])");
}

step("sign up, switch the language, sign out and in again", async () => {
  await page.goto(server.url + "/");
  await page.waitForSelector("#signup-form");
  await shots.take(page, "login-zh");
  await page.fill("#signup-username", "alice");
  await page.fill("#signup-password", PASSWORD);
  await page.fill("#signup-display", "Alice");
  await page.click("#signup-form button[type=submit]");
  await page.waitForSelector("h1.welcome");
  assert.match(await page.textContent("h1.welcome"), /Alice/);
  await page.waitForSelector("#bot-form");
  await shots.take(page, "lobby-zh");

  await page.click("#lang");
  await page.waitForSelector("text=Play the computer");
  assert.equal(await page.textContent("#nav-lobby"), "Lobby");
  await shots.take(page, "lobby-en");
  await page.click("#lang");
  await page.waitForSelector("text=与电脑对弈");

  await page.click("#sign-out");
  await page.waitForSelector("#signin-form");
  await page.fill("#login-username", "alice");
  await page.fill("#login-password", "wrong-password");
  await page.click("#signin-form button[type=submit]");
  await page.waitForFunction(() => document.querySelector("#login-error")?.textContent);
  await page.fill("#login-password", PASSWORD);
  await page.click("#signin-form button[type=submit]");
  await page.waitForSelector("h1.welcome");
});

step("a whole 五子棋 game (renju, ccgc opening) against a house bot", async () => {
  const id = await startHouseBotGame("renju-ccgc", 1);
  let sawSwap = false;
  let sawChoose = false;
  for (let i = 0; i < 150 && !(await ended()); i++) {
    await waitTurnOrEnd();
    if (await ended()) break;
    if (await page.isVisible(".dialog")) {
      // The swap after three stones: asked again after a reload; keep white.
      if (!sawSwap) {
        await shots.take(page, "gomoku-swap-dialog");
        await reloadMatch();
        await page.waitForSelector(".dialog");
      }
      sawSwap = true;
      await page.click(".dialog button:not(.primary)");
      await page.waitForSelector(".dialog", { state: "detached" });
      continue;
    }
    const step = await page.textContent("#gomoku-step");
    if (/选择第五手/.test(step) && !sawChoose) {
      sawChoose = true;
      const offers = await page.locator("[data-offer]").count();
      assert.ok(offers >= 1, "the fifth-move offers are marked");
      await reloadMatch();
      await page.waitForFunction(() => /选择第五手/.test(document.querySelector("#gomoku-step")?.textContent ?? ""));
      assert.equal(await page.locator("[data-offer]").count(), offers, "the offers after a reload");
      await shots.take(page, "gomoku-choose-fifth");
    }
    const point = await page.evaluate(chooseGomokuPoint);
    if (!point) continue;
    await page.click(`[data-point="${point}"]`);
    await page.waitForFunction((p) => document.querySelector(`[data-stone="${p}"]`) || document.querySelector("#result:not([hidden])"), point);
    if (i === 8) await shots.take(page, "gomoku-middle");
  }
  assert.ok(await ended(), "the game reached its end");
  assert.ok(sawSwap, "the swap dialog was shown");
  assert.ok(sawChoose, "the fifth-move choice was shown");
  assert.match(await page.textContent("#result-text"), /获胜|和棋/);
  assert.ok((await page.locator("[data-last]").count()) >= 1, "the last stone is marked");
  assert.ok((await page.locator("#moves li").count()) >= 7);
  await shots.take(page, "gomoku-result");
  finished.gomoku = id;
});

step("a learned player from the lobby: 五子棋 against the BP-TD(λ) network to the end, and a rematch", async () => {
  await page.click("#nav-lobby");
  await page.waitForSelector("#bot-form");
  // The opponents follow the game: the learned ones a game offers, none for 点格棋.
  await page.selectOption("#bot-game", "gomoku");
  assert.deepEqual(await page.$$eval("#bot-engine option", (os) => os.map((o) => o.value)), ["", "td"]);
  assert.match(await page.textContent('#bot-engine option[value="td"]'), /学习型/);
  await page.selectOption("#bot-game", "junqi");
  assert.deepEqual(await page.$$eval("#bot-engine option", (os) => os.map((o) => o.value)), ["", "dmc", "qlearn"]);
  await page.selectOption("#bot-engine", "dmc");
  await shots.take(page, "lobby-learned-opponents");
  await page.selectOption("#bot-game", "dots");
  assert.ok(!(await page.isVisible("#bot-engine")), "no house engine for 点格棋");

  await startHouseBotGame("gomoku-blitz", 0, page, "1", "td");
  const botName = ".board-col > .player-bar:first-child .pname";
  assert.equal(await page.textContent(botName), "House bot · td · 1");
  for (let i = 0; i < 150 && !(await ended()); i++) {
    await waitTurnOrEnd();
    if (await ended()) break;
    const point = await page.evaluate(chooseGomokuPoint);
    if (!point) continue;
    await page.click(`[data-point="${point}"]`);
    await page.waitForFunction((p) => document.querySelector(`[data-stone="${p}"]`) || document.querySelector("#result:not([hidden])"), point);
  }
  assert.ok(await ended(), "the game against the learned player reached its end");
  assert.match(await page.textContent("#result-text"), /获胜|和棋/);
  await shots.take(page, "learned-td-result");
  // The rematch is against the same learned player at the same strength.
  const first = matchIdFromUrl();
  await page.click("#rematch");
  await page.waitForFunction((old) => !location.hash.includes(old), first);
  await page.waitForSelector(".board-wrap svg");
  assert.equal(await page.textContent(botName), "House bot · td · 1");
  await page.waitForSelector("#turn.mine");
  await resign();
});

step("军棋: deployment editor, then moves on the board", async () => {
  const id = await startHouseBotGame("junqi-blitz", 0);
  await page.waitForSelector("#deploy-submit");
  // A reload during the deployment brings the editor back.
  await reloadMatch();
  await page.waitForSelector("#deploy-submit");
  await shots.take(page, "junqi-deploy");
  // The flag dragged to the front row is refused in plain words.
  await page.dragAndDrop('[data-slot="23"]', '[data-slot="0"]');
  await page.waitForFunction(() => document.querySelector("#deploy-message")?.classList.contains("error"));
  assert.match(await page.textContent("#deploy-message"), /军旗/);
  assert.ok(await page.isDisabled("#deploy-submit"));
  assert.equal(await page.getAttribute('[data-slot="0"]', "data-piece"), "l");
  await shots.take(page, "junqi-deploy-invalid");
  await page.click("#deploy-random");
  await page.waitForFunction(() => document.querySelector("#deploy-message")?.classList.contains("ok"));
  await page.click("#deploy-preset-0");
  // Swap two pieces by clicking one, then the other.
  await page.click('[data-slot="0"]');
  await page.click('[data-slot="1"]');
  assert.equal(await page.getAttribute('[data-slot="0"]', "data-piece"), "b");
  await page.click("#deploy-submit");
  await page.waitForSelector("svg.junqi:not(.deploy)");

  let moves = 0;
  let sawTargets = false;
  let sawBattle = false;
  for (let i = 0; i < 12 && moves < 5; i++) {
    await waitTurnOrEnd();
    if (await ended()) break;
    const before = await moveCount();
    const posts = await page.locator(".piece.movable").evaluateAll((els) => els.map((e) => e.dataset.post));
    if (posts.length === 0) continue;
    // Attack with the first piece that can; else move an engineer (rail paths) or any piece.
    let attacked = false;
    for (const post of posts) {
      await page.click(`[data-post="${post}"]`);
      if ((await page.locator(".target.attack").count()) > 0) {
        await page.locator(".target.attack").first().click();
        attacked = true;
        break;
      }
      await page.click(`[data-post="${post}"]`); // unselect
    }
    if (!attacked) {
      const engineer = await page.locator('.piece.movable[data-piece="i"]').evaluateAll((els) => els.map((e) => e.dataset.post));
      await page.click(`[data-post="${engineer[0] ?? posts[i % posts.length]}"]`);
      await page.waitForSelector(".target");
      if (!sawTargets) {
        sawTargets = true;
        await shots.take(page, "junqi-targets");
      }
      await page.locator(".target").first().click();
    }
    await waitMoveListed(before);
    if (attacked && !(await ended())) {
      await page.waitForSelector("[data-battle]");
      if (!sawBattle) await shots.take(page, "junqi-battle");
      sawBattle = true;
    }
    moves++;
    if (moves === 2 && !(await ended())) {
      // After a reload: the same pieces, our own face up, the enemy's still face down.
      const pieces = await page.locator("[data-post]").count();
      await reloadMatch();
      await page.waitForFunction((n) => document.querySelectorAll("[data-post]").length === n, pieces);
    }
  }
  assert.ok(moves >= 3 || (await ended()), "moves were played");
  assert.ok(sawBattle || (await ended()), "a battle's outcome was marked");
  assert.ok((await page.locator("[data-post]").count()) > 30, "pieces are on the board");
  assert.ok((await page.locator(".piece.hidden").count()) > 0 || (await ended()), "enemy pieces are face down");
  await shots.take(page, "junqi-play");
  // After the reloads, the game is played on to its end by the rules.
  await playToTheEnd(".piece.movable", ".target.attack");
  assert.match(await page.textContent("#result-text"), /获胜|和棋/);
  // The referee's detail ("seat 0 resigned", "flag captured", ...) in the page's language.
  assert.doesNotMatch(await page.textContent("#result-text"), /seat \d|resigned|captured|no legal move/);
  await shots.take(page, "junqi-result");
  finished.junqi = id;
});

step("点格棋: drawing edges to the end of a game", async () => {
  const id = await startHouseBotGame("dots-blitz", 0);
  for (let i = 0; i < 80 && !(await ended()); i++) {
    await waitTurnOrEnd();
    if (await ended()) break;
    const edge = await page.getAttribute(".edge.legal", "data-edge");
    await page.click(`[data-edge="${edge}"] .hitline`);
    await page.waitForSelector(`[data-edge="${edge}"].drawn`);
    if (i === 10) await shots.take(page, "dots-middle");
  }
  assert.ok(await ended());
  assert.equal(await page.locator(".edge.drawn").count(), 60);
  assert.equal(await page.locator("[data-box]").count(), 25);
  assert.match(await page.textContent("#dots-score"), /\d/);
  await shots.take(page, "dots-result");
  finished.dots = id;
});

// Draws one legal edge on `p` (our turn) and waits until it shows drawn.
async function drawAnEdge(p) {
  const edge = await p.getAttribute(".edge.legal", "data-edge");
  await p.click(`[data-edge="${edge}"] .hitline`);
  await p.waitForSelector(`[data-edge="${edge}"].drawn`);
}

step("a reload and a second tab in the middle of a game lose nothing", async () => {
  const id = await startHouseBotGame("dots-blitz", 0);
  for (let i = 0; i < 4; i++) {
    await waitTurnOrEnd();
    await drawAnEdge(page);
  }
  await waitTurnOrEnd();
  const drawn = await page.locator(".edge.drawn").count();
  const listed = await moveCount();
  assert.ok(drawn >= 4);

  // Reload: still signed in (the remembered sign-in, not the password), back in the match
  // with the same board, the turn and the clocks, and able to move.
  await page.reload();
  await page.waitForSelector(".board-wrap svg");
  assert.equal(matchIdFromUrl(), id);
  await page.waitForFunction((n) => document.querySelectorAll(".edge.drawn").length === n, drawn);
  assert.equal(await moveCount(), listed);
  await page.waitForSelector("#turn.mine");
  assert.ok((await page.locator(".edge.legal").count()) > 0, "the legal edges may be clicked");
  assert.match(await page.textContent("#clock-0"), /\d:\d\d/);
  assert.equal(await page.evaluate(() => Object.keys(localStorage).some((k) => /password/i.test(localStorage.getItem(k) ?? ""))), false);
  await shots.take(page, "dots-after-reload");
  await drawAnEdge(page);

  // A second tab on the same match: both follow it, either may move.
  const tab = await page.context().newPage();
  await tab.goto(`${server.url}/#/match/${id}`);
  await tab.waitForSelector(".board-wrap svg");
  await tab.waitForSelector("#turn.mine");
  const before = await tab.locator(".edge.drawn").count();
  await drawAnEdge(tab);
  await page.waitForFunction((n) => document.querySelectorAll(".edge.drawn").length > n, before);
  await shots.take(tab, "dots-second-tab");
  await tab.close();

  for (let i = 0; i < 80 && !(await ended()); i++) {
    await waitTurnOrEnd();
    if (await ended()) break;
    await drawAnEdge(page);
  }
  assert.ok(await ended());
  assert.equal(await page.locator(".edge.drawn").count(), 60);
});

step("苏拉卡尔塔: moves, and a capture's path along the loops", async () => {
  await startHouseBotGame("surakarta-blitz", 0);
  let sawCapture = false;
  for (let i = 0; i < 12 && !(await ended()); i++) {
    await waitTurnOrEnd();
    if (await ended()) break;
    const before = await moveCount();
    const pieces = await page.locator(".cell.movable").evaluateAll((els) => els.map((e) => e.dataset.point));
    let moved = false;
    for (const p of pieces) {
      await page.click(`.cell[data-point="${p}"]`);
      if ((await page.locator(".target.capture").count()) > 0) {
        assert.ok((await page.locator(".capture-path").count()) > 0, "the capture's path is drawn");
        if (!sawCapture) await shots.take(page, "surakarta-capture-path");
        const first = !sawCapture;
        sawCapture = true;
        await page.locator(".target.capture").first().click();
        moved = true;
        if (first) {
          // Reloaded after the capture: the same pieces on the board.
          await waitMoveListed(before);
          await waitTurnOrEnd();
          const pieces = await page.locator(".piece").count();
          await reloadMatch();
          await page.waitForFunction((n) => document.querySelectorAll(".piece").length === n, pieces);
        }
        break;
      }
      await page.click(`.cell[data-point="${p}"]`); // unselect
    }
    if (!moved) {
      await page.click(`.cell[data-point="${pieces[i % pieces.length]}"]`);
      await page.locator(".target").first().click();
    }
    await waitMoveListed(before);
  }
  await shots.take(page, "surakarta-play");
  await playToTheEnd(".cell.movable", ".target.capture");
  assert.match(await page.textContent("#result-text"), /获胜|和棋/);
});

step("watching a live bot match, with the spectator count", async () => {
  const a = new JsonBot(server.port, 11);
  const b = new JsonBot(server.port, 23);
  bots.push(a, b);
  await a.signIn(tokens.a);
  await b.signIn(tokens.b);
  const id = await startBotMatch(a, b, { preset: "gomoku-blitz", seat: 0 }, 300);
  await page.click("#nav-watch");
  await page.waitForSelector(`#live [data-match="${id}"]`);
  await shots.take(page, "watch-list");
  await page.click(`#live [data-match="${id}"] a`);
  await page.waitForURL(new RegExp(`#/match/${id}`));
  await page.waitForSelector(".tag >> text=观战中");
  const before = await page.locator("#moves li").count();
  await page.waitForFunction((n) => document.querySelectorAll("#moves li").length > n + 2, before);
  const live = await server.api("api/live");
  assert.equal(live.matches.find((m) => m.match_id === id)?.spectators, 1);
  await page.waitForFunction(() => /1/.test(document.querySelector("#spectators")?.textContent ?? ""), null, { timeout: 10_000 });
  assert.ok(!(await page.isVisible("#resign")), "a spectator cannot resign");
  // A spectator writes in the spectators' room (the players never see it during the game).
  assert.match(await page.textContent("#chat h3"), /观众聊天/);
  await page.fill("#chat-input", "黑棋要赢了");
  await page.click("#chat-send");
  await page.waitForFunction(() => /黑棋要赢了/.test(document.querySelector("#chat-log")?.textContent ?? ""));
  await shots.take(page, "watch-live");
  await page.click("#nav-watch");
  await a.request({ resign: { match_id: id } });
});

step("a refused move's reason and the outcome read in the page's language; the record exports", async () => {
  // Two bots: the second keeps playing on an occupied point and loses by the illegal-move rule.
  const a = new JsonBot(server.port, 31);
  const b = new JsonBot(server.port, 37);
  bots.push(a, b);
  await a.signIn(tokens.a);
  await b.signIn(tokens.b);
  const started = new Promise((resolve) => a.listeners.add((m) => m.match_started && resolve(m.match_started)));
  b.listeners.add((m) => {
    const c = m.lobby_update?.challenge_received;
    if (c && c.to.user_id === b.me.user_id) b.request({ answer_challenge: { challenge_id: c.challenge_id, accept: true, message: "" } });
  });
  await a.request({ send_challenge: { opponent: b.me.username, setup: { preset: "gomoku-blitz", seat: 0 } } });
  const id = (await started).match_id;
  await a.request({ move: { match_id: id, move: "H8" } });
  const reasons = [];
  for (let i = 0; i < 3; i++)
    await b.request({ move: { match_id: id, move: "H8" } }).catch((e) => reasons.push(e.message));
  assert.equal(reasons.length, 3);
  assert.match(reasons[0], /H8 is occupied/);
  await page.goto(`${server.url}/#/replay/${id}`);
  await page.waitForSelector("#replay-result");
  assert.match(await page.textContent("#replay-result"), /走了 3 次不合规则的着法，最后一次：H8 已有棋子/);
  // The record (棋谱) downloads from the page, as text and as JSON.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#replay-download")]);
  assert.equal(download.suggestedFilename(), `${id}.txt`);
  const [json] = await Promise.all([page.waitForEvent("download"), page.click("#replay-download-json")]);
  assert.equal(json.suggestedFilename(), `${id}.json`);
  const text = await (await import("node:fs/promises")).readFile(await json.path(), "utf8");
  assert.equal(JSON.parse(text).outcome.ending, "illegal_move");
  await shots.take(page, "replay-illegal-zh");
});

step("replays step by step, from each seat's view and the full view", async () => {
  await page.goto(`${server.url}/#/replay/${finished.gomoku}`);
  await page.waitForSelector("#replay-step");
  assert.match(await page.textContent("#replay-step"), /\d+ \/ \d+/);
  await page.click("#replay-prev");
  await page.click("#replay-first");
  assert.equal(await page.textContent("#replay-step"), "开局");
  assert.equal(await page.locator("[data-stone]").count(), 0);
  await page.click("#replay-next");
  assert.equal(await page.locator("[data-stone]").count(), 1);
  await page.click("#replay-last");
  await shots.take(page, "replay-gomoku");
  // The analysis board: the house engine's best move and line at the position shown.
  await page.click("#replay-prev");
  await page.click("#analyze");
  await page.waitForSelector("#analysis-best", { timeout: 30_000 });
  assert.match(await page.textContent("#analysis-best"), /^[A-O]\d{1,2}$/);
  assert.match(await page.textContent("#analysis-line"), /[A-O]\d/);
  await shots.take(page, "analysis-gomoku");
  await page.click("#replay-next"); // moving on clears it
  assert.equal(await page.locator("#analysis-best").count(), 0);

  await page.goto(`${server.url}/#/replay/${finished.junqi}?viewer=1`);
  await page.waitForSelector("#replay-step");
  const hidden = await page.locator(".piece.hidden").count();
  assert.ok(hidden > 0, "seat 1's view hides seat 0's pieces");
  await shots.take(page, "replay-junqi-seat1");
  await page.click('#replay-viewers [data-viewer="full"]');
  await page.waitForFunction(() => document.querySelector('#replay-viewers [data-viewer="full"]')?.classList.contains("primary"));
  await page.waitForSelector("svg.junqi");
  assert.equal(await page.locator(".piece.hidden").count(), 0, "the full view shows every piece");
  assert.ok(await page.isHidden("#analyze"), "no analysis of 军棋: the pieces stay secret");
  await shots.take(page, "replay-junqi-full");

  await page.goto(`${server.url}/#/replay/${finished.dots}?viewer=0`);
  await page.waitForSelector("#replay-step");
  await page.click('#moves li[data-seq="10"]');
  assert.match(await page.textContent("#replay-step"), /10 \//);
  await page.click("#analyze");
  await page.waitForSelector("#analysis-verdict", { timeout: 30_000 });
  assert.match(await page.textContent("#analysis-best"), /^[AB][A-F][A-E]$/);
  await shots.take(page, "replay-dots");
});

step("a tournament of house bots: standings, crosstable, results", async (t) => {
  if ((await fetch(`${server.url}/api/tournaments`)).status === 404) return t.skip("this server has no tournaments");
  const auth = { Authorization: "Basic " + Buffer.from(`referee:${ADMIN_PASSWORD}`).toString("base64") };
  const created = await fetch(`${server.url}/api/tournaments`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "网页测试杯", preset: "dots-blitz", entrants: ["house:1", "house:2", "house:3"], settings: { format: "rr" } }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const { id } = await created.json();
  const started = await fetch(`${server.url}/api/tournaments/${id}/start`, { method: "POST", headers: auth });
  assert.equal(started.status, 200, await started.text());
  await page.click("#nav-tournaments");
  await page.click(`[data-tournament="${id}"] a`);
  await page.waitForSelector("#tournament-standings");
  assert.equal(await page.locator("#tournament-standings tbody tr").count(), 3);
  assert.equal(await page.locator("#crosstable tbody tr").count(), 3);
  await page.waitForFunction(() => document.querySelectorAll("#results tbody tr").length >= 1, null, { timeout: 30_000 });
  await shots.take(page, "tournament");
});

step("tournaments and a profile with its rating history", async () => {
  await page.click("#nav-tournaments");
  await page.waitForSelector("#standings");
  assert.match(await page.textContent("#standings"), /alice/);
  await shots.take(page, "tournaments");
  await page.click("#me");
  await page.waitForSelector("#rating-plot");
  assert.match(await page.textContent("#profile-record"), /\d/);
  await shots.take(page, "profile");
});

step("a phone-sized screen: lobby and a game fit the width", async () => {
  const { context: phone, p, pageErrors: phoneErrors } = await guestInNewContext("手机访客", {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const fits = () => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(await fits(), "the lobby fits the phone's width");
  await p.screenshot({ path: `${shots.dir}/${String(++shots.n).padStart(2, "0")}-phone-lobby.png`, fullPage: true });
  await startHouseBotGame("gomoku-blitz", 0, p, "");
  await p.waitForSelector("svg.gomoku");
  await p.waitForSelector("#turn.mine");
  await p.tap('[data-point="H8"]');
  await p.waitForSelector('[data-stone="H8"]');
  // A guest's reload: the same guest (its resume token), back in the game with its stone.
  await p.waitForSelector("#turn.mine");
  const stones = await p.locator("[data-stone]").count();
  await reloadMatch(p);
  await p.waitForSelector('[data-stone="H8"]');
  await p.waitForSelector("#turn.mine");
  assert.equal(await p.locator("[data-stone]").count(), stones);
  assert.ok(await fits(), "the board fits the phone's width");
  await p.screenshot({ path: `${shots.dir}/${String(++shots.n).padStart(2, "0")}-phone-match.png`, fullPage: true });
  // Then the game is played to its end by taps.
  const over = () => p.isVisible("#result:not([hidden])");
  for (let i = 0; i < 120 && !(await over()); i++) {
    await p.waitForFunction(() => document.querySelector("#result:not([hidden])") || document.querySelector("#turn.mine"));
    if (await over()) break;
    const point = await p.evaluate(chooseGomokuPoint);
    if (!point) continue;
    await p.tap(`[data-point="${point}"]`);
    await p.waitForFunction((q) => document.querySelector(`[data-stone="${q}"]`) || document.querySelector("#result:not([hidden])"), point);
  }
  assert.ok(await over(), "the phone's game reached its end");
  assert.match(await p.textContent("#result-text"), /获胜|和棋/);
  await phone.close();
  assert.deepEqual(phoneErrors, []);
});

step("a laptop screen (1366×768): each game's whole board and both clocks without scrolling", async () => {
  const { context: laptop, p, pageErrors: laptopErrors } = await guestInNewContext("laptop", { viewport: { width: 1366, height: 768 } });
  for (const [game, preset] of [["junqi", "junqi-blitz"], ["gomoku", "gomoku-blitz"], ["dots", "dots-blitz"], ["surakarta", "surakarta-blitz"]]) {
    await startHouseBotGame(preset, 0, p, "");
    if (game === "junqi") {
      // The whole board, after the deployment.
      await p.click("#deploy-submit");
      await p.waitForSelector("svg.junqi:not(.deploy)");
    }
    const inView = await p.evaluate(() =>
      ["#clock-0", "#clock-1", ".board-wrap svg"].map((sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return { sel, top: r.top, bottom: r.bottom, fits: r.top >= 0 && r.bottom <= window.innerHeight };
      }),
    );
    for (const box of inView) assert.ok(box.fits, `${game}: ${box.sel} spans ${box.top}..${box.bottom} of 768`);
    await p.screenshot({ path: `${shots.dir}/${String(++shots.n).padStart(2, "0")}-laptop-${game}.png` });
    await p.click("#resign");
    await p.click(".dialog button.primary");
    await p.waitForSelector("#result:not([hidden])");
  }
  await laptop.close();
  assert.deepEqual(laptopErrors, []);
});

step("settings: move sounds are off until switched on, the low-time warning, and both settings stay", async () => {
  // Counts the tones the page starts (headless Chromium plays them to nowhere).
  const countTones = (context) =>
    context.addInitScript(() => {
      window.__tones = 0;
      const Base = window.AudioContext;
      window.AudioContext = class extends Base {
        createOscillator() {
          const osc = super.createOscillator();
          const start = osc.start.bind(osc);
          osc.start = (...args) => {
            window.__tones++;
            return start(...args);
          };
          return osc;
        }
      };
    });
  const { context, p, pageErrors } = await guestInNewContext("listener", { viewport: { width: 1280, height: 900 } }, countTones);
  const playOneStone = async () => {
    await startHouseBotGame("gomoku-blitz", 0, p, "");
    await p.waitForSelector("#turn.mine");
    await p.click('[data-point="H8"]');
    await p.waitForSelector('[data-stone="H8"]');
    await p.waitForSelector("#turn.mine"); // the bot answered
    await p.click("#resign");
    await p.click(".dialog button.primary");
    await p.waitForSelector("#result:not([hidden])");
  };
  await playOneStone();
  assert.equal(await p.evaluate(() => window.__tones), 0, "no sound by default");

  await p.click("#settings");
  await p.waitForSelector(".dialog #settings-sounds");
  assert.equal(await p.inputValue("#settings-low-time"), "30");
  await p.selectOption("#settings-low-time", "60");
  await p.check("#settings-sounds");
  await shots.take(p, "settings");
  await p.click(".dialog button.primary");
  await playOneStone();
  // Our stone, the bot's, and the end: each a sound.
  assert.ok((await p.evaluate(() => window.__tones)) >= 3, "moves and the end sound");

  // A rematch with the sides swapped: the house bot (same strength) now opens.
  const first = /#\/match\/([\w-]+)/.exec(p.url())?.[1];
  await p.click("#rematch");
  await p.waitForFunction((old) => !location.hash.includes(old), first);
  await p.waitForSelector(".board-wrap svg");
  assert.match(await p.getAttribute(".board-col > .player-bar:last-child", "class"), /seat1/, "we hold seat 1 now");
  assert.equal(await p.textContent(".board-col > .player-bar:first-child .pname"), "House bot · 5");
  await p.waitForSelector("[data-stone]"); // the bot's first stone
  await p.waitForSelector("#turn.mine");
  await p.click("#resign");
  await p.click(".dialog button.primary");
  await p.waitForSelector("#result:not([hidden])");

  // The low-time warning: a bot challenges us to a 45-second game; under the 60 s set, our
  // clock is marked low from the start and one warning tone sounds.
  const quick = new JsonBot(server.port, 53);
  bots.push(quick);
  await quick.signIn(tokens.b);
  const myId = /#\/player\/(.+)$/.exec(await p.getAttribute("#me", "href"))?.[1];
  await p.click("#nav-lobby");
  await p.waitForSelector("#bot-form");
  await quick.request({
    send_challenge: { opponent: myId, setup: { game: "gomoku", rules: "rule=freestyle opening=free", time_control: { total_ms: 45000, per_move_ms: 0, increment_ms: 0 }, seat: 1 } },
  });
  await p.waitForSelector("#challenges button.primary");
  const tonesBefore = await p.evaluate(() => window.__tones);
  await p.click("#challenges button.primary");
  await p.waitForSelector(".board-wrap svg");
  await p.waitForSelector("#clock-0.low");
  await p.waitForFunction((n) => window.__tones > n, tonesBefore);
  await shots.take(p, "low-time");
  await p.click("#resign");
  await p.click(".dialog button.primary");
  await p.waitForSelector("#result:not([hidden])");
  quick.close();

  await p.reload();
  await p.waitForSelector("#settings");
  await p.click("#settings");
  assert.equal(await p.inputValue("#settings-low-time"), "60");
  assert.ok(await p.isChecked("#settings-sounds"));
  await context.close();
  assert.deepEqual(pageErrors, []);
});

step("a takeback against the house bot, and between two people chat, a takeback, a declined and an agreed draw", async () => {
  // The house bot gives a move back at once (a casual game): the board is empty again.
  const { context, p, pageErrors } = await guestInNewContext("retractor", { viewport: { width: 1280, height: 900 } });
  await startHouseBotGame("gomoku-blitz", 0, p, "");
  await p.waitForSelector("#turn.mine");
  assert.ok(await p.isDisabled("#takeback"), "nothing of ours to take back yet");
  await p.click('[data-point="H8"]');
  await p.waitForSelector('[data-stone="H8"]');
  await p.waitForSelector("#turn.mine"); // the bot answered
  assert.equal(await p.locator("[data-stone]").count(), 2);
  await p.click("#takeback");
  await p.waitForFunction(() => document.querySelectorAll("[data-stone]").length === 0);
  await p.waitForSelector("#turn.mine");
  assert.equal(await p.locator("#moves li").count(), 0);
  // A draw offer to the bot: it plays on.
  await p.click('[data-point="G7"]');
  await p.waitForFunction(() => document.querySelectorAll("[data-stone]").length === 2);
  await p.click("#offer-draw");
  await p.waitForSelector(".toast", { state: "attached" });
  assert.match(await p.textContent("#toasts"), /拒绝/);
  await p.click("#resign");
  await p.click(".dialog button.primary");
  await p.waitForSelector("#result:not([hidden])");
  await context.close();
  assert.deepEqual(pageErrors, []);

  // Two people: a seek, accepted.
  const a = await guestInNewContext("xiaoming", { viewport: { width: 1280, height: 900 } });
  const b = await guestInNewContext("xiaohong", { viewport: { width: 1280, height: 900 } });
  await a.p.waitForSelector("#seek-form");
  await a.p.selectOption("#seek-game", "gomoku");
  await a.p.selectOption("#seek-preset", "gomoku-blitz");
  await a.p.selectOption("#seek-seat", "0");
  await a.p.click("#seek-create");
  await b.p.waitForSelector("[data-seek] button.primary");
  await b.p.click("[data-seek] button.primary");
  for (const x of [a, b]) await x.p.waitForSelector(".board-wrap svg");
  // The players' chat: a line from one reaches the other.
  await a.p.fill("#chat-input", "你好，请多指教");
  await a.p.click("#chat-send");
  await b.p.waitForFunction(() => /请多指教/.test(document.querySelector("#chat-log")?.textContent ?? ""));
  assert.match(await b.p.textContent("#chat-log"), /xiaoming/);
  assert.equal(await a.p.inputValue("#chat-input"), "", "the box empties once sent");
  await a.p.waitForSelector("#turn.mine");
  await a.p.click('[data-point="H8"]');
  await b.p.waitForSelector("#turn.mine");
  await b.p.click('[data-point="H9"]');
  await a.p.waitForSelector('[data-stone="H9"]');
  // Xiaohong asks for H9 back; xiaoming sees the request and accepts.
  await b.p.click("#takeback");
  await a.p.waitForSelector("#proposal-accept");
  assert.match(await a.p.textContent("#proposal"), /悔棋/);
  await shots.take(a.p, "takeback-request");
  await a.p.click("#proposal-accept");
  await b.p.waitForFunction(() => !document.querySelector('[data-stone="H9"]'));
  await b.p.waitForSelector("#turn.mine");
  assert.equal(await b.p.locator("#moves li").count(), 1);
  await a.p.waitForFunction(() => !document.querySelector('[data-stone="H9"]'));
  await b.p.click('[data-point="J9"]');
  await a.p.waitForSelector('[data-stone="J9"]');
  // A draw offer declined: xiaoming is told.
  await a.p.click("#offer-draw");
  await b.p.waitForSelector("#proposal-decline");
  assert.match(await b.p.textContent("#proposal"), /和棋/);
  await b.p.click("#proposal-decline");
  await a.p.waitForFunction(() => /拒绝/.test(document.querySelector("#toasts")?.textContent ?? ""));
  await b.p.waitForSelector("#proposal", { state: "hidden" });
  // Offering again at once is refused, and the server's reason reads in Chinese.
  await a.p.click("#offer-draw");
  await a.p.waitForFunction(() => /走一步之后才能再提/.test(document.querySelector("#toasts")?.textContent ?? ""));
  // Then xiaohong offers one, and xiaoming accepts: a draw by agreement on both pages.
  await b.p.click("#offer-draw");
  await a.p.waitForSelector("#proposal-accept");
  await a.p.click("#proposal-accept");
  for (const x of [a, b]) {
    await x.p.waitForSelector("#result:not([hidden])");
    assert.match(await x.p.textContent("#result"), /双方同意和棋/);
  }
  await shots.take(a.p, "agreed-draw");
  for (const x of [a, b]) {
    await x.context.close();
    assert.deepEqual(x.pageErrors.filter((e) => !/Failed to load resource/.test(e)), []);
  }
});

step("a person makes a bot, sees its token once, the bot signs in with it, and gets a new token", async () => {
  await page.goto(server.url + "/");
  await page.waitForSelector("#nav-bots");
  await page.click("#nav-bots");
  await page.waitForSelector("#new-bot-form");
  await page.fill("#new-bot-name", "alice-bot");
  await page.click("#new-bot-create");
  await page.waitForSelector("#bot-token");
  const token = (await page.textContent("#bot-token")).trim();
  assert.match(token, /^boyi_[0-9a-f]+_[0-9a-f]+$/);
  await page.waitForSelector('[data-bot="alice-bot"]');
  // The bot program signs in with it; the list shows it online with its token's public id.
  const bot = new JsonBot(server.port, 41);
  bots.push(bot);
  await bot.signIn(token);
  assert.equal(bot.me.role, "ROLE_BOT");
  await page.reload();
  await page.waitForSelector('[data-bot="alice-bot"] .tag');
  assert.match(await page.textContent('[data-bot="alice-bot"]'), new RegExp(token.split("_")[1]));
  await shots.take(page, "my-bots");
  // A new token: shown once, different; the old one no longer signs in.
  await page.click('[data-bot="alice-bot"] button.rotate');
  await page.click(".dialog button.primary");
  await page.waitForFunction((old) => (document.querySelector("#bot-token")?.textContent ?? old).trim() !== old, token);
  const fresh = (await page.textContent("#bot-token")).trim();
  const again = new JsonBot(server.port, 43);
  bots.push(again);
  await assert.rejects(again.signIn(token), /AUTH_FAILED/);
  const renewed = new JsonBot(server.port, 47);
  bots.push(renewed);
  await renewed.signIn(fresh);
  // Its games and rating: the bot's profile.
  await page.click('[data-bot="alice-bot"] a');
  await page.waitForURL(/#\/player\//);
  await page.waitForSelector("h1");
  assert.match(await page.textContent("h1"), /alice-bot/);
});

step("the arbiter's console: a live match paused, time added, a seat forfeited, all in the audit log", async () => {
  const a = new JsonBot(server.port, 41);
  const b = new JsonBot(server.port, 43);
  bots.push(a, b);
  await a.signIn(tokens.a);
  await b.signIn(tokens.b);
  const ended = new Promise((resolve) => a.listeners.add((m) => m.match_ended && resolve(m.match_ended)));
  const notices = [];
  b.listeners.add((m) => m.arbiter_notice && notices.push(m.arbiter_notice));
  const id = await startBotMatch(a, b, { preset: "gomoku-blitz", seat: 0 }, 500);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "zh-CN" });
  const p = await context.newPage();
  p.setDefaultTimeout(20_000);
  const pageErrors = watchErrors(p);
  await p.goto(server.url + "/#/login");
  await p.fill("#login-username", "referee");
  await p.fill("#login-password", ADMIN_PASSWORD);
  await p.click("#signin-form button[type=submit]");
  await p.waitForSelector("#nav-arbiter");
  await p.click("#nav-arbiter");
  await p.click(`#arbiter-matches [data-match="${id}"] button.select`);
  await p.waitForSelector("#arbiter-match svg");
  await p.fill("#arbiter-reason", "停电");
  await p.click("#arbiter-pause");
  await p.waitForSelector("#arbiter-paused");
  await p.selectOption("#arbiter-seat", "1");
  await p.fill("#arbiter-seconds", "45");
  await p.click("#arbiter-add-time");
  await p.waitForFunction(() => document.querySelectorAll('#audit-entries [data-audit-action="match.add_time"]').length === 1);
  await shots.take(p, "arbiter-console");
  await p.click("#arbiter-unpause");
  await p.waitForSelector("#arbiter-paused", { state: "detached" });
  await p.selectOption("#arbiter-seat", "0");
  await p.fill("#arbiter-reason", "离开赛场");
  await p.click("#arbiter-forfeit");
  const end = await ended;
  assert.equal(end.outcome.ending, "ENDING_ADJUDICATION");
  assert.equal(end.outcome.winner, 1);
  assert.deepEqual(notices.map((n) => n.action).slice(0, 3), ["ARBITER_ACTION_PAUSE", "ARBITER_ACTION_ADD_TIME", "ARBITER_ACTION_UNPAUSE"]);
  await p.waitForFunction(() => document.querySelectorAll('#audit-entries [data-audit-action="match.forfeit"]').length === 1);
  const actions = await p.$$eval("#audit-entries li", (lis) => lis.map((li) => li.dataset.auditAction));
  assert.deepEqual(actions, ["match.watch_full", "match.pause", "match.add_time", "match.unpause", "match.forfeit"]);
  assert.match(await p.textContent("#audit-chain"), /哈希链完整/);
  // A player is not shown the console, and the server refuses it to them.
  assert.ok(!(await page.isVisible("#nav-arbiter")));
  assert.deepEqual(pageErrors, []);
  await context.close();
});

step("no script errors on any page", async () => {
  // A refused request's 4xx shows in the console as a failed load; anything else is a bug.
  assert.deepEqual(
    errors.filter((e) => !/Failed to load resource/.test(e)),
    [],
  );
});
