// 军棋's deployment editor: the seat's own half (rows G–L of its own frame, the camps
// empty), pieces swapped by dragging or by clicking two posts, ready-made and random
// layouts, the rules' constraints checked in plain words before submitting.
import { h, replaceChildren, s } from "../dom";
import { t } from "../i18n";
import { DEPLOY_SLOTS, isCamp, isHq, postIndex } from "./junqi_geometry";
import { layoutProblem, pieceLabel, PRESET_LAYOUTS, randomLayout } from "./junqi_layout";

const LAST_LAYOUT_KEY = "boyi.junqi_layout";
const W = 84;
const H = 54;
const M = 20;

export interface DeployEditor {
  el: HTMLElement;
  panel: HTMLElement;
}

export function createDeployEditor(seat: number, submit: (layout: string) => Promise<void>): DeployEditor {
  const saved = localStorage.getItem(LAST_LAYOUT_KEY);
  let layout = saved && !layoutProblem(saved) ? saved : PRESET_LAYOUTS[0].layout;
  let picked = -1; // a slot chosen by click, waiting for its partner
  let dragFrom = -1;
  let sending = false;

  const svg = s("svg", { viewBox: `0 0 ${M * 2 + W * 5} ${M * 2 + H * 6}`, class: `board junqi deploy seat${seat}` });
  const el = h("div", { class: "board-wrap" }, svg);
  const message = h("p", { class: "validation", id: "deploy-message", role: "status" });
  const submitButton = h("button", { class: "primary", id: "deploy-submit" }, t("junqi.submit"));
  const panel = h(
    "div",
    { class: "board-panel deploy-panel" },
    h("h3", null, t("junqi.deploy_title")),
    h("p", { class: "hint" }, t("junqi.deploy_hint")),
    h(
      "div",
      { class: "buttons wrap" },
      PRESET_LAYOUTS.map((p, i) => h("button", { id: `deploy-preset-${i}`, onclick: () => set(p.layout) }, t(p.key))),
      h("button", { id: "deploy-random", onclick: () => set(randomLayout()) }, t("junqi.random")),
    ),
    message,
    submitButton,
  );

  // Own-frame rows G..L drawn top to bottom as display rows 0..5.
  const pos = (name: string): [number, number] => {
    const row = "GHIJKL".indexOf(name[0]);
    const col = Number(name[1]);
    return [M + col * W + W / 2, M + row * H + H / 2];
  };

  const set = (l: string) => {
    layout = l;
    picked = -1;
    render();
  };

  const swap = (a: number, b: number) => {
    if (a === b || a < 0 || b < 0) return;
    const arr = layout.split("");
    [arr[a], arr[b]] = [arr[b], arr[a]];
    set(arr.join(""));
  };

  const slotAt = (x: number, y: number): number => {
    const target = document.elementFromPoint(x, y)?.closest("[data-slot]") as SVGElement | null;
    return target ? Number(target.dataset.slot) : -1;
  };

  const render = () => {
    replaceChildren(svg);
    for (let row = 0; row < 6; row++)
      for (let col = 0; col < 5; col++) {
        const name = `${"GHIJKL"[row]}${col}`;
        const [x, y] = pos(name);
        const i = postIndex(name);
        if (isCamp(i)) svg.append(s("circle", { cx: x, cy: y, r: 22, class: "camp" }));
        else if (isHq(i)) svg.append(s("rect", { x: x - 34, y: y - 20, width: 68, height: 40, rx: 16, class: "hq" }));
      }
    DEPLOY_SLOTS.forEach((name, slot) => {
      const [x, y] = pos(name);
      const letter = layout[slot];
      const g = s(
        "g",
        { class: `piece own seat${seat} ${picked === slot ? "selected" : ""}`, dataset: { slot: String(slot), piece: letter } },
        s("rect", { x: x - 36, y: y - 19, width: 72, height: 38, rx: 6 }),
        s("text", { x, y: y + 6 }, pieceLabel(letter)),
      );
      g.addEventListener("pointerdown", (e) => {
        dragFrom = slot;
        (e.target as Element).releasePointerCapture?.((e as PointerEvent).pointerId);
        e.preventDefault();
      });
      g.addEventListener("pointerup", (e) => {
        const pe = e as PointerEvent;
        const to = slotAt(pe.clientX, pe.clientY);
        if (dragFrom >= 0 && to >= 0 && to !== dragFrom) {
          swap(dragFrom, to);
        } else if (to === slot) {
          if (picked < 0) {
            picked = slot;
            render();
          } else if (picked === slot) {
            picked = -1;
            render();
          } else swap(picked, slot);
        }
        dragFrom = -1;
      });
      svg.append(g);
    });
    const problem = layoutProblem(layout);
    message.textContent = problem ?? t("junqi.valid");
    message.className = problem ? "validation error" : "validation ok";
    submitButton.disabled = problem !== null || sending;
  };

  submitButton.addEventListener("click", () => {
    if (layoutProblem(layout) || sending) return;
    sending = true;
    render();
    localStorage.setItem(LAST_LAYOUT_KEY, layout);
    submit(layout).finally(() => {
      sending = false;
      render();
    });
  });
  document.addEventListener("pointerup", () => (dragFrom = -1));
  render();
  return { el, panel };
}
