import { describe, expect, it } from 'vitest';
import {
  decodeDraft,
  draftFromHash,
  encodeDraft,
  PREVIEW_PATH,
  previewUrl,
  type WidgetConfig,
  widgetConfig,
} from './widget-config';

const CHANNEL = 'abcdefghij12345';
const ORGANIZATION = 'orgorgorgorg123';

function config(overrides: Partial<WidgetConfig> = {}): WidgetConfig {
  return {
    organization: ORGANIZATION,
    name: 'Homepage guide — “évening”',
    kind: 'guide',
    channels: [CHANNEL],
    theme: 'dark',
    accent: '#3355ff',
    hours: 6,
    count: 8,
    ...overrides,
  };
}

describe('widgetConfig', () => {
  it('reads an embed record, with the defaults for what it leaves out', () => {
    expect(
      widgetConfig({
        organization: ORGANIZATION,
        name: 'Guide',
        kind: 'upcoming',
        channels: [CHANNEL],
        theme: '',
        accent: '',
        options: { count: 12 },
      }),
    ).toEqual({
      organization: ORGANIZATION,
      name: 'Guide',
      kind: 'upcoming',
      channels: [CHANNEL],
      theme: 'auto',
      accent: '',
      hours: 4,
      count: 12,
    });
  });

  it('keeps anything that is not a setting out: kinds, colours, ids and numbers are checked', () => {
    expect(
      widgetConfig({
        organization: '../../admin',
        kind: 'poster',
        theme: 'neon',
        accent: 'red;background:url(https://evil.example)',
        channels: [CHANNEL, CHANNEL, 'x"><script>', 7],
        options: { hours: 99, count: -3 },
      }),
    ).toMatchObject({
      organization: '',
      kind: 'guide',
      theme: 'auto',
      accent: '',
      channels: [CHANNEL],
      hours: 12,
      count: 1,
    });
  });
});

describe('the preview draft', () => {
  it('round-trips through the fragment, non-ASCII names included', () => {
    const draft = config();
    expect(decodeDraft(encodeDraft(draft))).toEqual(draft);
  });

  it('needs no escaping in a URL', () => {
    expect(encodeDraft(config())).toMatch(/^[A-Za-z0-9_-]+$/);
    const url = previewUrl(config({ kind: 'player' }));
    expect(url.startsWith(`${PREVIEW_PATH}#draft=`)).toBe(true);
    expect(draftFromHash(url.slice(url.indexOf('#')))).toMatchObject({ kind: 'player' });
  });

  it('reads nothing from a fragment without a readable draft', () => {
    expect(draftFromHash('')).toBeNull();
    expect(draftFromHash('#draft=not-base64-json')).toBeNull();
    expect(draftFromHash(`#draft=${btoa('[1,2]')}`)).toBeNull();
    expect(draftFromHash('#other=1')).toBeNull();
  });
});
