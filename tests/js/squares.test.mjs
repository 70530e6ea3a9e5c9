// Where the board's squares are: a board seen from White's side has a1 in the lower left corner,
// h8 in the upper right; flipped (seen from Black's side) the other way round. Units: one square
// is 1, the squares run from 0.5 to 8.5, y downwards (SVG).
import { test } from "node:test";
import assert from "node:assert/strict";
import { FILES, center, isDark, squareAt, squareIn } from "../../damlib/widgets/js/squares.js";

const SQUARES = [...FILES].flatMap((file) => [1, 2, 3, 4, 5, 6, 7, 8].map((rank) => file + rank));

test("the corners stand where the learner looks for them", () => {
  assert.deepEqual(center("a1", false), [1, 8]); // lower left
  assert.deepEqual(center("h8", false), [8, 1]); // upper right
  assert.deepEqual(center("h1", false), [8, 8]);
  assert.deepEqual(center("a1", true), [8, 1]); // flipped: a1 upper right
  assert.deepEqual(center("h8", true), [1, 8]);
  assert.equal(squareIn(0, 0, false), "a8"); // the top left cell
  assert.equal(squareIn(0, 0, true), "h1");
});

test("a point anywhere on a square names that square, in both orientations", () => {
  for (const flipped of [false, true]) {
    for (const square of SQUARES) {
      const [x, y] = center(square, flipped);
      for (const [dx, dy] of [[0, 0], [-0.49, -0.49], [0.49, 0.49], [0.3, -0.4]]) {
        assert.equal(squareAt([x + dx, y + dy], flipped), square);
      }
    }
  }
});

test("a point in the margin or off the board names no square", () => {
  for (const point of [[0.2, 4], [8.7, 4], [4, 0.4], [4, 8.6], [-1, -1], [10, 10]]) {
    assert.equal(squareAt(point, false), null);
    assert.equal(squareAt(point, true), null);
  }
});

test("each cell of the grid is the square drawn there", () => {
  for (const flipped of [false, true]) {
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) {
        assert.deepEqual(center(squareIn(col, row, flipped), flipped), [col + 1, row + 1]);
      }
    }
  }
});

test("the dark squares: a1 and h8 among them, 32 in all, no two beside each other", () => {
  const dark = SQUARES.filter(isDark);
  assert.equal(dark.length, 32);
  assert.ok(isDark("a1") && isDark("h8") && !isDark("h1") && !isDark("a8"));
  for (const square of dark) {
    const [x, y] = center(square, false);
    for (const [dx, dy] of [[1, 0], [0, 1]]) {
      const next = squareAt([x + dx, y + dy], false);
      if (next) assert.ok(!isDark(next), `${square} and ${next}`);
    }
  }
});
