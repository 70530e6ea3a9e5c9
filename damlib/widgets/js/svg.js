// The SVG elements the board is made of, and the paint they are drawn with.
import { center } from "./squares.js";

const NS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// What the board is drawn with, from the model's ``look`` (damlib/widgets/board.py sends the
// palettes, the marks' tones and the shapes' sizes of damlib/drawing/look.py): ``at`` a square's
// centre; ``color`` a colour by its name, the high-contrast one where there is one; ``tones`` a
// mark's two tones, its colour and the outline that sets it off from either square colour.
export function painter(look, { highContrast, flipped }) {
  const color = (name) => (highContrast ? look.contrast[name] : undefined) || look.palette[name];
  return {
    look,
    color,
    tones: (mark) => (look.marks[mark] || [mark]).map(color),
    at: (square) => center(square, flipped),
  };
}
