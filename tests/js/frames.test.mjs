// A move animated frame by frame. The frames are written out here as the rules make them
// (damlib/play/frames.py makes them in Python): German pieces jumped stay on the board until the
// capture ends, then go together (DE-STRIKE); Turkish ones go at once (TR-REMOVE); a Russian man
// reaching the last rank mid-capture goes on as a king (RU-PROMOTE).
import { test } from "node:test";
import assert from "node:assert/strict";
import { ease, scenes, timing } from "../../damlib/widgets/js/frames.js";

test("a German capture: each jump slides, the pieces taken crossed, then they leave together", () => {
  const animation = {
    start: { e3: "w", d4: "b", b6: "b" },
    frames: [
      { start: "e3", end: "c5", pieces: { c5: "w", d4: "b", b6: "b" }, taken: ["d4"] },
      { start: "c5", end: "a7", pieces: { a7: "w", d4: "b", b6: "b" }, taken: ["d4", "b6"] },
      { start: "a7", end: "a7", pieces: { a7: "w" }, taken: [] },
    ],
  };
  const shown = scenes(animation);
  assert.deepEqual(shown.map((scene) => scene.slide), [null, ["e3", "c5"], ["c5", "a7"], null]);
  assert.deepEqual(shown[0].board, { pieces: animation.start, marks: {}, arrows: [], crosses: [] });
  assert.deepEqual(shown.map((scene) => scene.board.crosses), [[], ["d4"], ["d4", "b6"], []]);
  assert.deepEqual(shown.slice(1).map((scene) => scene.board.marks), [{ c5: "last" }, { a7: "last" }, { a7: "last" }]);
  assert.deepEqual(shown.at(-1).board.pieces, { a7: "w" });
});

test("a Turkish capture: a piece taken is gone as the jump ends, with no frame to remove it", () => {
  const animation = {
    start: { d2: "w", d3: "b", d5: "b" },
    frames: [
      { start: "d2", end: "d4", pieces: { d4: "w", d5: "b" }, taken: ["d3"] },
      { start: "d4", end: "d6", pieces: { d6: "w" }, taken: ["d3", "d5"] },
    ],
  };
  const shown = scenes(animation);
  assert.deepEqual(shown.map((scene) => scene.slide), [null, ["d2", "d4"], ["d4", "d6"]]);
  assert.deepEqual(shown.map((scene) => Object.keys(scene.board.pieces).sort()), [["d2", "d3", "d5"], ["d4", "d5"], ["d6"]]);
});

test("a Russian man crowned mid-capture is a king from the frame it reaches the last rank", () => {
  const animation = {
    start: { b6: "w", c7: "b", e7: "b" },
    frames: [
      { start: "b6", end: "d8", pieces: { d8: "W", c7: "b", e7: "b" }, taken: ["c7"] },
      { start: "d8", end: "f6", pieces: { f6: "W", c7: "b", e7: "b" }, taken: ["c7", "e7"] },
      { start: "f6", end: "f6", pieces: { f6: "W" }, taken: [] },
    ],
  };
  assert.deepEqual(scenes(animation).map((scene) => Object.values(scene.board.pieces)[0]), ["w", "W", "W", "W"]);
});

test("a jump slides 320 ms and a frame is held 260 ms at speed 1, in proportion at other speeds", () => {
  assert.deepEqual(timing(1, false), { moving: true, slide: 320, pause: 260 });
  assert.deepEqual(timing(2, false), { moving: true, slide: 160, pause: 130 });
  assert.deepEqual(timing(0.5, false), { moving: true, slide: 640, pause: 520 });
});

test("no animation at speed 0; reduced motion keeps the frames, not the sliding", () => {
  assert.deepEqual(timing(0, false), { moving: false, slide: 0, pause: 0 });
  assert.deepEqual(timing(1, true), { moving: true, slide: 0, pause: 260 });
});

test("a slide starts and ends still, halfway at half the time, always forward", () => {
  assert.equal(ease(0), 0);
  assert.equal(ease(0.5), 0.5);
  assert.equal(ease(1), 1);
  const steps = Array.from({ length: 101 }, (_, i) => ease(i / 100));
  assert.ok(steps.every((value, i) => i === 0 || value >= steps[i - 1]));
  assert.ok(steps[1] < 0.01 && steps[99] > 0.99);
});
