/**
 * Where a programme pauses on air (issue 40): its show's break points laid out on the segment
 * grid exactly as the spot placement lays out the break inventory of a playout channel
 * (`showOnGrid`, then `programmePauses`), so the break a spot was placed in is the pause it airs
 * in.
 */
import { BREAK_POINT_SEC } from '../break-points.js';
import { programmePauses, showOnGrid } from '../placement/breaks.js';
import type { AirSlot } from './playout.js';

/** The pauses of a slot of `durationSec` airing a media of `segments`, from its break points. */
export function pausesOnAir(
  durationSec: number,
  segments: number,
  breakPoints: readonly number[],
  segmentSec: number,
): NonNullable<AirSlot['pauses']> {
  if (breakPoints.length === 0) return [];
  const show = showOnGrid(
    {
      id: '',
      runtimeSec: segments * segmentSec,
      breakPoints: breakPoints.map((atSec) => ({ atSec })),
    },
    segmentSec,
    BREAK_POINT_SEC,
  );
  const layout = programmePauses(durationSec, show, BREAK_POINT_SEC);
  return (layout?.pauses ?? []).map((pause) => ({
    atSegment: pause.atSec / segmentSec,
    segments: pause.lengthSec / segmentSec,
  }));
}
