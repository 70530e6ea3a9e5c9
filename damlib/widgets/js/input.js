// What the learner does: a click, a drag or a key chooses squares; the choice is shown at once,
// with no round trip, and sent to Python (damlib/widgets/board.py), which answers with the board.
import { FILES, squareAt } from "./squares.js";

// What a click on ``square`` makes of the squares ``chosen`` so far (``path``: the piece, then
// its landings; ``targets``: where it may go next), given ``moves`` (each piece that may move →
// where its first step or jump lands): a target is a landing more; a piece that may move, not
// chosen already, is chosen, its landings the targets; any other square drops the choice.
export function choose({ path, targets }, moves, square) {
  if (targets.includes(square)) return { path: [...path, square], targets: [] };
  if (square in moves && path[0] !== square) return { path: [square], targets: moves[square] };
  return { path: [], targets: [] };
}

// What a screen reader hears of a choice, as a key of the model's labels and its fields: the
// piece chosen and where it may go; nothing for a landing or a choice dropped.
export function told({ path, targets }) {
  if (path.length !== 1) return null;
  const square = path[0];
  return targets.length ? ["chose", { square, targets: targets.join(", ") }] : ["chose-nowhere", { square }];
}

// Where the keyboard's cursor starts: on the piece chosen, else in the learner's lower left corner.
export const home = (path, flipped) => path[0] || (flipped ? "h8" : "a1");

const STEPS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

// Where an arrow key moves the cursor from ``square``, as the learner sees the board (flipped,
// up is towards rank 1); it stays at the edge. null for another key.
export function cursorStep(square, key, flipped) {
  if (!(key in STEPS)) return null;
  const [df, dr] = STEPS[key].map((d) => d * (flipped ? -1 : 1));
  const file = Math.max(0, Math.min(7, FILES.indexOf(square[0]) + df));
  const rank = Math.max(1, Math.min(8, Number(square[1]) + dr));
  return FILES[file] + rank;
}

// Where ``event`` points, in board units.
function pointAt(event, svg) {
  const box = svg.getBoundingClientRect();
  return [((event.clientX - box.left) / box.width) * 9, ((event.clientY - box.top) / box.height) * 9];
}

// The listeners of ``ui`` (damlib/widgets/js/board.js): its ``frame`` and ``svg``, the model's
// values (``get``), what is chosen since Python last drew (``state.local``), the cursor
// (``state.cursor``), ``draw``, ``placeCursor``, ``tell``, ``say``, ``send``, ``settle`` (stop an
// animation), ``playable``, and ``state.pending``: when the click not answered yet was made.
export function listen(ui) {
  const { frame, svg, get, state } = ui;
  let drag = null;
  const at = (event) => squareAt(pointAt(event, svg), get("flipped"));

  function click(square) {
    ui.settle();
    if (!ui.playable()) return;
    const t0 = performance.now();
    state.local = choose(state.local || { path: get("path"), targets: get("targets") }, get("moves"), square);
    const words = told(state.local);
    if (words) ui.tell(ui.say(...words));
    ui.draw();
    performance.measure("damlib:highlight", { start: t0 });
    state.pending = t0;
    ui.send({ event: "click", square });
  }

  frame.addEventListener("pointerdown", (event) => {
    const square = at(event);
    // the mouse or a finger now: the keyboard's cursor is not drawn until a key is pressed again
    frame.dataset.input = "pointer";
    if (state.cursor) { state.cursor = null; ui.draw(); }
    if (!square || !ui.playable()) return;
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
    const [x, y] = pointAt(event, svg);
    node.setAttribute("transform", `translate(${x} ${y})`);
  });
  frame.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const { from, moved } = drag;
    drag = null;
    const to = at(event);
    if (!moved || !to || to === from) return click(from);
    ui.settle();
    state.local = { path: [from, to], targets: [] };
    ui.draw();
    state.pending = performance.now();
    ui.send({ event: "drag", from, to });
  });
  frame.addEventListener("pointercancel", () => { drag = null; ui.draw(); });

  frame.addEventListener("keydown", (event) => {
    if (!ui.playable()) return;
    frame.dataset.input = "keys";
    const next = cursorStep(state.cursor || home(get("path"), get("flipped")), event.key, get("flipped"));
    if (next) {
      state.cursor = next;
      ui.placeCursor();
    } else if ((event.key === "Enter" || event.key === " ") && state.cursor) {
      click(state.cursor);
    } else if (event.key === "p" || event.key === "P") {
      ui.tell(get("overview"));
    } else if (event.key === "m" || event.key === "M") {
      ui.tell(get("movable"));
    } else if (event.key === "Escape") {
      state.local = { path: [], targets: [] };
      ui.tell(ui.say("cancelled"));
      ui.draw();
      ui.send({ event: "cancel" });
    } else return;
    event.preventDefault();
    event.stopPropagation();
  });
  frame.addEventListener("focus", () => {
    if (!state.cursor && frame.dataset.input !== "pointer") { state.cursor = home(get("path"), get("flipped")); ui.draw(); }
  });
  frame.addEventListener("blur", () => { state.cursor = null; ui.draw(); });
}
