/**
 * Start order of bars as an index array: by start, then end, then id.
 *
 * This is the one O(n log n) step of the schedule operations, so it is kept fast for the
 * cases a timeline meets:
 * - bars handed over in start order (or, for a push to the left, in reverse): an O(n) check;
 * - any other order: a native numeric sort of keys `(start − earliest) · n + index`, exact while
 *   they stay below 2^53 (10,000 bars over 25 years fit); it is several times faster than a sort
 *   with a comparator. Equal starts (double bookings) are then put in full order by an
 *   insertion pass, O(n) when there are none;
 * - otherwise, a comparator sort.
 */
export function startOrder(
  starts: Float64Array,
  ends: Float64Array,
  ids: readonly string[] | ((index: number) => string),
): Int32Array {
  const n = starts.length;
  const idOf = typeof ids === 'function' ? ids : (index: number) => ids[index] as string;
  const compare = (a: number, b: number): number => {
    const byStart = (starts[a] as number) - (starts[b] as number);
    if (byStart !== 0) return byStart;
    const byEnd = (ends[a] as number) - (ends[b] as number);
    if (byEnd !== 0) return byEnd;
    const idA = idOf(a);
    const idB = idOf(b);
    return idA < idB ? -1 : idA > idB ? 1 : 0;
  };

  const order = new Int32Array(n);
  let ascending = true;
  let descending = true;
  for (let i = 1; i < n && (ascending || descending); i++) {
    const step = compare(i - 1, i);
    if (step > 0) ascending = false;
    else descending = false;
  }
  if (ascending || descending) {
    for (let i = 0; i < n; i++) order[i] = ascending ? i : n - 1 - i;
    return order;
  }

  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  let whole = true;
  for (let i = 0; i < n; i++) {
    const start = starts[i] as number;
    if (start < earliest) earliest = start;
    if (start > latest) latest = start;
    if (!Number.isInteger(start)) whole = false;
  }
  if (whole && (latest - earliest + 1) * n < Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = ((starts[i] as number) - earliest) * n + i;
    keys.sort();
    for (let i = 0; i < n; i++) order[i] = (keys[i] as number) % n;
    // Insertion pass: only bars with the same start are out of full order.
    for (let i = 1; i < n; i++) {
      const index = order[i] as number;
      let j = i - 1;
      while (j >= 0 && compare(order[j] as number, index) > 0) {
        order[j + 1] = order[j] as number;
        j--;
      }
      order[j + 1] = index;
    }
    return order;
  }

  // A plain array sorts with a comparator faster than a typed one in V8.
  const sorted = Array.from({ length: n }, (_, i) => i).sort(compare);
  for (let i = 0; i < n; i++) order[i] = sorted[i] as number;
  return order;
}
