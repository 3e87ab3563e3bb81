// A small DOM builder: h("div", {class: "x", onclick: f}, child, ...) and the same for SVG.
// Children may be nodes, strings, numbers, or null/false/undefined (skipped), or arrays.

export type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, unknown>;

function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

function setAttrs(el: Element, attrs: Attrs | null | undefined): void {
  if (!attrs) return;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") {
      el.addEventListener(k.slice(2), v as EventListener);
    } else if (k === "dataset" && typeof v === "object") {
      for (const [dk, dv] of Object.entries(v as Record<string, string>)) (el as HTMLElement).dataset[dk] = dv;
    } else if (k === "value" && el instanceof HTMLInputElement) {
      el.value = String(v);
    } else if (k === "checked" && el instanceof HTMLInputElement) {
      el.checked = Boolean(v);
    } else {
      el.setAttribute(k, v === true ? "" : String(v));
    }
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

export function replaceChildren(el: Element, ...children: Child[]): void {
  clear(el);
  append(el, children);
}

// A modal dialog with a title, a body and buttons; resolves with the chosen button's value
// (or null when closed with Escape or the backdrop).
export function dialog<T>(title: string, body: Child, buttons: { label: string; value: T; primary?: boolean }[]): Promise<T | null> {
  return new Promise((resolve) => {
    const close = (v: T | null) => {
      backdrop.remove();
      document.removeEventListener("keydown", onKey);
      resolve(v);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close(null);
    };
    const box = h(
      "div",
      { class: "dialog", role: "dialog", "aria-modal": "true", "aria-label": title },
      h("h3", null, title),
      h("div", { class: "dialog-body" }, body),
      h(
        "div",
        { class: "dialog-buttons" },
        buttons.map((b) => h("button", { class: b.primary ? "primary" : "", onclick: () => close(b.value) }, b.label)),
      ),
    );
    const backdrop = h("div", { class: "backdrop", onclick: (e: Event) => e.target === backdrop && close(null) }, box);
    document.addEventListener("keydown", onKey);
    document.body.appendChild(backdrop);
    (box.querySelector("button.primary") as HTMLButtonElement | null)?.focus();
  });
}

// A short message at the bottom of the screen.
export function toast(text: string, kind: "info" | "error" = "info"): void {
  let host = document.getElementById("toasts");
  if (!host) {
    host = h("div", { id: "toasts", "aria-live": "polite" });
    document.body.appendChild(host);
  }
  const t = h("div", { class: `toast ${kind}` }, text);
  host.appendChild(t);
  window.setTimeout(() => t.remove(), kind === "error" ? 6000 : 3500);
}
