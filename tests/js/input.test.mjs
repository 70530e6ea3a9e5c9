// What the learner's clicks and keys choose. The moves are German draughts' at the start: White's
// men on the third rank step diagonally forward to the empty fourth rank.
import { test } from "node:test";
import assert from "node:assert/strict";
import { center } from "../../damlib/widgets/js/squares.js";
import { choose, cursorStep, home, told } from "../../damlib/widgets/js/input.js";

const START = { a3: ["b4"], c3: ["b4", "d4"], e3: ["d4", "f4"], g3: ["f4", "h4"] };
const NOTHING = { path: [], targets: [] };

test("a click on a piece that may move chooses it, its landings the targets", () => {
  assert.deepEqual(choose(NOTHING, START, "c3"), { path: ["c3"], targets: ["b4", "d4"] });
});

test("a click on a target adds the landing", () => {
  const chosen = choose(NOTHING, START, "c3");
  assert.deepEqual(choose(chosen, START, "d4"), { path: ["c3", "d4"], targets: [] });
});

test("a click on another piece that may move chooses that one instead", () => {
  const chosen = choose(NOTHING, START, "c3");
  assert.deepEqual(choose(chosen, START, "g3"), { path: ["g3"], targets: ["f4", "h4"] });
});

test("a click on the piece chosen, a piece that may not move or an empty square drops the choice", () => {
  const chosen = choose(NOTHING, START, "c3");
  for (const square of ["c3", "b2", "d6", "e5", "a5"]) assert.deepEqual(choose(chosen, START, square), NOTHING);
  assert.deepEqual(choose(NOTHING, START, "b2"), NOTHING); // a man behind the front rank is blocked
});

test("a screen reader hears the piece chosen and where it may go, nothing for a landing", () => {
  assert.deepEqual(told(choose(NOTHING, START, "e3")), ["chose", { square: "e3", targets: "d4, f4" }]);
  assert.deepEqual(told({ path: ["e3"], targets: [] }), ["chose-nowhere", { square: "e3" }]);
  assert.equal(told({ path: ["e3", "f4"], targets: [] }), null);
  assert.equal(told(NOTHING), null);
});

test("the cursor starts on the piece chosen, else in the learner's lower left corner", () => {
  assert.equal(home(["c3", "d4"], false), "c3");
  for (const flipped of [false, true]) assert.deepEqual(center(home([], flipped), flipped), [1, 8]);
});

test("an arrow moves the cursor one square that way on the screen, in both orientations", () => {
  const screen = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  for (const flipped of [false, true]) {
    for (const [key, [dx, dy]] of Object.entries(screen)) {
      assert.deepEqual(center(cursorStep("d4", key, flipped), flipped).map((v, i) => v - center("d4", flipped)[i]), [dx, dy]);
    }
  }
  assert.equal(cursorStep("d4", "ArrowUp", false), "d5");
  assert.equal(cursorStep("d4", "ArrowUp", true), "d3");
});

test("at the edge the cursor stays; other keys move nothing", () => {
  assert.equal(cursorStep("a1", "ArrowLeft", false), "a1");
  assert.equal(cursorStep("a1", "ArrowDown", false), "a1");
  assert.equal(cursorStep("h8", "ArrowLeft", true), "h8");
  assert.equal(cursorStep("h8", "ArrowUp", false), "h8");
  assert.equal(cursorStep("d4", "Tab", false), null);
});
