/** Offsets to lines, for the readers that keep each line's start offset. */

/** The 0-based index of the line holding `offset`, given each line's start offset in ascending order. */
export function lineIndexAt(lineStarts: ArrayLike<number>, offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
