// Shifts every timestamp of an MPEG-TS segment (the PES packets' PTS and DTS, the adaptation
// fields' PCR) by a fixed number of 90 kHz ticks. The test pattern loops a few seconds of video;
// shifting each pass by the loop's length makes the timestamps run on for ever, so players see
// one continuous live stream with no discontinuity to handle (ISO/IEC 13818-1 §2.4.3, §2.4.3.7).

const PACKET = 188;
const SYNC = 0x47;
/** Timestamps are 33-bit counters of a 90 kHz clock and wrap around. */
const WRAP = 2 ** 33;

/** Reads a PTS/DTS: 33 bits spread over 5 bytes between marker bits. */
function readTimestamp(bytes: Uint8Array, at: number): number {
  const b = (i: number) => bytes[at + i] ?? 0;
  return (
    ((b(0) >> 1) & 0x07) * 2 ** 30 +
    ((b(1) << 7) | (b(2) >> 1)) * 2 ** 15 +
    ((b(3) << 7) | (b(4) >> 1))
  );
}

function writeTimestamp(bytes: Uint8Array, at: number, value: number) {
  const high = Math.floor(value / 2 ** 30) & 0x07;
  const middle = Math.floor(value / 2 ** 15) & 0x7fff;
  const low = value & 0x7fff;
  bytes[at] = ((bytes[at] ?? 0) & 0xf1) | (high << 1);
  bytes[at + 1] = middle >> 7;
  bytes[at + 2] = ((middle & 0x7f) << 1) | 1;
  bytes[at + 3] = low >> 7;
  bytes[at + 4] = ((low & 0x7f) << 1) | 1;
}

/** Reads a PCR's 33-bit base (the 9-bit extension is left as it is). */
function readPcrBase(bytes: Uint8Array, at: number): number {
  const b = (i: number) => bytes[at + i] ?? 0;
  return b(0) * 2 ** 25 + b(1) * 2 ** 17 + b(2) * 2 ** 9 + b(3) * 2 + (b(4) >> 7);
}

function writePcrBase(bytes: Uint8Array, at: number, value: number) {
  bytes[at] = Math.floor(value / 2 ** 25) & 0xff;
  bytes[at + 1] = Math.floor(value / 2 ** 17) & 0xff;
  bytes[at + 2] = Math.floor(value / 2 ** 9) & 0xff;
  bytes[at + 3] = Math.floor(value / 2) & 0xff;
  bytes[at + 4] = ((value & 1) << 7) | ((bytes[at + 4] ?? 0) & 0x7f);
}

const shift = (value: number, ticks: number) => (value + ticks) % WRAP;

/** A copy of the segment with every PTS, DTS and PCR moved `ticks` later. */
export function shiftTimestamps(segment: Uint8Array, ticks: number): Uint8Array {
  const bytes = Uint8Array.from(segment);
  if (ticks === 0) return bytes;
  for (let packet = 0; packet + PACKET <= bytes.length; packet += PACKET) {
    if (bytes[packet] !== SYNC) continue;
    const startsPayload = ((bytes[packet + 1] ?? 0) & 0x40) !== 0;
    const control = ((bytes[packet + 3] ?? 0) >> 4) & 0x03;
    let payload = packet + 4;
    if (control & 0x02) {
      const length = bytes[packet + 4] ?? 0;
      const hasPcr = length > 0 && ((bytes[packet + 5] ?? 0) & 0x10) !== 0;
      if (hasPcr) writePcrBase(bytes, packet + 6, shift(readPcrBase(bytes, packet + 6), ticks));
      payload += 1 + length;
    }
    if (!(control & 0x01) || !startsPayload || payload + 14 > packet + PACKET) continue;
    // A PES packet starts here: 00 00 01, stream id, length, flags, flags, header length.
    if (bytes[payload] !== 0 || bytes[payload + 1] !== 0 || bytes[payload + 2] !== 1) continue;
    const streamId = bytes[payload + 3] ?? 0;
    if (streamId < 0xc0 || streamId > 0xef) continue; // audio and video streams only
    const flags = ((bytes[payload + 7] ?? 0) >> 6) & 0x03;
    if (flags & 0x02)
      writeTimestamp(bytes, payload + 9, shift(readTimestamp(bytes, payload + 9), ticks));
    if (flags === 0x03 && payload + 19 <= packet + PACKET)
      writeTimestamp(bytes, payload + 14, shift(readTimestamp(bytes, payload + 14), ticks));
  }
  return bytes;
}

/** Every PTS in the segment, in order (for tests). */
export function presentationTimes(segment: Uint8Array): number[] {
  const times: number[] = [];
  for (let packet = 0; packet + PACKET <= segment.length; packet += PACKET) {
    if (!((segment[packet + 1] ?? 0) & 0x40)) continue;
    const control = ((segment[packet + 3] ?? 0) >> 4) & 0x03;
    const payload = packet + 4 + (control & 0x02 ? 1 + (segment[packet + 4] ?? 0) : 0);
    if (segment[payload] !== 0 || segment[payload + 1] !== 0 || segment[payload + 2] !== 1)
      continue;
    const streamId = segment[payload + 3] ?? 0;
    if (streamId < 0xc0 || streamId > 0xef) continue;
    if ((segment[payload + 7] ?? 0) & 0x80) times.push(readTimestamp(segment, payload + 9));
  }
  return times;
}
