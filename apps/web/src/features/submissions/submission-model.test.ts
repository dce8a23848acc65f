import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  acceptsType,
  checkShow,
  checkSubmission,
  formatWhen,
  isWebAddress,
  newSubmissionValues,
  paragraphs,
  revisionPayload,
  revisionValues,
  statusBadge,
  statusPath,
  submissionPayload,
} from './submission-model';

const LIMITS = { maxFileBytes: 1000, fileTypes: ['video/mp4', 'audio/mpeg'] };

function file(name: string, size: number, type: string): File {
  return new File([new Uint8Array(size)], name, { type });
}

const filled = {
  ...newSubmissionValues(),
  title: ' River Stories ',
  duration: '28',
  media: 'link' as const,
  mediaUrl: 'https://example.org/river.mp4',
  submitterName: 'Ada Lovelace',
  submitterEmail: 'ada@example.org',
  licenceAccepted: true,
  policyAccepted: true,
};

describe('the submission form', () => {
  it('starts empty, sending a file, with the signed-in person when there is one', () => {
    expect(newSubmissionValues()).toMatchObject({ media: 'file', submitterName: '' });
    expect(newSubmissionValues({ name: 'Ada', email: 'ada@example.org' })).toMatchObject({
      submitterName: 'Ada',
      submitterEmail: 'ada@example.org',
      licenceAccepted: false,
    });
  });

  it('finds nothing wrong with a complete form', () => {
    expect(checkSubmission(filled, LIMITS)).toEqual({});
  });

  it('asks for what the server requires, with its words', () => {
    expect(checkSubmission(newSubmissionValues(), LIMITS)).toEqual({
      title: 'Give the show a title.',
      file: 'Choose the file of your show.',
      submitterName: 'Give your name.',
      submitterEmail: 'Give your email: the status link is mailed there.',
      licenceAccepted: 'Accept the station’s licence to submit your show.',
      policyAccepted: 'Accept the station’s content policy to submit your show.',
    });
  });

  it('keeps to the schema’s lengths and a readable running time', () => {
    const errors = checkSubmission(
      { ...filled, title: 'x'.repeat(201), rating: 'x'.repeat(17), duration: 'soon' },
      LIMITS,
    );
    expect(errors.title).toBe('The title can be at most 200 characters.');
    expect(errors.rating).toBe('The rating can be at most 16 characters.');
    expect(errors.duration).toMatch(/^Write the duration in minutes/);
  });

  it('checks the link and the email', () => {
    expect(checkSubmission({ ...filled, mediaUrl: '' }, LIMITS).mediaUrl).toMatch(/^Give a link/);
    expect(checkSubmission({ ...filled, mediaUrl: 'river.mp4' }, LIMITS).mediaUrl).toBe(
      'Give a full web address, starting with https:// or http://.',
    );
    expect(checkSubmission({ ...filled, submitterEmail: 'ada' }, LIMITS).submitterEmail).toBe(
      'Give an email address like name@example.org.',
    );
  });

  it('holds a file to the station’s size and types', () => {
    const withFile = (chosen: File) =>
      checkSubmission({ ...filled, media: 'file', file: chosen }, LIMITS);
    expect(withFile(file('a.mp4', 10, 'video/mp4'))).toEqual({});
    expect(withFile(file('a.mp4', 1001, 'video/mp4')).file).toBe(
      'The file is too big: the station takes at most 1000 B.',
    );
    expect(withFile(file('a.mov', 10, 'video/quicktime')).file).toBe(
      'Choose a video or audio file.',
    );
    expect(withFile(file('a.txt', 10, 'text/plain')).file).toBe('Choose a video or audio file.');
    expect(withFile(file('a.mkv', 10, ''))).toEqual({});
    expect(withFile(file('a.mp4', 0, 'video/mp4')).file).toBe('The file is empty.');
  });

  it('sends the link, or the file’s name, size and type instead', () => {
    expect(submissionPayload(filled, 'st1')).toEqual({
      station: 'st1',
      title: 'River Stories',
      description: '',
      category: '',
      rating: '',
      language: '',
      durationSec: 1800,
      mediaUrl: 'https://example.org/river.mp4',
      submitterName: 'Ada Lovelace',
      submitterEmail: 'ada@example.org',
      licenceAccepted: true,
      policyAccepted: true,
      website: '',
    });
    const payload = submissionPayload(
      { ...filled, media: 'file', file: file('river.mp4', 10, 'video/mp4') },
      'st1',
    );
    expect(payload).toMatchObject({ file: { name: 'river.mp4', size: 10, type: 'video/mp4' } });
    expect(payload).not.toHaveProperty('mediaUrl');
  });
});

describe('a new version from the status link', () => {
  const view = {
    id: 'sub1',
    title: 'River Stories',
    station: 'Riverside',
    status: 'changes' as const,
    reviewNote: 'Trim the credits.',
    submitted: '2026-11-27 02:13:49.123Z',
    updated: '2026-11-27 03:13:49.123Z',
    awaitingFile: false,
    canRevise: true,
    show: {
      description: 'Along the river.',
      category: 'Documentary',
      rating: 'TV-G',
      language: 'en',
      durationSec: 5400,
      mediaUrl: '',
      fileName: 'river_abc123defg.mp4',
    },
    ...LIMITS,
  };

  it('starts from what was sent, keeping its file or link', () => {
    const values = revisionValues(view);
    expect(values).toMatchObject({
      title: 'River Stories',
      description: 'Along the river.',
      duration: '90',
      media: 'keep',
    });
    expect(checkShow(values, LIMITS)).toEqual({});
    expect(revisionPayload(values)).toEqual({
      title: 'River Stories',
      description: 'Along the river.',
      category: 'Documentary',
      rating: 'TV-G',
      language: 'en',
      durationSec: 5400,
    });
  });

  it('asks for the file again when it never all arrived, or nothing was sent', () => {
    const values = revisionValues({
      ...view,
      status: 'pending',
      awaitingFile: true,
      show: { ...view.show, fileName: '' },
    });
    expect(values.media).toBe('file');
    expect(checkShow(values, LIMITS)).toEqual({ file: 'Choose the file of your show.' });
  });

  it('checks a new link or file, but not who sends it', () => {
    const values = { ...revisionValues(view), submitterName: '', licenceAccepted: false };
    expect(checkShow({ ...values, media: 'link', mediaUrl: 'river' }, LIMITS)).toEqual({
      mediaUrl: 'Give a full web address, starting with https:// or http://.',
    });
    const withFile = { ...values, media: 'file' as const, file: file('new.mp4', 10, 'video/mp4') };
    expect(checkShow(withFile, LIMITS)).toEqual({});
    expect(revisionPayload(withFile)).toMatchObject({
      file: { name: 'new.mp4', size: 10, type: 'video/mp4' },
    });
    expect(
      revisionPayload({ ...values, media: 'link', mediaUrl: ' https://x.org/a ' }),
    ).toMatchObject({ mediaUrl: 'https://x.org/a' });
  });
});

describe('helpers', () => {
  it('reads web addresses', () => {
    expect(isWebAddress('https://example.org/x')).toBe(true);
    expect(isWebAddress('ftp://example.org/x')).toBe(false);
    expect(isWebAddress('example.org')).toBe(false);
  });

  it('takes video and audio, the station’s types when it lists some', () => {
    expect(acceptsType('video/webm', [])).toBe(true);
    expect(acceptsType('image/png', [])).toBe(false);
    expect(acceptsType('video/webm', ['video/*', 'audio/*'])).toBe(true);
    expect(acceptsType('audio/mpeg', ['video/*', 'audio/*'])).toBe(true);
    expect(acceptsType('text/plain', ['video/*', 'audio/*'])).toBe(false);
    expect(acceptsType('video/webm', ['video/mp4'])).toBe(false);
    // The browser names no type for some containers: the server reads the content.
    expect(acceptsType('', ['video/*'])).toBe(true);
    expect(acceptAttribute([])).toBe('video/*,audio/*');
    expect(acceptAttribute(['video/mp4', 'audio/mpeg'])).toBe('video/mp4,audio/mpeg');
  });

  it('splits a station’s text into paragraphs at blank lines', () => {
    expect(paragraphs('One\nstill one\n\n  Two  \r\n\r\n\n\nThree\n')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
    expect(paragraphs('  \n ')).toEqual([]);
  });

  it('finds the status page’s path in the mailed link', () => {
    expect(statusPath('https://tv.example.org/submission/status/abc')).toBe(
      '/submission/status/abc',
    );
  });

  it('names each review', () => {
    expect(statusBadge('pending')).toMatchObject({ label: 'Waiting for review', color: 'blue' });
    expect(statusBadge('changes').label).toBe('Changes requested');
    expect(statusBadge('approved').label).toBe('Approved');
    expect(statusBadge('rejected').label).toBe('Rejected');
  });

  it('writes a record’s time in a zone', () => {
    expect(formatWhen('2026-11-27 14:05:00.000Z', 'UTC')).toMatch(/2:05/);
    expect(formatWhen('', 'UTC')).toBe('');
  });
});
