// The shows' query keys, shared: the shows area reads and writes through them, and the review
// queue refreshes the catalogue after an approval made a show.

/** Query keys: `all` is the prefix a show save invalidates. */
export const showKeys = {
  all: ['shows'] as const,
  list: (organization: string, expression: string, params: Record<string, string>, page: number) =>
    ['shows', 'list', organization, expression, params, page] as const,
  categories: (organization: string) => ['shows', 'categories', organization] as const,
  members: (organization: string) => ['shows', 'members', organization] as const,
  one: (id: string) => ['shows', 'one', id] as const,
  airings: (show: string) => ['shows', 'airings', show] as const,
  mediaSize: (show: string, media: string) => ['shows', 'media-size', show, media] as const,
  mediaJob: (show: string) => ['shows', 'media-job', show] as const,
  captionsJob: (show: string) => ['shows', 'captions-job', show] as const,
  playoutJob: (show: string) => ['shows', 'playout-job', show] as const,
  playoutPackages: (show: string) => ['shows', 'playout-packages', show] as const,
  captionTracks: (show: string) => ['shows', 'caption-tracks', show] as const,
  captionEngine: ['shows', 'caption-engine'] as const,
  interruptedUpload: (show: string) => ['shows', 'interrupted-upload', show] as const,
};
