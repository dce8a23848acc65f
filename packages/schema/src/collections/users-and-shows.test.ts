import { describe, expect, it } from 'vitest';
import { EDITOR_ROLES, isEditorRole, type MediaInfo, playsInBrowsers, ROLES } from './index.js';

describe('isEditorRole', () => {
  it('is true for editors and above, false for producers, viewers and anything else', () => {
    expect(ROLES.filter(isEditorRole)).toEqual([...EDITOR_ROLES]);
    expect(EDITOR_ROLES).toEqual(['owner', 'admin', 'editor']);
    for (const other of ['producer', 'viewer', '', 'Owner', undefined, null, 1]) {
      expect(isEditorRole(other), String(other)).toBe(false);
    }
  });
});

describe('playsInBrowsers', () => {
  const info = (container: string, video: string | null, audio: string | null): MediaInfo => ({
    durationSec: 60,
    container,
    video: video ? { codec: video, width: 640, height: 360 } : null,
    audio: audio ? { codec: audio, channels: 2 } : null,
  });

  it('takes H.264, VP9 and AV1 with AAC, MP3 or Opus in MP4, QuickTime, WebM or Matroska', () => {
    expect(playsInBrowsers(info('mov,mp4,m4a,3gp,3g2,mj2', 'h264', 'aac'))).toBe(true);
    expect(playsInBrowsers(info('matroska,webm', 'vp9', 'opus'))).toBe(true);
    expect(playsInBrowsers(info('mov,mp4,m4a,3gp,3g2,mj2', 'av1', null))).toBe(true);
    expect(playsInBrowsers(info('mp3', null, 'mp3'))).toBe(true);
    expect(playsInBrowsers(info('wav', null, 'pcm_s16le'))).toBe(true);
  });

  it('asks for a web copy of broadcast and camera formats', () => {
    expect(playsInBrowsers(info('mpegts', 'mpeg2video', 'mp2'))).toBe(false);
    expect(playsInBrowsers(info('mov,mp4,m4a,3gp,3g2,mj2', 'prores', 'pcm_s24le'))).toBe(false);
    expect(playsInBrowsers(info('avi', 'mpeg4', 'mp3'))).toBe(false);
    expect(playsInBrowsers(info('mov,mp4,m4a,3gp,3g2,mj2', 'hevc', 'aac'))).toBe(false);
    expect(playsInBrowsers(info('mov,mp4,m4a,3gp,3g2,mj2', 'h264', 'ac3'))).toBe(false);
    expect(playsInBrowsers(info('mov,mp4,m4a,3gp,3g2,mj2', null, null))).toBe(false);
  });
});
