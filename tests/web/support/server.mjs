// Starts the real boyi-server for the browser tests: a free loopback port, a temporary data
// folder, the built web client, cheap password hashing and quick house bots. Bot accounts
// are made with boyi-admin before the server starts (it prints each token once).
import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

// The programs under test: $BOYI_SERVER_BIN / $BOYI_ADMIN_BIN, else the Release build.
export function binaries() {
  const build = process.env.BOYI_BUILD_DIR ?? path.join(repoRoot, "build/release");
  return {
    server: process.env.BOYI_SERVER_BIN ?? path.join(build, "bin/boyi-server"),
    admin: process.env.BOYI_ADMIN_BIN ?? path.join(build, "bin/boyi-admin"),
    web: process.env.BOYI_WEB_DIR ?? path.join(repoRoot, "web/dist"),
    artifacts: process.env.BOYI_WEB_ARTIFACTS ?? path.join(build, "web-test-artifacts"),
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, deadlineMs) {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`boyi-server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("boyi-server did not start in time");
}

export class TestServer {
  constructor() {
    this.bins = binaries();
    for (const [what, p] of [
      ["boyi-server", this.bins.server],
      ["boyi-admin", this.bins.admin],
      ["the built web client (npm run build in web/)", path.join(this.bins.web, "index.html")],
    ])
      if (!existsSync(p)) throw new Error(`missing ${what}: ${p}`);
    this.dir = mkdtempSync(path.join(os.tmpdir(), "boyi-web-test-"));
    this.data = path.join(this.dir, "data");
    this.child = null;
  }

  // A bot account; returns its secret token. Before start().
  addBot(name) {
    const out = execFileSync(this.bins.admin, ["--data", this.data, "bot", "add", name], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return out.trim().split("\n").pop().trim();
  }

  // A person with the admin role (may create tournaments). Before start().
  addAdmin(name, password) {
    execFileSync(this.bins.admin, ["--data", this.data, "user", "add", name, "--admin"], { input: password + "\n", stdio: ["pipe", "pipe", "pipe"] });
  }

  async start() {
    this.port = await freePort();
    this.url = `http://127.0.0.1:${this.port}`;
    const config = path.join(this.dir, "config.json");
    writeFileSync(
      config,
      JSON.stringify({
        address: "127.0.0.1",
        argon2: { t_cost: 1, m_cost_kib: 1024, parallelism: 1 },
        house_bot_delay_ms: 30,
        clock_update_interval_ms: 2000,
        log_level: "warn",
      }),
    );
    this.logPath = path.join(this.dir, "server.log");
    const args = ["--config", config, "--port", String(this.port), "--data", this.data, "--web", this.bins.web];
    this.child = spawn(this.bins.server, args, { stdio: ["ignore", "pipe", "pipe"] });
    const log = [];
    this.child.stdout.on("data", (d) => log.push(d));
    this.child.stderr.on("data", (d) => log.push(d));
    this.log = () => Buffer.concat(log).toString("utf8").slice(-6000);
    await waitForHealth(this.url, this.child, 30_000);
  }

  async api(pathname) {
    const r = await fetch(`${this.url}/${pathname.replace(/^\//, "")}`);
    if (!r.ok) throw new Error(`${pathname}: HTTP ${r.status}`);
    return r.json();
  }

  async stop() {
    if (this.child && this.child.exitCode === null) {
      const exited = new Promise((r) => this.child.once("exit", r));
      this.child.kill("SIGTERM");
      const timer = setTimeout(() => this.child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export function readJson(p) {
  return JSON.parse(readFileSync(p, "utf8"));
}
