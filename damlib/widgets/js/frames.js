// A move animated frame by frame. Python (damlib/play/frames.py) gives the frames, as the rules
// say: where the piece goes on each jump, the pieces then on the board, the pieces taken so far.
export const SLIDE_MS = 320; // one jump at speed 1
export const PAUSE_MS = 260; // a frame held, so that a piece taken is seen before it goes

// How long a jump slides and a frame is held, in ms, at speed ``rate`` (0: no animation at all);
// prefers-reduced-motion (``reduced``) drops the sliding, not the frames.
export function timing(rate, reduced) {
  const moving = rate > 0;
  return { moving, slide: moving && !reduced ? SLIDE_MS / rate : 0, pause: moving ? PAUSE_MS / rate : 0 };
}

// How far along its slide a piece is at ``t`` (0 to 1 of the time): slow, quick, slow.
export const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - (2 - 2 * t) ** 2 / 2);

// What an animation shows, in order: the board before the move, then for each frame the piece's
// slide (``[from, to]``; none where the pieces jumped leave the board, the piece standing) and
// the board after it, its square marked as the last move and the pieces taken so far crossed.
export function scenes(animation) {
  const before = { slide: null, board: { pieces: animation.start, marks: {}, arrows: [], crosses: [] } };
  return [before, ...animation.frames.map((step) => ({
    slide: step.start === step.end ? null : [step.start, step.end],
    board: { pieces: step.pieces, marks: { [step.end]: "last" }, arrows: [], crosses: step.taken },
  }))];
}
