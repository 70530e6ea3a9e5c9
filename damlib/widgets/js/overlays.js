// What is drawn over the squares and pieces: the marks, outlined in two tones; a route's arrows
// and landing numbers; the cross on a piece taken; the keyboard's cursor.
import { el } from "./svg.js";

// ``attrs`` drawn twice on ``layer``: in the outline's tone of ``mark``, ``wide`` wider, then in
// the mark's colour; ``fill: "mark"`` fills the shape, stroked otherwise
export function outlined(paint, tag, mark, attrs, layer, wide = 0.06) {
  const [main, edge] = paint.tones(mark);
  const width = Number(attrs["stroke-width"] || 0);
  const filled = attrs.fill && attrs.fill !== "none";
  layer.append(el(tag, { ...attrs, class: `${attrs.class}-edge`, fill: filled ? edge : "none", stroke: edge,
                        "stroke-width": width + wide, "stroke-dasharray": attrs["stroke-dasharray"] || "none" }));
  layer.append(el(tag, { ...attrs, fill: filled ? main : "none", stroke: filled ? "none" : main }));
}

// Whether the leg ``one`` lies on the line of ``other`` and shares a stretch of it, more than a
// point (diagram.py's _overlap).
export function overlap(one, [[ax, ay], [bx, by]]) {
  const [dx, dy] = [bx - ax, by - ay];
  if (one.some(([px, py]) => Math.abs((px - ax) * dy - (py - ay) * dx) > 1e-9)) return false;
  const t = one.map(([px, py]) => ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)).sort((p, q) => p - q);
  return t[1] > 1e-9 && t[0] < 1 - 1e-9;
}

// The arrows of a route through ``points`` (the squares' centres), as diagram.py's _legs draws
// them: the first from the edge of the piece that moves (``look.man_radius``), so its crown
// shows; a leg that runs back over an earlier one ``look.beside`` beside it, for each it runs
// over, so a turn back reads as one.
export function legs(points, look) {
  const pairs = points.slice(1).map((b, i) => [points[i], b]).filter(([a, b]) => a[0] !== b[0] || a[1] !== b[1]);
  return pairs.map(([a, b], i) => {
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const [ux, uy] = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
    const beside = look.beside * pairs.slice(0, i).filter((leg) => overlap([a, b], leg)).length;
    let start = [a[0] - uy * beside, a[1] + ux * beside];
    const end = [b[0] - uy * beside, b[1] + ux * beside];
    if (i === 0 && length > look.man_radius + 0.3) start = [start[0] + ux * look.man_radius, start[1] + uy * look.man_radius];
    return { start, end };
  });
}

// The outline of an arrow ``len`` long along the x axis, its point at ``len``, in the look's sizes
// (``arrow_shaft`` and ``arrow_head``, half their widths; ``arrow_head_length``, at most the
// arrow's), as diagram.py's _arrow draws it: the shaft starts a little behind 0, to cover the joint
// with the leg before.
export function arrowShape(len, look) {
  const [shaft, head] = [look.arrow_shaft, look.arrow_head];
  const neck = len - Math.min(look.arrow_head_length, len);
  return [[-shaft, -shaft], [neck, -shaft], [neck, -head], [len, 0], [neck, head], [neck, shaft], [-shaft, shaft]];
}

// A route's arrows go on ``layer``; its landing numbers on ``numbers``, drawn last, so that no
// arrow or cross hides one.
export function arrow(paint, route, faint, layer, numbers) {
  const { color, look } = paint;
  const drawn = legs(route.map(paint.at), look);
  const g = el("g", { class: faint ? "damlib-ahead" : "damlib-route", opacity: faint ? 0.3 : 1 });
  drawn.forEach(({ start: [ax, ay], end: [bx, by] }, i) => {
    const shape = arrowShape(Math.hypot(bx - ax, by - ay), look).map((p) => p.join(",")).join(" ");
    const angle = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
    g.append(el("polygon", { points: shape, fill: color("arrow"), transform: `translate(${ax} ${ay}) rotate(${angle})` }));
    if (drawn.length > 1) {
      // in the landing square's lower right corner, as in the diagrams
      const n = el("g", { class: "damlib-landing-number", opacity: faint ? 0.3 : 1 });
      n.append(el("circle", { cx: bx + 0.27, cy: by + 0.27, r: look.landing_radius, fill: color("background"),
                              stroke: color("arrow"), "stroke-width": 0.04 }));
      n.append(el("text", { x: bx + 0.27, y: by + 0.28, class: "damlib-number", fill: color("arrow") }, String(i + 1)));
      numbers.append(n);
    }
  });
  layer.append(g);
}

// A cross on a piece taken.
export function cross(paint, square, layer) {
  const [x, y] = paint.at(square);
  const t = 0.07, a = 0.36;
  const plus = [[t, t], [t, a], [-t, a], [-t, t], [-a, t], [-a, -t], [-t, -t], [-t, -a], [t, -a], [t, -t], [a, -t], [a, t]];
  outlined(paint, "polygon", "cross", {
    class: "damlib-cross", "data-crossed": square, points: plus.map((p) => p.join(",")).join(" "), fill: "mark",
    "stroke-width": 0.02, transform: `translate(${x} ${y}) rotate(45)`,
  }, layer);
}

// The keyboard's cursor: four corner brackets, told apart from the hint's dashed frame by shape.
const BRACKET = "M -0.44 -0.2 L -0.44 -0.44 L -0.2 -0.44 M 0.2 -0.44 L 0.44 -0.44 L 0.44 -0.2 " +
                "M 0.44 0.2 L 0.44 0.44 L 0.2 0.44 M -0.2 0.44 L -0.44 0.44 L -0.44 0.2";
export function cursorShape(paint) {
  const [main, edge] = paint.tones("cursor");
  return [el("path", { d: BRACKET, fill: "none", stroke: edge, "stroke-width": 0.16, "stroke-linecap": "square" }),
          el("path", { d: BRACKET, fill: "none", stroke: main, "stroke-width": 0.09, "stroke-linecap": "square" })];
}
