// The English UI strings of shared/media/: its slice of the catalog, merged by i18n/en.ts.

export const mediaMessages = {
  aVideoOrAudioFile: (maxSize: string | number) => `A video or audio file, up to ${maxSize}.`,
  jsonIsKindChooseA: (file: string | number, kind: string | number) =>
    `${file} is ${kind}: choose a video or audio file.`,
  jsonIsSizeMediaCan: (file: string | number, size: string | number, maxSize: string | number) =>
    `${file} is ${size}: media can be at most ${maxSize}.`,
  jsonIsEmpty: (file: string | number) => `${file} is empty.`,
  waitingToReadTheMedia: 'Waiting to read the media…',
  readingTheMedia: 'Reading the media…',
  mediaReadFailed: (error: string) => `The media could not be read: ${error}`,
  mediaReadRetrying: (error: string) => `Reading the media failed; trying again shortly (${error})`,
  waitingToMakeWebCopy: 'Waiting to make a copy browsers play…',
  makingWebCopy: (percent: number) => `Making a copy browsers play… ${percent}%`,
  webCopyFailed: (error: string) => `The copy browsers play could not be made: ${error}`,
  audioOnly: 'audio only',
  audioChannels: (channels: number) =>
    channels === 1
      ? 'mono'
      : channels === 2
        ? 'stereo'
        : channels === 6
          ? '5.1'
          : `${channels} channels`,
};
