import { formatBytes } from '@airgrid/domain';
import { channels, type FileField, findField } from '@airgrid/schema';
import { type ChosenFile, type ImageSize, photoFileProblem } from '../../shared/photo-limits';

// Feed addresses and the image limits of a channel's logo and bumper image.

/** A feed of PRODUCT.md "Outputs": its name, what reads it, and its address. */
export interface FeedUrl {
  label: string;
  description: string;
  url: string;
}

/**
 * The XMLTV, M3U and iCalendar addresses for a channel (PRODUCT.md "Outputs"): the first two
 * cover the whole organization, the calendar this channel. Slugs name both in the path.
 */
export function feedUrls(origin: string, organizationSlug: string, channelSlug: string): FeedUrl[] {
  const base = `${origin.replace(/\/+$/, '')}/api/v1/feeds/${encodeURIComponent(organizationSlug)}`;
  return [
    {
      label: 'XMLTV guide',
      description: 'Every channel’s schedule, for set-top boxes and media servers.',
      url: `${base}/xmltv.xml`,
    },
    {
      label: 'M3U playlist',
      description: 'One entry per public channel, linked to the XMLTV guide.',
      url: `${base}/channels.m3u`,
    },
    {
      label: 'iCalendar',
      description: 'This channel’s timeslots, for calendar apps.',
      url: `${base}/${encodeURIComponent(channelSlug)}.ics`,
    },
  ];
}

function fileField(name: string): FileField {
  const field = findField(channels, name);
  if (field?.type !== 'file') throw new Error(`The channels collection has no file field ${name}.`);
  return field;
}

/** The image fields of a channel the pages upload to. */
export type ChannelImageField = 'logo' | 'bumperImage';

/** The seed's hint under an image input, with this field's pixel limit. */
export function imageHint(name: ChannelImageField): string {
  const max = fileField(name).maxImageSize;
  return max
    ? `SVG, PNG, JPG or GIF (max, ${max.width} X ${max.height}px)`
    : 'SVG, PNG, JPG or GIF';
}

/** The file input's `accept` for the field. */
export function imageAccept(name: ChannelImageField): string {
  return fileField(name).mimeTypes.join(',');
}

/**
 * A problem with a chosen file's type or byte size for the field, or null. The types are those
 * of the photo card (settings/photo-limits.ts); the byte limit is the field's own (the bumper
 * image allows more than the logo).
 */
export function imageFileProblem(name: ChannelImageField, file: ChosenFile): string | null {
  // Name and type by hand: a browser File keeps them in getters, which a spread drops.
  const typeProblem = photoFileProblem({ name: file.name, type: file.type, size: 0 });
  if (typeProblem) return typeProblem;
  const { maxSize } = fileField(name);
  if (maxSize > 0 && file.size > maxSize) {
    return `${JSON.stringify(file.name)} is larger than the ${formatBytes(maxSize)} allowed.`;
  }
  return null;
}

/**
 * A problem with the decoded image's pixel size for the field, or null. An SVG the browser
 * cannot size is left to the server, which reads its markup.
 */
export function imageSizeProblem(
  name: ChannelImageField,
  file: ChosenFile,
  size: ImageSize,
): string | null {
  if (size === 'unreadable') {
    return file.type === 'image/svg+xml'
      ? null
      : `${JSON.stringify(file.name)} cannot be read as an image.`;
  }
  const max = fileField(name).maxImageSize;
  if (!size || !max) return null;
  if (size.width > max.width || size.height > max.height) {
    return `The image must be at most ${max.width} × ${max.height} px (this one is ${size.width} × ${size.height}).`;
  }
  return null;
}
