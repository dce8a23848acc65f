// The English UI strings of shared/: its slice of the catalog, merged by i18n/en.ts.

export const sharedMessages = {
  svgPngJpgOrGif: 'SVG, PNG, JPG or GIF (max, 800 X 800px)',
  nameIsKindOnlyMimeTypes: (
    name: string | number,
    kind: string | number,
    mimeTypes: string | number,
  ) => `${name} is ${kind}: only ${mimeTypes} files are allowed.`,
  channelNumber: (number: string | number) => `Channel ${number}`,
  writeTheDurationInMinutes:
    'Write the duration in minutes, e.g. 30, or as hours:minutes, e.g. 1:30.',
  theDurationMustBeMore: 'The duration must be more than 0 minutes.',
  theDurationCanBeAt: 'The duration can be at most 24 hours.',
};
