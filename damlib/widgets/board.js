// damlib's board: an SVG board drawn from the model's state, in the diagrams' style.
// Python (damlib/widgets/board.py) says what is on the board and what is legal; this module
// highlights at once, animates moves frame by frame, and forwards clicks, drags and keys.
const NS = "http://www.w3.org/2000/svg";
const FILES = "abcdefgh";
const SLIDE_MS = 320; // one jump at speed 1
const PAUSE_MS = 260; // a frame held, so that a piece taken is seen before it goes
const NO_ANSWER_MS = 8000; // a click the kernel has not answered by then: it may have stopped
// The words shown and read out come from Python (the model's "labels", in the language damlib
// speaks): a piece's name by its code, the parts of a square's name, the bar's labels.

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const el = (tag, attrs = {}, text) => {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
};

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

  // What the learner has chosen since the last word from Python: shown at once, no round trip.
  let local = null;
  let cursor = null; // the keyboard's square
  let busy = null; // the animation running: a token that a newer one replaces
  let drag = null;
  let lastAnimation = 0;
  let pending = null; // when the click the kernel has not yet answered was made (performance.now())
  const uid = `damlib-${Math.random().toString(36).slice(2, 8)}`; // ids unique on the page

  const at = (square) => {
    let file = FILES.indexOf(square[0]);
    let rank = Number(square[1]) - 1;
    if (get("flipped")) [file, rank] = [7 - file, 7 - rank];
    return [file + 1, 8 - rank]; // the centre, in board units, a margin of 0.5 around
  };
  const squareAt = (event) => {
    const box = svg.getBoundingClientRect();
    const x = Math.floor(((event.clientX - box.left) / box.width) * 9 - 0.5);
    const y = Math.floor(((event.clientY - box.top) / box.height) * 9 - 0.5);
    if (x < 0 || x > 7 || y < 0 || y > 7) return null;
    const [file, rank] = get("flipped") ? [7 - x, y] : [x, 7 - y];
    return FILES[file] + (rank + 1);
  };
  const dark = (square) => (FILES.indexOf(square[0]) + Number(square[1])) % 2 === 1;
  const style = () => get("look");
  const color = (name) => (get("high_contrast") ? style().contrast[name] : undefined) || style().palette[name];
  // a mark's two tones: its colour, and the outline that sets it off from either square colour
  const tones = (mark) => (style().marks[mark] || [mark]).map(color);
  // ``shape`` drawn twice: in the outline's tone, a little wider, then in the mark's colour
  const outlined = (tag, mark, attrs, layer, wide = 0.06) => {
    const [main, edge] = tones(mark);
    const width = Number(attrs["stroke-width"] || 0);
    const filled = attrs.fill && attrs.fill !== "none";
    layer.append(el(tag, { ...attrs, class: `${attrs.class}-edge`, fill: filled ? edge : "none", stroke: edge,
                          "stroke-width": width + wide, "stroke-dasharray": attrs["stroke-dasharray"] || "none" }));
    layer.append(el(tag, { ...attrs, fill: filled ? main : "none", stroke: filled ? "none" : main }));
  };

  function piece(code, square) {
    const [x, y] = at(square);
    const white = code.toLowerCase() === "w";
    const g = el("g", { class: "damlib-piece", "data-piece": square, transform: `translate(${x} ${y})` });
    const face = color(white ? "white" : "black");
    const edge = color(white ? "white_edge" : "black_edge");
    g.append(el("circle", { r: 0.4, fill: face, stroke: edge, "stroke-width": 0.045 }));
    if (code === code.toUpperCase()) {
      const crown = style().crown.map(([px, py]) => `${px},${-py}`).join(" ");
      g.append(el("polygon", { points: crown, fill: color("crown"), stroke: edge, "stroke-width": 0.03 }));
      for (const [px, py] of style().crown_tips) {
        g.append(el("circle", { cx: px, cy: -py, r: 0.05, fill: color("crown"), stroke: edge, "stroke-width": 0.02 }));
      }
    } else {
      g.append(el("circle", { r: 0.28, fill: "none", stroke: color("ring_" + (white ? "white" : "black")), "stroke-width": 0.035 }));
    }
    return g;
  }

  // Whether two legs lie on one line and share a stretch of it (diagram.py's _overlap).
  function overlap(one, [[ax, ay], [bx, by]]) {
    const [dx, dy] = [bx - ax, by - ay];
    if (one.some(([px, py]) => Math.abs((px - ax) * dy - (py - ay) * dx) > 1e-9)) return false;
    const t = one.map(([px, py]) => ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)).sort((p, q) => p - q);
    return t[1] > 1e-9 && t[0] < 1 - 1e-9;
  }

  // A route's arrows go on ``layer``; its landing numbers on ``numbers``, drawn last, so no arrow
  // or cross hides one. A leg that runs back over an earlier one goes beside it, as in the
  // pictures, so a turn back reads as one.
  function arrow(route, faint, layer, numbers) {
    const points = route.map(at);
    const legs = points.slice(1).map((b, i) => [points[i], b]).filter(([a, b]) => a[0] !== b[0] || a[1] !== b[1]);
    const g = el("g", { class: faint ? "damlib-ahead" : "damlib-route", opacity: faint ? 0.3 : 1 });
    legs.forEach(([a, b], i) => {
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const [ux, uy] = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
      const beside = 0.2 * legs.slice(0, i).filter((leg) => overlap([a, b], leg)).length;
      let [ax, ay] = [a[0] - uy * beside, a[1] + ux * beside];
      const [bx, by] = [b[0] - uy * beside, b[1] + ux * beside];
      if (i === 0 && length > 0.7) [ax, ay] = [ax + ux * 0.4, ay + uy * 0.4];
      const [len, neck] = [Math.hypot(bx - ax, by - ay), Math.hypot(bx - ax, by - ay) - Math.min(0.34, length)];
      const angle = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
      const shape = `-0.075,-0.075 ${neck},-0.075 ${neck},-0.22 ${len},0 ${neck},0.22 ${neck},0.075 -0.075,0.075`;
      g.append(el("polygon", { points: shape, fill: color("arrow"), transform: `translate(${ax} ${ay}) rotate(${angle})` }));
      if (legs.length > 1) {
        const n = el("g", { class: "damlib-landing-number", opacity: faint ? 0.3 : 1 });
        n.append(el("circle", { cx: bx + 0.27, cy: by + 0.27, r: 0.2, fill: color("background"), stroke: color("arrow"), "stroke-width": 0.04 }));
        n.append(el("text", { x: bx + 0.27, y: by + 0.28, class: "damlib-number", fill: color("arrow") }, String(i + 1)));
        numbers.append(n);
      }
    });
    layer.append(g);
  }

  function cross(square, layer) {
    const [x, y] = at(square);
    const t = 0.07, a = 0.36;
    const plus = [[t, t], [t, a], [-t, a], [-t, t], [-a, t], [-a, -t], [-t, -t], [-t, -a], [t, -a], [t, -t], [a, -t], [a, t]];
    outlined("polygon", "cross", {
      class: "damlib-cross", "data-crossed": square, points: plus.map((p) => p.join(",")).join(" "), fill: "mark",
      "stroke-width": 0.02, transform: `translate(${x} ${y}) rotate(45)`,
    }, layer);
  }

  // The keyboard's cursor: four corner brackets, told apart from the hint's dashed frame by shape;
  // moved by the arrows without drawing the squares again, so a screen reader keeps the same cells
  const cursorMark = el("g", { class: "damlib-cursor" });
  const bracket = "M -0.44 -0.2 L -0.44 -0.44 L -0.2 -0.44 M 0.2 -0.44 L 0.44 -0.44 L 0.44 -0.2 " +
                  "M 0.44 0.2 L 0.44 0.44 L 0.2 0.44 M -0.2 0.44 L -0.44 0.44 L -0.44 0.2";
  function placeCursor() {
    if (!cursorMark.firstChild) {
      const [main, edge] = tones("cursor");
      cursorMark.append(el("path", { d: bracket, fill: "none", stroke: edge, "stroke-width": 0.16, "stroke-linecap": "square" }),
                        el("path", { d: bracket, fill: "none", stroke: main, "stroke-width": 0.09, "stroke-linecap": "square" }));
    }
    cursorMark.style.display = cursor ? "" : "none";
    if (!cursor) { frame.removeAttribute("aria-activedescendant"); return; }
    const [x, y] = at(cursor);
    cursorMark.setAttribute("transform", `translate(${x} ${y})`);
    frame.setAttribute("aria-activedescendant", `${uid}-${cursor}`);
  }
  // the mark's tones follow high contrast
  const recolourCursor = () => { cursorMark.replaceChildren(); placeCursor(); };

  // The state to draw: the model's, or what the learner chose since (local).
  function view() {
    const path = local ? local.path : get("path");
    const targets = local ? local.targets : get("targets");
    return { pieces: get("pieces"), path, targets, marks: get("marks"), arrows: get("arrows"), crosses: get("crosses") };
  }

  function draw(state = view()) {
    svg.replaceChildren();
    frame.setAttribute("aria-label", get("label"));
    const flipped = get("flipped");
    for (let i = 0; i < 8; i++) {
      const file = FILES[flipped ? 7 - i : i];
      const rank = String(flipped ? i + 1 : 8 - i);
      svg.append(el("text", { x: i + 1, y: 8.78, class: "damlib-coordinate", fill: color("coordinates") }, file));
      svg.append(el("text", { x: 0.22, y: i + 1.02, class: "damlib-coordinate", fill: color("coordinates") }, rank));
    }
    const marks = state.marks || {};
    const path = state.path || [];
    const targets = new Set(state.targets || []);
    const over = el("g");
    for (let row = 0; row < 8; row++) {
      const line = el("g", { role: "row" });
      for (let col = 0; col < 8; col++) {
        const square = flipped ? FILES[7 - col] + (row + 1) : FILES[col] + (8 - row);
        const code = state.pieces[square];
        const name = [say("square", { square, name: say(code || "empty") })];
        const cell = el("g", { role: "gridcell", id: `${uid}-${square}`, "data-square": square });
        cell.append(el("rect", { x: col + 0.5, y: row + 0.5, width: 1, height: 1, fill: color(dark(square) ? "dark" : "light") }));
        const mark = marks[square];
        const inset = (cls, mark, extra = {}) => outlined("rect", mark, {
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
        if (code) over.append(piece(code, square));
        const landing = path.indexOf(square, 1);
        if (landing > 0) {
          outlined("circle", "landing", { class: "damlib-landing", cx: col + 1, cy: row + 1, r: 0.17, fill: "mark" }, over, 0.05);
          over.append(el("text", { x: col + 1, y: row + 1.01, class: "damlib-number", fill: color("background") }, String(landing)));
          name.push(say("landing", { n: landing }));
        }
        if (targets.has(square)) {
          outlined("circle", "target", { class: "damlib-target", cx: col + 1, cy: row + 1, r: 0.36, fill: "none", "stroke-width": 0.09 }, over);
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
    for (const route of state.arrows || []) arrow(route.route, route.faint, svg, numbers);
    for (const square of state.crosses || []) cross(square, svg);
    svg.append(numbers, cursorMark);
    placeCursor();
    frame.dataset.shown = Object.entries(state.pieces).map(([s, c]) => c + s).sort().join(",");
    const size = get("size");
    host.style.width = size ? `${size}px` : "";
    host.classList.toggle("damlib-fixed", Boolean(size));
    again.hidden = !(get("animation").frames || []).length;
    speed.value = String(get("speed"));
    contrastBox.checked = get("high_contrast");
  }

  // -- animation ------------------------------------------------------------------------
  const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  async function slide(from, to, ms, token) {
    const node = svg.querySelector(`[data-piece="${from}"]`);
    if (!node || !ms || from === to) return; // from === to: the frame in which jumped pieces go
    svg.append(node); // over the other pieces
    const [[ax, ay], [bx, by]] = [at(from), at(to)];
    const start = performance.now();
    await new Promise((done) => {
      const step = (now) => {
        if (busy !== token) return done();
        const t = Math.min(1, (now - start) / ms);
        const e = t < 0.5 ? 2 * t * t : 1 - (2 - 2 * t) ** 2 / 2;
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
    const rate = Number(get("speed"));
    const moving = rate > 0;
    const ms = moving && !reduced() ? SLIDE_MS / rate : 0;
    const pause = moving ? PAUSE_MS / rate : 0;
    if (since !== null) performance.measure("damlib:first-frame", { start: since });
    if (moving) {
      draw({ pieces: animation.start, marks: {}, arrows: [], crosses: [] });
      for (const step of animation.frames) {
        await slide(step.start, step.end, ms, token);
        if (busy !== token) return;
        draw({ pieces: step.pieces, marks: { [step.end]: "last" }, arrows: [], crosses: step.taken });
        await sleep(pause);
        if (busy !== token) return;
      }
    }
    busy = null;
    frame.dataset.animating = "false";
    if (cursor && animation.follow) cursor = animation.follow; // where the learner's piece went
    draw();
    if (since !== null) performance.measure("damlib:settled", { start: since });
  }
  const settle = () => { if (busy) { busy = null; frame.dataset.animating = "false"; } };

  // -- input ----------------------------------------------------------------------------
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
    local = null; // what was chosen without an answer is not shown as if it stood
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
  const named = (squares) => squares.join(", ");

  function choose(square) {
    settle();
    if (!playable()) return;
    const t0 = performance.now();
    const path = local ? local.path : get("path");
    const targets = local ? local.targets : get("targets");
    const moves = get("moves");
    if (targets.includes(square)) local = { path: [...path, square], targets: [] };
    else if (square in moves && path[0] !== square) local = { path: [square], targets: moves[square] };
    else local = { path: [], targets: [] };
    if (local.path.length === 1) {
      tell(local.targets.length ? say("chose", { square, targets: named(local.targets) }) : say("chose-nowhere", { square }));
    }
    draw();
    performance.measure("damlib:highlight", { start: t0 });
    pending = t0;
    send({ event: "click", square });
  }

  frame.addEventListener("pointerdown", (event) => {
    const square = squareAt(event);
    // the mouse or a finger now: the keyboard's cursor is not drawn until a key is pressed again
    frame.dataset.input = "pointer";
    if (cursor) { cursor = null; draw(); }
    if (!square || !playable()) return;
    frame.focus({ preventScroll: true, focusVisible: false }); // keys work on; no keyboard cursor shown
    drag = { from: square, x: event.clientX, y: event.clientY, moved: false, piece: get("pieces")[square] };
    frame.setPointerCapture(event.pointerId);
  });
  frame.addEventListener("pointermove", (event) => {
    if (!drag || !drag.piece) return;
    if (!drag.moved && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 6) return;
    drag.moved = true;
    const node = svg.querySelector(`[data-piece="${drag.from}"]`);
    if (!node) return;
    svg.append(node);
    const box = svg.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 9;
    const y = ((event.clientY - box.top) / box.height) * 9;
    node.setAttribute("transform", `translate(${x} ${y})`);
  });
  frame.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const { from, moved } = drag;
    drag = null;
    const to = squareAt(event);
    if (!moved || !to || to === from) return choose(from);
    settle();
    local = { path: [from, to], targets: [] };
    draw();
    pending = performance.now();
    send({ event: "drag", from, to });
  });
  frame.addEventListener("pointercancel", () => { drag = null; draw(); });

  frame.addEventListener("keydown", (event) => {
    if (!playable()) return;
    frame.dataset.input = "keys";
    const flip = get("flipped") ? -1 : 1;
    const steps = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (event.key in steps) {
      const [df, dr] = steps[event.key];
      const now = cursor || (get("path")[0] || (get("flipped") ? "h8" : "a1"));
      const file = Math.max(0, Math.min(7, FILES.indexOf(now[0]) + df * flip));
      const rank = Math.max(1, Math.min(8, Number(now[1]) + dr * flip));
      cursor = FILES[file] + rank;
      placeCursor();
    } else if ((event.key === "Enter" || event.key === " ") && cursor) {
      choose(cursor);
    } else if (event.key === "p" || event.key === "P") {
      tell(get("overview"));
    } else if (event.key === "m" || event.key === "M") {
      tell(get("movable"));
    } else if (event.key === "Escape") {
      local = { path: [], targets: [] };
      tell(say("cancelled"));
      draw();
      send({ event: "cancel" });
    } else return;
    event.preventDefault();
    event.stopPropagation();
  });
  frame.addEventListener("focus", () => {
    if (!cursor && frame.dataset.input !== "pointer") { cursor = get("path")[0] || (get("flipped") ? "h8" : "a1"); draw(); }
  });
  frame.addEventListener("blur", () => { cursor = null; draw(); });
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
    local = null;
    const animation = get("animation");
    const since = pending;
    if (pending !== null) {
      performance.measure("damlib:update", { start: pending });
      pending = null;
    }
    if (animation.id && animation.id !== lastAnimation) {
      lastAnimation = animation.id;
      animate(animation, since);
    } else if (!busy) draw();
  });
  lastAnimation = get("animation").id || 0;
  tell(get("announce"));
  draw();
  watchConnection();
  return () => { busy = null; clearTimeout(silent); connection.disconnect(); };
}

export default { render };
