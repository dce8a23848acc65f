// The multiview's layouts and what is saved of them, free of React.

/** Grids a viewer can pick: tiles and columns. One to nine channels. */
export const MULTIVIEW_LAYOUTS = [
  { tiles: 1, columns: 1, label: '1' },
  { tiles: 2, columns: 2, label: '2' },
  { tiles: 4, columns: 2, label: '2 × 2' },
  { tiles: 6, columns: 3, label: '3 × 2' },
  { tiles: 9, columns: 3, label: '3 × 3' },
] as const;

export type MultiviewTiles = (typeof MULTIVIEW_LAYOUTS)[number]['tiles'];

/** What is saved for the user: the grid and the channel in each tile ('' = empty tile). */
export interface MultiviewLayout {
  tiles: MultiviewTiles;
  channels: string[];
}

const TILE_COUNTS: readonly number[] = MULTIVIEW_LAYOUTS.map((layout) => layout.tiles);

/**
 * A saved layout read back (from `users.settings.multiview` or this browser's storage),
 * repaired against the channels that can be watched now: unknown tile counts fall back to
 * 2 × 2, gone channels leave their tile empty, and empty tiles fill with channels not shown yet.
 */
export function restoreLayout(saved: unknown, available: readonly string[]): MultiviewLayout {
  const value = (typeof saved === 'object' && saved !== null ? saved : {}) as {
    tiles?: unknown;
    channels?: unknown;
  };
  const tiles = (
    TILE_COUNTS.includes(Number(value.tiles)) ? Number(value.tiles) : 4
  ) as MultiviewTiles;
  const wanted = Array.isArray(value.channels) ? value.channels : [];
  const known = new Set(available);
  const channels = Array.from({ length: tiles }, (_, index) => {
    const id = wanted[index];
    return typeof id === 'string' && known.has(id) ? id : '';
  });
  const unused = available.filter((id) => !channels.includes(id));
  return { tiles, channels: channels.map((id) => id || unused.shift() || '') };
}

/** The layout with `tiles` tiles, keeping the channels of the tiles that remain. */
export function resizeLayout(
  layout: MultiviewLayout,
  tiles: MultiviewTiles,
  available: readonly string[],
): MultiviewLayout {
  return restoreLayout({ tiles, channels: layout.channels }, available);
}

/** The settings json with the multiview layout set, everything else kept. */
export function withMultiview(settings: unknown, layout: MultiviewLayout): Record<string, unknown> {
  const base =
    typeof settings === 'object' && settings !== null && !Array.isArray(settings) ? settings : {};
  return { ...(base as Record<string, unknown>), multiview: layout };
}
