import { randomInt } from 'node:crypto';

// PocketBase's file name normalization (tools/filesystem/file.go `normalizeName`): the stored
// name keeps a readable, snake_cased base and the original extension, and always carries a
// random part, so names never collide and cannot be guessed from the upload.

const RANDOM_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const EXTENSION_INVALID = /[^\w.*\-+=#]+/g;
const MAX_ORIGINAL_BYTES = 300;
const MAX_EXTENSION = 20;
const MIN_BASE = 3;
const MAX_BASE = 100;

/** Ten random characters from [a-z0-9]. */
export function randomSuffix(length = 10): string {
  let out = '';
  for (let i = 0; i < length; i++) out += RANDOM_ALPHABET[randomInt(RANDOM_ALPHABET.length)];
  return out;
}

/**
 * The name a file is stored under: `{base}_{10 random [a-z0-9]}{ext}`. `detectedExtension`
 * (with its dot, e.g. `.png`, or '') is used when the original has no usable extension;
 * `random` is injectable so tests are deterministic.
 */
export function normalizeFileName(
  original: string,
  detectedExtension = '',
  random: () => string = randomSuffix,
): string {
  let name = lastBytes(baseName(original), MAX_ORIGINAL_BYTES);

  const originalExtension = extractExtension(name);
  let extension = `.${trimDots(originalExtension.replace(EXTENSION_INVALID, ''))}`;
  if (extension === '.') extension = detectedExtension;
  if (extension.length > MAX_EXTENSION) {
    extension = `.${trimDots(extension.slice(extension.length - MAX_EXTENSION))}`;
  }

  name = name.slice(0, name.length - originalExtension.length);
  let base = snakecase(trimDots(name));
  if (base.length < MIN_BASE) base += random();
  else if (base.length > MAX_BASE) base = base.slice(0, MAX_BASE);
  return `${base}_${random()}${extension}`;
}

/** The extension with its dot, keeping a double one (`.tar.gz`); '' when there is none. */
export function extractExtension(name: string): string {
  const primary = name.lastIndexOf('.');
  if (primary === -1) return '';
  const secondary = name.lastIndexOf('.', primary - 1);
  return secondary >= 0 ? name.slice(secondary) : name.slice(primary);
}

/**
 * PocketBase's snake case: split at anything but ASCII letters and digits, an underscore
 * before an upper-case letter that follows a lower-case one ("myTestDB" → "my_test_db").
 */
export function snakecase(text: string): string {
  let out = '';
  for (const word of text.split(/[\W_]+/)) {
    if (word === '') continue;
    if (out !== '') out += '_';
    for (let i = 0; i < word.length; i++) {
      const char = word[i] as string;
      if (isUpper(char) && i > 0 && !isUpper(word[i - 1] as string)) out += '_';
      out += char;
    }
  }
  return out.toLowerCase();
}

function isUpper(char: string): boolean {
  return char >= 'A' && char <= 'Z';
}

function trimDots(text: string): string {
  return text.replace(/^\.+|\.+$/g, '');
}

/** Browsers send a bare name, but some clients send a path: keep its last segment. */
function baseName(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
}

/** The last `max` bytes of the UTF-8 text (a cut character becomes U+FFFD, later stripped). */
function lastBytes(text: string, max: number): string {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= max ? text : bytes.subarray(bytes.length - max).toString('utf8');
}
