// damlib's board: an SVG board drawn from the model's state, in the diagrams' style.
// Python (damlib/widgets/board.py) says what is on the board and what is legal; this module
// highlights at once, animates moves frame by frame, and forwards clicks, drags and keys
// (input.js). damlib/widgets/board.py joins this file and the ones it imports into the one module
// the widget loads.
import { FILES, isDark, squareIn } from "./squares.js";
import { el, painter } from "./svg.js";
import { piece } from "./pieces.js";
import { arrow, cross, cursorShape, outlined } from "./overlays.js";
import { ease, scenes, timing } from "./frames.js";
import { listen } from "./input.js";

const NO_ANSWER_MS = 8000; // a click the kernel has not answered by then: it may have stopped
// The words shown and read out come from Python (the model's "labels", in the language damlib
// speaks): a piece's name by its code, the parts of a square's name, the bar's labels.

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function render({ model, el: host }) {
  const get = (name) => model.get(name);
  const say = (key, fields = {}) =>
    String((get("labels") || {})[key] ?? "").replace(/\{(\w+)\}/g, (all, name) => (name in fields ? fields[name] : all));
  const root = document.createElement("div");
  root.className = "damlib-board-root";
  const frame = document.createElement("div");
  frame.className = "damlib-board-frame";
  frame.tabIndex = 0;
  // the element that takes focus is the grid a screen reader names ("German draughts board, White
  // to move"); the squares are its cells, the cursor its active descendant
  frame.setAttribute("role", "grid");
  // JupyterLab's notebook shortcuts (arrows move between cells, Enter edits) must not take the keys
  frame.dataset.lmSuppressShortcuts = "true";
  const svg = el("svg", { viewBox: "0 0 9 9", role: "none", class: "damlib-board-svg" });
  frame.append(svg);
  const live = document.createElement("div");
  live.className = "damlib-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  const bar = document.createElement("div");
  bar.className = "damlib-board-bar";
  const again = document.createElement("button");
  again.className = "damlib-again";
  const read = document.createElement("button");
  read.className = "damlib-read";
  const speed = document.createElement("select");
  speed.className = "damlib-speed";
  const speeds = [["speed-slow", 0.5], ["speed-normal", 1], ["speed-fast", 2], ["speed-none", 0]];
  for (const [, value] of speeds) speed.append(new Option("", value));
  const contrast = document.createElement("label");
  contrast.className = "damlib-contrast";
  const contrastBox = document.createElement("input");
  contrastBox.type = "checkbox";
  const contrastText = document.createTextNode("");
  contrast.append(contrastBox, contrastText);
  // the bar's words, again whenever the language changes
  const label = () => {
    again.textContent = say("again");
    read.textContent = say("read");
    read.title = say("read-tip");
    speed.setAttribute("aria-label", say("speed"));
    speeds.forEach(([key], i) => { speed.options[i].text = say(key); });
    contrastText.textContent = ` ${say("contrast")}`;
  };
  bar.append(again, read, speed, contrast);
  // shown once the board has lost its kernel (a saved lesson reopened, a kernel restarted): the
  // board stays as it was left, but plays no more
  const offline = document.createElement("div");
  offline.className = "damlib-offline-note";
  offline.setAttribute("role", "note");
  offline.hidden = true;
  label();
  root.append(offline, frame, bar, live);
  host.classList.add("damlib-board-host");
  host.append(root);

  // local: what the learner has chosen since the last word from Python, shown at once, no round
  // trip; cursor: the keyboard's square; pending: when the click the kernel has not yet answered
  // was made (performance.now())
  const state = { local: null, cursor: null, pending: null };
  let busy = null; // the animation running: a token that a newer one replaces
  let lastAnimation = 0;
  const uid = `damlib-${Math.random().toString(36).slice(2, 8)}`; // ids unique on the page
  const painted = () => painter(get("look"), { highContrast: get("high_contrast"), flipped: get("flipped") });

  // The keyboard's cursor, moved by the arrows without drawing the squares again, so that a
  // screen reader keeps the same cells
  const cursorMark = el("g", { class: "damlib-cursor" });
  function placeCursor() {
    if (!cursorMark.firstChild) cursorMark.append(...cursorShape(painted()));
    const { cursor } = state;
    cursorMark.style.display = cursor ? "" : "none";
    if (!cursor) { frame.removeAttribute("aria-activedescendant"); return; }
    const [x, y] = painted().at(cursor);
    cursorMark.setAttribute("transform", `translate(${x} ${y})`);
    frame.setAttribute("aria-activedescendant", `${uid}-${cursor}`);
  }
  // the mark's tones follow high contrast
  const recolourCursor = () => { cursorMark.replaceChildren(); placeCursor(); };

  // The state to draw: the model's, or what the learner chose since (local).
  function view() {
    const { local } = state;
    const path = local ? local.path : get("path");
    const targets = local ? local.targets : get("targets");
    return { pieces: get("pieces"), path, targets, marks: get("marks"), arrows: get("arrows"), crosses: get("crosses") };
  }

  function draw(shown = view()) {
    const paint = painted();
    const { color } = paint;
    svg.replaceChildren();
    frame.setAttribute("aria-label", get("label"));
    const flipped = get("flipped");
    for (let i = 0; i < 8; i++) {
      const file = FILES[flipped ? 7 - i : i];
      const rank = String(flipped ? i + 1 : 8 - i);
      svg.append(el("text", { x: i + 1, y: 8.78, class: "damlib-coordinate", fill: color("coordinates") }, file));
      svg.append(el("text", { x: 0.22, y: i + 1.02, class: "damlib-coordinate", fill: color("coordinates") }, rank));
    }
    const marks = shown.marks || {};
    const path = shown.path || [];
    const targets = new Set(shown.targets || []);
    const over = el("g");
    for (let row = 0; row < 8; row++) {
      const line = el("g", { role: "row" });
      for (let col = 0; col < 8; col++) {
        const square = squareIn(col, row, flipped);
        const code = shown.pieces[square];
        const name = [say("square", { square, name: say(code || "empty") })];
        const cell = el("g", { role: "gridcell", id: `${uid}-${square}`, "data-square": square });
        cell.append(el("rect", { x: col + 0.5, y: row + 0.5, width: 1, height: 1, fill: color(isDark(square) ? "dark" : "light") }));
        const mark = marks[square];
        const inset = (cls, mark, extra = {}) => outlined(paint, "rect", mark, {
          class: cls, x: col + 0.56, y: row + 0.56, width: 0.88, height: 0.88, fill: "none", ...extra,
        }, cell);
        if (mark === "last") {
          cell.append(el("rect", { class: "damlib-last", x: col + 0.5, y: row + 0.5, width: 1, height: 1, fill: color("last_move") }));
          inset("damlib-last-frame", "last", { "stroke-width": 0.04, x: col + 0.52, y: row + 0.52, width: 0.96, height: 0.96 });
        }
        if (mark === "hint") { inset("damlib-hint", "hint", { "stroke-width": 0.1, "stroke-dasharray": "0.2 0.1" }); name.push(say("hint")); }
        if (mark === "excluded") {
          cell.append(el("rect", { class: "damlib-excluded", x: col + 0.5, y: row + 0.5, width: 1, height: 1, fill: `url(#${uid}-hatch)` }));
          name.push(say("excluded"));
        }
        if (path[0] === square) { inset("damlib-selected", "selected", { "stroke-width": 0.12 }); name.push(say("chosen")); }
        line.append(cell);
        if (code) over.append(piece(paint, code, square));
        const landing = path.indexOf(square, 1);
        if (landing > 0) {
          outlined(paint, "circle", "landing", { class: "damlib-landing", cx: col + 1, cy: row + 1, r: 0.17, fill: "mark" }, over, 0.05);
          over.append(el("text", { x: col + 1, y: row + 1.01, class: "damlib-number", fill: color("background") }, String(landing)));
          name.push(say("landing", { n: landing }));
        }
        if (targets.has(square)) {
          outlined(paint, "circle", "target", { class: "damlib-target", cx: col + 1, cy: row + 1, r: 0.36, fill: "none", "stroke-width": 0.09 }, over);
          name.push(say("target"));
        }
        cell.setAttribute("aria-label", name.join(", "));
      }
      svg.append(line);
    }
    const defs = el("defs");
    const hatch = el("pattern", { id: `${uid}-hatch`, width: 0.25, height: 0.25, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
    hatch.append(el("rect", { width: 0.25, height: 0.25, fill: color("excluded") }), el("line", { x1: 0, y1: 0, x2: 0, y2: 0.25, stroke: color("black_edge"), "stroke-width": 0.05 }));
    defs.append(hatch);
    svg.append(defs, el("rect", { x: 0.5, y: 0.5, width: 8, height: 8, fill: "none", stroke: color("frame"), "stroke-width": 0.05 }), over);
    const numbers = el("g");
    for (const route of shown.arrows || []) arrow(paint, route.route, route.faint, svg, numbers);
    for (const square of shown.crosses || []) cross(paint, square, svg);
    svg.append(numbers, cursorMark);
    placeCursor();
    frame.dataset.shown = Object.entries(shown.pieces).map(([s, c]) => c + s).sort().join(",");
    const size = get("size");
    host.style.width = size ? `${size}px` : "";
    host.classList.toggle("damlib-fixed", Boolean(size));
    again.hidden = !(get("animation").frames || []).length;
    speed.value = String(get("speed"));
    contrastBox.checked = get("high_contrast");
  }

  // -- animation ------------------------------------------------------------------------
  const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  async function slide([from, to], ms, token) {
    const node = svg.querySelector(`[data-piece="${from}"]`);
    if (!node || !ms) return;
    svg.append(node); // over the other pieces
    const [[ax, ay], [bx, by]] = [from, to].map(painted().at);
    const start = performance.now();
    await new Promise((done) => {
      const step = (now) => {
        if (busy !== token) return done();
        const t = Math.min(1, (now - start) / ms);
        const e = ease(t);
        node.setAttribute("transform", `translate(${ax + (bx - ax) * e} ${ay + (by - ay) * e})`);
        if (t < 1) requestAnimationFrame(step); else done();
      };
      requestAnimationFrame(step);
    });
  }

  // ``since``: when the click that called for this move was made, to measure what the learner
  // waits for (the first frame, the board settled), as performance entries the browser test reads
  async function animate(animation, since = null) {
    const token = {};
    busy = token;
    frame.dataset.animating = "true";
    const { moving, slide: ms, pause } = timing(Number(get("speed")), reduced());
    if (since !== null) performance.measure("damlib:first-frame", { start: since });
    if (moving) {
      const [before, ...after] = scenes(animation);
      draw(before.board);
      for (const scene of after) {
        if (scene.slide) await slide(scene.slide, ms, token);
        if (busy !== token) return;
        draw(scene.board);
        await sleep(pause);
        if (busy !== token) return;
      }
    }
    busy = null;
    frame.dataset.animating = "false";
    if (state.cursor && animation.follow) state.cursor = animation.follow; // where the learner's piece went
    draw();
    if (since !== null) performance.measure("damlib:settled", { start: since });
  }
  const settle = () => { if (busy) { busy = null; frame.dataset.animating = "false"; } };

  // -- the kernel -----------------------------------------------------------------------
  // The model is no longer joined to its kernel: the widget manager marks every widget's element
  // so (ipywidgets' "jupyter-widgets-disconnected", drawn as a broken link); the board says so in
  // words once, and takes no more clicks or keys.
  const disconnected = () => Boolean(host.closest(".jupyter-widgets-disconnected"));
  const playable = () => get("interactive") && !disconnected();
  let silent = null; // the timer of a click not answered yet
  const watchConnection = () => {
    const off = disconnected();
    offline.textContent = say(off ? "offline" : "no-answer");
    offline.hidden = !off && silent !== "late";
    root.classList.toggle("damlib-offline", off);
  };
  // A kernel that stopped under an open page leaves the model looking joined: every click sent is
  // answered (board.py), so one that is not, in time, says the board may be without its kernel.
  const unanswered = () => {
    silent = "late";
    state.local = null; // what was chosen without an answer is not shown as if it stood
    draw();
    watchConnection();
  };
  const send = (message) => {
    clearTimeout(silent);
    silent = setTimeout(unanswered, NO_ANSWER_MS);
    try {
      model.send(message);
    } catch (error) { // no channel to the kernel left at all
      clearTimeout(silent);
      unanswered();
    }
  };
  const answered = () => {
    const late = silent === "late";
    clearTimeout(silent);
    silent = null;
    if (late) watchConnection();
  };
  const connection = new MutationObserver(watchConnection);
  let focusInside = false;
  let keepFocus = () => {};
  const attach = (tries = 0) => {
    if (!host.isConnected) {
      if (tries < 200) requestAnimationFrame(() => attach(tries + 1));
      return;
    }
    for (let node = host; node && node !== document.body; node = node.parentElement) {
      connection.observe(node, { attributes: true, attributeFilter: ["class"] });
    }
    const widget = host.closest(".damlib-widget") || root;
    // JupyterLab's notebook keys (arrows, Enter) stop at this attribute: every control of the
    // widget keeps them, as the board does
    widget.dataset.lmSuppressShortcuts = "true";
    // focus in the widget: Chrome fires nothing when a focused button is disabled (Next level,
    // on the level it opened), so each redraw looks whether focus fell out of the widget
    widget.addEventListener("focusin", () => { focusInside = true; });
    document.addEventListener("focusin", (event) => { if (!widget.contains(event.target)) focusInside = false; });
    keepFocus = () => {
      const now = document.activeElement;
      if (focusInside && playable() && (!now || now === document.body || now.disabled)) frame.focus({ preventScroll: true });
    };
    watchConnection();
  };
  attach();

  // What a screen reader hears as a piece or a landing is chosen, at once (the kernel's answer
  // comes after).
  const tell = (text) => { live.textContent = text; };
  listen({ frame, svg, get, state, draw, placeCursor, tell, say, send, settle, playable });

  again.addEventListener("click", () => { tell(get("animation").said || ""); animate(get("animation")); });
  read.addEventListener("click", () => tell(get("overview")));
  speed.addEventListener("change", () => { model.set("speed", Number(speed.value)); model.save_changes(); });
  contrastBox.addEventListener("change", () => { model.set("high_contrast", contrastBox.checked); model.save_changes(); });
  model.on("change:high_contrast", recolourCursor);

  model.on("change:labels", () => { label(); watchConnection(); });
  // only a new announcement replaces what was said (a change of the pieces alone says nothing)
  model.on("change:announce", () => tell(get("announce")));
  model.on("msg:custom", (message) => { if (message && message.answered) answered(); });
  model.on("change", () => {
    setTimeout(() => keepFocus(), 50); // once the other controls of the widget have changed too
    state.local = null;
    const animation = get("animation");
    const since = state.pending;
    if (state.pending !== null) {
      performance.measure("damlib:update", { start: state.pending });
      state.pending = null;
    }
    if (animation.id && animation.id !== lastAnimation) {
      lastAnimation = animation.id;
      animate(animation, since);
    } else if (!busy) draw();
  });
  // What the static site keeps of the board as a lesson is saved (its page has no server to do it,
  // damlib/widgets/saved.py: tools/site_saving.js asks): the board as it is now, standing alone as
  // an SVG image (the page's CSS does not follow it there), its text alternative and the note to
  // run the cell again, in the board's language.
  host.damlibPicture = () => {
    const copy = svg.cloneNode(true);
    copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
    const texts = svg.querySelectorAll("text");
    copy.querySelectorAll("text").forEach((text, i) => {
      const style = getComputedStyle(texts[i]);
      for (const name of ["font-family", "font-size", "font-weight", "dominant-baseline", "text-anchor"]) {
        text.setAttribute(name, style.getPropertyValue(name));
      }
    });
    copy.querySelectorAll(".damlib-cursor").forEach((mark) => mark.remove());
    const alt = say("picture-alt", { board: get("label"), position: get("overview") });
    return { svg: new XMLSerializer().serializeToString(copy), alt, note: say("saved") };
  };
  lastAnimation = get("animation").id || 0;
  tell(get("announce"));
  draw();
  watchConnection();
  return () => { busy = null; clearTimeout(silent); connection.disconnect(); };
}

export default { render };
