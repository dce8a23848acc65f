// Where the server serves the assets it ships with (apps/server/assets). A module of its own,
// below every layer, so the routes that serve an asset and the demo seed that links to it both
// import it, and db/ imports no feature.

/** Path of the test pattern's live playlist: the demo channels' `streamUrl` ends with it. */
export const TEST_PATTERN_PATH = '/api/v1/streams/test-pattern/live.m3u8';
