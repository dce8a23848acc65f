import type { MediaInfo, SubmissionRecord } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  isOpen,
  LOUDNESS_TARGET_LUFS,
  loudnessFact,
  mediaFacts,
  runningTimeOf,
  SUBMISSIONS_VIEWS,
  submissionStatusBadge,
  submissionsFilter,
} from './review-queue-model';

const info = (loudness?: MediaInfo['loudness']): Partial<MediaInfo> => ({
  durationSec: 1740,
  container: 'mov,mp4',
  video: { codec: 'h264', width: 1920, height: 1080 },
  audio: { codec: 'aac', channels: 2 },
  loudness,
});

const submission = (overrides: Partial<SubmissionRecord> = {}): SubmissionRecord => ({
  id: 's1',
  created: '2026-11-27 10:00:00.000Z',
  updated: '2026-11-27 10:00:00.000Z',
  organization: 'o1',
  title: 'River Voices',
  description: '',
  category: '',
  rating: '',
  language: '',
  durationSec: 0,
  mediaUrl: '',
  media: '',
  awaitingFile: false,
  mediaInfo: {},
  submitterName: 'Ana',
  submitterEmail: 'ana@example.org',
  submitter: '',
  licenceAccepted: true,
  policyAccepted: true,
  status: 'pending',
  reviewNote: '',
  show: '',
  ...overrides,
});

describe('submissionsFilter', () => {
  it('lists the pending and those sent back as waiting, and each decision alone', () => {
    expect(submissionsFilter('waiting')).toBe('status = "pending" || status = "changes"');
    expect(submissionsFilter('approved')).toBe('status = "approved"');
    expect(submissionsFilter('rejected')).toBe('status = "rejected"');
    expect(submissionsFilter('all')).toBe('');
    expect(SUBMISSIONS_VIEWS).toEqual(['waiting', 'approved', 'rejected', 'all']);
  });
});

describe('submissionStatusBadge', () => {
  it('says each status in words with its own colour', () => {
    const badges = (['pending', 'approved', 'rejected', 'changes'] as const).map(
      submissionStatusBadge,
    );
    expect(badges.map((badge) => badge.label)).toEqual([
      'Waiting for review',
      'Approved',
      'Rejected',
      'Changes requested',
    ]);
    expect(new Set(badges.map((badge) => badge.color)).size).toBe(4);
  });
});

describe('loudnessFact', () => {
  it('is null until measured', () => {
    expect(loudnessFact(undefined)).toBeNull();
    expect(loudnessFact(info())).toBeNull();
    expect(loudnessFact(info(null))).toBeNull();
  });

  it('reads the figures and says when they are off the broadcast target', () => {
    expect(loudnessFact(info({ integratedLufs: -23.04, truePeakDb: -2 }))).toEqual({
      text: '-23.0 LUFS integrated, true peak -2.0 dBTP',
      off: null,
    });
    expect(loudnessFact(info({ integratedLufs: -14, truePeakDb: 0.4 }))?.off).toBe('loud');
    expect(loudnessFact(info({ integratedLufs: -31.5, truePeakDb: -12 }))?.off).toBe('quiet');
  });

  it('takes two LU either side of −24 as on target', () => {
    for (const gap of [-2, -1, 0, 1, 2]) {
      const fact = loudnessFact(
        info({ integratedLufs: LOUDNESS_TARGET_LUFS + gap, truePeakDb: -1 }),
      );
      expect(fact?.off).toBeNull();
    }
    expect(loudnessFact(info({ integratedLufs: -21.9, truePeakDb: -1 }))?.off).toBe('loud');
    expect(loudnessFact(info({ integratedLufs: -26.1, truePeakDb: -1 }))?.off).toBe('quiet');
  });
});

describe('mediaFacts', () => {
  it('says what the reviewer has: a file arriving, being read, read, or a link', () => {
    expect(mediaFacts(submission({ awaitingFile: true }))).toBe('The file is still being uploaded');
    expect(mediaFacts(submission({ media: 'river_abcdefghij.mp4' }))).toBe(
      'The file is being read…',
    );
    expect(mediaFacts(submission({ media: 'river_abcdefghij.mp4', mediaInfo: info() }))).toMatch(
      /1920×1080 H264/,
    );
    expect(mediaFacts(submission({ mediaUrl: 'https://example.org/v' }))).toBe('Sent as a link');
    expect(mediaFacts(submission())).toBe('No file or link');
  });
});

describe('runningTimeOf and isOpen', () => {
  it('gives a running time only when one is known', () => {
    expect(runningTimeOf({ durationSec: 0 })).toBe('');
    expect(runningTimeOf({ durationSec: 1740 })).not.toBe('');
  });

  it('keeps approved and rejected final', () => {
    expect(isOpen({ status: 'pending' })).toBe(true);
    expect(isOpen({ status: 'changes' })).toBe(true);
    expect(isOpen({ status: 'approved' })).toBe(false);
    expect(isOpen({ status: 'rejected' })).toBe(false);
  });
});
