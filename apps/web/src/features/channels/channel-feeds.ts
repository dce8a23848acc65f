import { formatBytes } from '@airgrid/domain';
import { channels, type FileField, findField } from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import { channelCalendarUrl, organizationFeedUrls } from '../../shared/feeds/feed-urls';
import { type ChosenFile, type ImageSize, photoFileProblem } from '../../shared/photo-limits';

// A channel page's feed addresses (built in shared/feeds/) and the image limits of a channel's
// logo and bumper image.

/** A feed of PRODUCT.md "Outputs": its name, what reads it, and its address. */
export interface FeedUrl {
  label: string;
  description: string;
  url: string;
}

/**
 * The XMLTV, M3U and iCalendar addresses for a channel (PRODUCT.md "Outputs"): the first two
 * cover the whole organization, the calendar this channel. Slugs name both in the path. A
 * private channel is in no feed (the server answers its calendar with 404), so it has no
 * calendar address: only the organization's two, which hold its public channels.
 */
export function feedUrls(
  origin: string,
  organizationSlug: string,
  channelSlug: string,
  isPublic = true,
): FeedUrl[] {
  const t = messages();
  const { xmltv, m3u } = organizationFeedUrls(origin, organizationSlug);
  return [
    {
      label: t.channels.xmltvGuide,
      description: t.channels.everyChannelSScheduleFor,
      url: xmltv,
    },
    {
      label: t.channels.m3uPlaylist,
      description: t.channels.oneEntryPerPublicChannel,
      url: m3u,
    },
    ...(isPublic
      ? [
          {
            label: 'iCalendar',
            description: t.channels.thisChannelSTimeslotsFor,
            url: channelCalendarUrl(origin, organizationSlug, channelSlug),
          },
        ]
      : []),
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
  const t = messages();
  const max = fileField(name).maxImageSize;
  return max ? t.channels.svgPngJpgOrGif(max.width, max.height) : t.channels.imageTypes;
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
  const t = messages();
  // Name and type by hand: a browser File keeps them in getters, which a spread drops.
  const typeProblem = photoFileProblem({ name: file.name, type: file.type, size: 0 });
  if (typeProblem) return typeProblem;
  const { maxSize } = fileField(name);
  if (maxSize > 0 && file.size > maxSize) {
    return t.common.fileTooLarge(JSON.stringify(file.name), formatBytes(maxSize));
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
  const t = messages();
  if (size === 'unreadable') {
    return file.type === 'image/svg+xml' ? null : t.common.notAnImage(JSON.stringify(file.name));
  }
  const max = fileField(name).maxImageSize;
  if (!size || !max) return null;
  if (size.width > max.width || size.height > max.height) {
    return t.common.imageTooBig(max.width, max.height, size.width, size.height);
  }
  return null;
}
