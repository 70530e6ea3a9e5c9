// A route's arrows, drawn as the diagrams draw them: from the edge of the piece that moves, and a
// leg that runs back over an earlier one beside it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { center } from "../../damlib/widgets/js/squares.js";
import { arrowShape, legs, overlap } from "../../damlib/widgets/js/overlays.js";

const at = (square) => center(square, false);
const near = (actual, expected) =>
  assert.ok(actual.every((v, i) => Math.abs(v - expected[i]) < 1e-9), `${actual} is not ${expected}`);

test("legs on one line that share a stretch overlap; legs that only meet, or cross, do not", () => {
  const [c3, e5, d4, g7, a1] = ["c3", "e5", "d4", "g7", "a1"].map(at);
  assert.equal(overlap([e5, d4], [c3, e5]), true); // back over half of it
  assert.equal(overlap([c3, g7], [d4, e5]), true); // over all of it
  assert.equal(overlap([c3, e5], [a1, c3]), false); // on one line, meeting at c3 only
  assert.equal(overlap([at("a3"), at("c5")], [a1, c3]), false); // side by side
  assert.equal(overlap([at("b4"), at("d2")], [a1, c3]), false); // crossing at c3
});

test("a capture's first arrow starts at the edge of the piece, the next at its landing", () => {
  // German: the man on e3 takes d4, then b6 (e3-c5-a7)
  const look = { man_radius: 0.4, beside: 0.2 };
  const [first, second] = legs(["e3", "c5", "a7"].map(at), look);
  const [e3, c5, a7] = ["e3", "c5", "a7"].map(at);
  const unit = Math.SQRT1_2; // a diagonal step of one square is √2 long
  near(first.start, [e3[0] - 0.4 * unit, e3[1] - 0.4 * unit]);
  near(first.end, c5);
  near(second.start, c5);
  near(second.end, a7);
});

test("the piece's radius is the look's", () => {
  const [first] = legs(["e3", "c5"].map(at), { man_radius: 0.25, beside: 0.2 });
  near(first.start, [at("e3")[0] - 0.25 * Math.SQRT1_2, at("e3")[1] - 0.25 * Math.SQRT1_2]);
});

test("a leg back over an earlier one goes the look's distance beside it, and keeps its length", () => {
  const look = { man_radius: 0.4, beside: 0.3 };
  const [, back] = legs(["c3", "f6", "d4"].map(at), look);
  const [f6, d4] = ["f6", "d4"].map(at);
  const shift = [back.start[0] - f6[0], back.start[1] - f6[1]];
  assert.ok(Math.abs(Math.hypot(...shift) - 0.3) < 1e-9);
  near([back.end[0] - d4[0], back.end[1] - d4[1]], shift);
  // at right angles to the leg
  assert.ok(Math.abs(shift[0] * (d4[0] - f6[0]) + shift[1] * (d4[1] - f6[1])) < 1e-9);
});

test("a route that stands still on a square draws no arrow there", () => {
  assert.equal(legs(["c3", "c3", "d4"].map(at), { man_radius: 0.4, beside: 0.2 }).length, 1);
});

test("an arrow is the look's sizes: its point at its end, its head as long as the look's or the whole arrow", () => {
  const look = { arrow_shaft: 0.1, arrow_head: 0.3, arrow_head_length: 0.5 };
  const shape = arrowShape(2, look);
  assert.deepEqual(shape[3], [2, 0]); // the point
  const widths = shape.map(([, y]) => Math.abs(y));
  assert.equal(Math.max(...widths), 0.3); // the head, half its width either side
  assert.equal(Math.min(...widths.filter((w) => w > 0)), 0.1); // the shaft
  assert.deepEqual(shape[2], [1.5, -0.3]); // the head starts its length before the point
  assert.deepEqual(arrowShape(0.4, look)[2], [0, -0.3]); // a leg shorter than a head is all head
  // the shaft starts behind the leg's start, to cover the joint with the leg before
  assert.deepEqual(shape[0], [-0.1, -0.1]);
});
