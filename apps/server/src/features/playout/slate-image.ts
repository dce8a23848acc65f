import { createHash } from 'node:crypto';
import sharp, { type OverlayOptions } from 'sharp';
import type { PlayoutChannel } from './playout-repository.js';

// A channel's slate, the picture its playout airs when nothing else is there: the channel's
// bumper as the watch page draws it (its image, dimmed, or the channel's colour; its title,
// "We’ll be right back" by default, and its description) with the channel's logo and name.

/** What the watch page's bumper says when the station wrote nothing. */
const DEFAULT_SLATE_TITLE = 'We’ll be right back';

/** How long one pass of the slate lasts: long, since every pass is a discontinuity. */
export const SLATE_SECONDS = 30;

/** The slate's images, read by the caller from the file storage. */
export interface SlateImages {
  bumperImage: Buffer | null;
  logo: Buffer | null;
}

/** Changes to any of these make a new slate. */
export function slateFingerprint(channel: PlayoutChannel, profile: string): string {
  const parts = [
    profile,
    channel.name,
    channel.color,
    channel.logo,
    channel.bumperTitle,
    channel.bumperDescription,
    channel.bumperImage,
  ];
  return `slate-${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22)}`;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/** Splits text into lines of at most `width` characters, at most `lines` of them. */
export function wrapText(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]}…`;
  return kept;
}

/** The slate as a PNG of `width` × `height`. */
export async function renderSlate(
  channel: PlayoutChannel,
  images: SlateImages,
  width: number,
  height: number,
): Promise<Buffer> {
  const unit = height / 720;
  const colour = /^#[0-9a-fA-F]{6}$/.test(channel.color) ? channel.color : '#1f2a44';
  const background = images.bumperImage
    ? await sharp(images.bumperImage)
        .resize(width, height, { fit: 'cover' })
        .modulate({ brightness: 0.45 })
        .png()
        .toBuffer()
    : await sharp({
        create: { width, height, channels: 3, background: '#0b0d12' },
      })
        .png()
        .toBuffer();
  const title = wrapText(channel.bumperTitle || DEFAULT_SLATE_TITLE, 28, 2);
  const description = wrapText(channel.bumperDescription, 60, 3);
  const titleSize = 64 * unit;
  const bodySize = 30 * unit;
  const top = height / 2 - (title.length * titleSize + description.length * bodySize * 1.3) / 2;
  const text = [
    ...title.map(
      (line, i) =>
        `<text x="50%" y="${top + (i + 0.85) * titleSize}" font-size="${titleSize}" font-weight="700">${escapeXml(line)}</text>`,
    ),
    ...description.map(
      (line, i) =>
        `<text x="50%" y="${top + title.length * titleSize + (i + 1.2) * bodySize * 1.3}" font-size="${bodySize}" fill-opacity="0.85">${escapeXml(line)}</text>`,
    ),
    `<text x="50%" y="${height - 48 * unit}" font-size="${26 * unit}" fill-opacity="0.75">${escapeXml(channel.name)}</text>`,
  ].join('');
  const overlay = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      (images.bumperImage
        ? ''
        : `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}" stop-opacity="0.55"/><stop offset="1" stop-color="${colour}" stop-opacity="0.1"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`) +
      `<g font-family="DejaVu Sans, Liberation Sans, sans-serif" fill="#ffffff" text-anchor="middle">${text}</g></svg>`,
  );
  const layers: OverlayOptions[] = [{ input: overlay, top: 0, left: 0 }];
  if (images.logo) {
    const size = Math.round(96 * unit);
    const logo = await sharp(images.logo)
      .resize(size, size, { fit: 'inside' })
      .png()
      .toBuffer()
      .catch(() => null);
    if (logo) layers.push({ input: logo, top: Math.round(40 * unit), left: Math.round(48 * unit) });
  }
  return sharp(background).composite(layers).png().toBuffer();
}
