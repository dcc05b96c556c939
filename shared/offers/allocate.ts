/**
 * Integer money helpers for the offers engine (issue 30). Every amount is whole paise; anything
 * else is a caller's bug, refused with a RangeError rather than rounded somewhere unseen.
 */

/** Throws a RangeError unless `value` is a whole number of paise, 0 or more (a safe integer). */
export function assertPaise(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole paise, 0 or more (got ${String(value)})`);
}

/** Throws a RangeError unless `value` is whole basis points from 0 to 10000. */
export function assertBasisPoints(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > 10_000) throw new RangeError(`${name} must be whole basis points from 0 to 10000 (got ${String(value)})`);
}

/** `bp` basis points of `amount`, to the nearest paisa (half a paisa rounds up): percentOf(99_900, 1000) = 9_990. */
export function percentOf(amount: number, bp: number): number {
  assertPaise('amount', amount);
  assertBasisPoints('rate', bp);
  return Number((BigInt(amount) * BigInt(bp) + 5_000n) / 10_000n);
}

/**
 * Splits `amount` over lines in proportion to `weights` (each line's value), to the paisa: the
 * shares add up to `amount` exactly and none exceeds its weight (so a discount never takes a line
 * below 0). Largest remainder: each line gets the whole paise of its exact share, and the paise
 * left over go one each to the lines with the largest fractions, ties to the earlier line.
 *
 * allocate(100, [100, 100, 100]) = [34, 33, 33]; allocate(5, [10, 0, 10]) = [3, 0, 2]. Throws a RangeError when the amount is
 * more than the weights' sum, or anything is not whole paise. BigInt inside: amount × weight
 * can pass 2^53 for a large order.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  assertPaise('amount', amount);
  weights.forEach((w, i) => assertPaise(`weights[${i}]`, w));
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  const whole = BigInt(amount);
  if (whole > total) throw new RangeError(`cannot allocate ${amount} over weights adding up to ${total}`);
  if (whole === 0n) return weights.map(() => 0);
  const shares = weights.map((w) => (whole * BigInt(w)) / total);
  const remainders = weights.map((w) => (whole * BigInt(w)) % total);
  let left = whole - shares.reduce((sum, s) => sum + s, 0n);
  // Stable order: largest remainder first, the earlier line first among equals. Only lines with
  // a remainder can be picked (there are always more of them than paise left), so none passes its weight.
  const order = weights.map((_, i) => i).sort((a, b) => (remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : a - b));
  for (const i of order) {
    if (left === 0n) break;
    shares[i] = shares[i]! + 1n;
    left -= 1n;
  }
  return shares.map(Number);
}
