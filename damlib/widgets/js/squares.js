// Where the squares are. Lengths are in board units (one square is 1), y downwards as in SVG:
// the 8×8 squares run from 0.5 to 8.5, the coordinates stand in the margin of 0.5 around them.
export const FILES = "abcdefgh";

// The square drawn in column ``col`` and row ``row`` (0 to 7, from the top left corner).
export function squareIn(col, row, flipped) {
  return flipped ? FILES[7 - col] + (row + 1) : FILES[col] + (8 - row);
}

// A square's centre.
export function center(square, flipped) {
  let file = FILES.indexOf(square[0]);
  let rank = Number(square[1]) - 1;
  if (flipped) [file, rank] = [7 - file, 7 - rank];
  return [file + 1, 8 - rank];
}

// The square under the point [x, y], or null for a point in the margin or off the board.
export function squareAt([x, y], flipped) {
  const [col, row] = [Math.floor(x - 0.5), Math.floor(y - 0.5)];
  if (col < 0 || col > 7 || row < 0 || row > 7) return null;
  return squareIn(col, row, flipped);
}

export const isDark = (square) => (FILES.indexOf(square[0]) + Number(square[1])) % 2 === 1;
