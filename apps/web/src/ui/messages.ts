// The English UI strings of ui/: its slice of the catalog, merged by i18n/en.ts.

export const uiMessages = {
  offline: 'Airgrid could not be reached. Check your connection and try again.',
  notBuiltYet:
    'This area is planned and not built yet (the sidebar marks it “Soon”). Nothing here is lost: it starts empty when it arrives.',
  noOrganization: 'No organization associated with the current user.',
  setOneUp: 'Set one up',
  timeline: 'Timeline',
  /** A timeline bar as a screen reader hears it: the show and its times. */
  bar: (label: string, span: string) => `${label}, ${span}`,
  barLocked: (label: string, span: string) => `${label}, ${span}, locked`,
  image: {
    noun: 'image',
    choose: 'Choose an image',
    removedOnSave: 'Removed when you save.',
    usedOnSave: 'Used when you save.',
    current: (noun: string) => `Current ${noun}`,
    none: (noun: string) => `No ${noun} yet.`,
  },
  /** A read-only value with a copy button (ui/copy-field.tsx). */
  copyField: {
    copy: 'Copy',
    copied: 'Copied',
    copyLabel: (label: string) => `Copy the ${label.toLowerCase()}`,
  },
  /** The ends of a heatmap's legend (ui/charts). */
  chartLess: 'Less',
  chartMore: 'More',
  chartSpan: (from: string | number, value: string | number) => `${from} to ${value}`,
  barSpan: (date: string | number, hhmm: string | number, value: string | number) =>
    `${date} ${hhmm} to ${value}`,
  jan: 'Jan',
  feb: 'Feb',
  mar: 'Mar',
  apr: 'Apr',
  may: 'May',
  jun: 'Jun',
  jul: 'Jul',
  aug: 'Aug',
  sep: 'Sep',
  oct: 'Oct',
  nov: 'Nov',
  dec: 'Dec',
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};
