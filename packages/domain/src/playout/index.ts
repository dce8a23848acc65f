// The public surface: what the server's live playlist, as-run log and XMLTV check need.
export { type AiredItem, airedBetween, itemStartsInDay } from './air-plan.js';
export { type AsRunChanges, type AsRunEntry, asRunChanges } from './as-run.js';
export {
  DEFAULT_WINDOW_SEGMENTS,
  type ListedSegment,
  type LivePlaylist,
  type LivePlaylistRequest,
  livePlaylist,
  playlistWindow,
} from './live-playlist.js';
export { type OnAirEdit, splitOnAir } from './on-air-edit.js';
export { pausesOnAir } from './pauses.js';
export type {
  AiringKind,
  AirSlot,
  AirSpot,
  FillVersion,
  PackagedMedia,
  Playout,
} from './playout.js';
export {
  type PackagingState,
  playoutReadiness,
  READINESS_GAP_SEC,
  type ReadinessIssue,
  type ReadinessKind,
  type ReadinessSlot,
  readinessCounts,
} from './readiness.js';
export { DEFAULT_SEGMENT_SEC, nextSegmentBoundary, utcDay } from './segment-grid.js';
export { type SubtitleCue, subtitleSegment } from './subtitle-segment.js';
