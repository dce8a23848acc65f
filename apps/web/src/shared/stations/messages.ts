// The English UI strings of shared/stations/: its slice of the catalog, merged by i18n/en.ts.

export const stationsMessages = {
  theStationCouldNotBe: 'The station could not be loaded',
  thereIsNoStationHere: (stationKey: string | number) =>
    `There is no station “${stationKey}” here. The link may be mistyped, or the station has closed.`,
  stationNotFound: 'Station not found',
  chooseAStation: 'Choose a station',
  searchStations: 'Search stations',
  stationName: 'Station name',
  loadingStations: 'Loading stations',
  theStationsCouldNotBe: 'The stations could not be loaded',
  stations: 'Stations',
  stationStaffCan: 'Station staff can',
  signIn: 'sign in',
  toSeeTheirOwnStation: 'to see their own station.',

  pickAStationFromThose: 'Pick a station from those on this server.',
  /** What a viewer picks a station for, per page, in the line below. */
  what: {
    tvguide: 'guide',
    watch: 'channels',
    multiview: 'channels',
    submission: 'submission form',
  },
  thisServerCarriesSeveralStations: (what: string) =>
    `This server carries several stations. Pick the one whose ${what} you want to see.`,
  noStationMatches: (debounced: string | number) => `No station matches “${debounced}”.`,
  noStationHasPublicChannels: 'No station has public channels yet.',
  nextPage: 'Next page',
  previousPage: 'Previous page',
};
