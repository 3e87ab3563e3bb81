// Debian's Chromium, headless, driven by playwright-core (no browser download); screenshots
// go to the artifacts folder, numbered in the order they were taken.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

export function chromiumPath() {
  return process.env.BOYI_CHROMIUM ?? "/usr/bin/chromium";
}

export async function launch() {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
  });
}

export class Shots {
  constructor(dir) {
    this.dir = dir;
    this.n = 0;
    mkdirSync(dir, { recursive: true });
  }

  async take(page, name) {
    this.n += 1;
    const file = path.join(this.dir, `${String(this.n).padStart(2, "0")}-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    return file;
  }
}

// Collects the page's console errors and uncaught exceptions, to fail on them.
export function watchErrors(page) {
  const errors = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  return errors;
}
