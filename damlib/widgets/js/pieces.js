// The pieces, as the diagrams draw them: a disc with a ring for a man, with a crown for a king
// (the sizes and the crown's outline are damlib/drawing/look.py's, sent in the look).
import { el } from "./svg.js";

// ``code``: "w", "b" a White or Black man, "W", "B" a king.
export function piece(paint, code, square) {
  const { look, color } = paint;
  const [x, y] = paint.at(square);
  const white = code.toLowerCase() === "w";
  const g = el("g", { class: "damlib-piece", "data-piece": square, transform: `translate(${x} ${y})` });
  const edge = color(white ? "white_edge" : "black_edge");
  g.append(el("circle", { r: look.man_radius, fill: color(white ? "white" : "black"), stroke: edge, "stroke-width": look.edge.man }));
  if (code === code.toUpperCase()) {
    // the look's y runs upwards, as in the diagrams
    const crown = look.crown.map(([px, py]) => `${px},${-py}`).join(" ");
    g.append(el("polygon", { points: crown, fill: color("crown"), stroke: edge, "stroke-width": look.edge.crown }));
    for (const [px, py] of look.crown_tips) {
      g.append(el("circle", { cx: px, cy: -py, r: look.crown_tip_radius, fill: color("crown"), stroke: edge,
                              "stroke-width": look.edge.crown }));
    }
  } else {
    const ring = color("ring_" + (white ? "white" : "black"));
    g.append(el("circle", { r: look.ring_radius, fill: "none", stroke: ring, "stroke-width": look.edge.ring }));
  }
  return g;
}
