// The English UI strings of features/debug/: its slice of the catalog, merged by i18n/en.ts.

export const debugMessages = {
  blockingLabelIsLockedSoThe: (blockingLabel: string | number) =>
    `${blockingLabel} is locked, so the change was reverted.`,
  thatChangeWouldOverlapBlockingLabel: (blockingLabel: string | number) =>
    `That change would overlap ${blockingLabel}, so it was reverted.`,
  timelineChart: 'Timeline chart',
  theTimelineChartOnSample:
    'The timeline chart on sample data, for developers. Drag a bar to move it, drag its edges to resize it, or focus it and use the arrow keys (Shift resizes). Times are UTC.',
  colourScheme: 'Colour scheme',
  precision: 'Precision',
  sample: 'Sample',
  whenBarsOverlap: 'When bars overlap',
  push: 'Push',
  noOverlap: 'No overlap',
  showsToDragOntoThe: 'Shows to drag onto the chart',
  dragAShowOntoA: 'Drag a show onto a channel:',
  labelValueMin: (label: string | number, value: string | number) => `${label} (${value} min)`,
  sampleSchedule: 'Sample schedule',
  clickedId: (id: string | number) => `Clicked ${id}.`,
  lastChange: 'Last change',
  nothingChangedYet: 'Nothing changed yet.',
  changeRefused: 'Change refused',
  aDay4Channels: 'A day, 4 channels',
  aWeek50Channels: 'A week, 50 channels',
};
