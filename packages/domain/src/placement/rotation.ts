import { compareText } from './break-facts.js';
import type { RotationSpot } from './placement-types.js';

/**
 * The next ad of a weighted rotation, from how often each has aired: the one with the smallest
 * (aired + ½) / weight, ties to the smaller ad id. This is the Sainte-Laguë divisor method, the
 * stateless form of a smooth weighted round-robin: weights 5, 1, 1 air A A A B C A A …, and
 * because it reads only the counts, a run that starts from what aired continues the rotation
 * where it was. Only ads that `fit` are considered; null when none does.
 */
export function nextAd(
  ads: readonly RotationSpot[],
  aired: ReadonlyMap<string, number>,
  fits: (spot: RotationSpot) => boolean,
): RotationSpot | null {
  let best: RotationSpot | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const spot of ads) {
    if (!fits(spot)) continue;
    const score = ((aired.get(spot.ad) ?? 0) + 0.5) / spot.weight;
    if (score < bestScore || (score === bestScore && best && compareText(spot.ad, best.ad) < 0)) {
      best = spot;
      bestScore = score;
    }
  }
  return best;
}
