import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contextOfHash, contextTitle, modalForHash } from './hash-modal';

describe('modalForHash', () => {
  it('opens nothing without a hash', () => {
    expect(modalForHash('')).toBeNull();
    expect(modalForHash('#')).toBeNull();
  });

  it('opens the CSV importer for #upload-csv', () => {
    expect(modalForHash('#upload-csv')).toBe('csv-upload');
  });

  it('leaves #records and #edit-… to the page', () => {
    expect(modalForHash('#records')).toBeNull();
    expect(modalForHash('#edit-abc123')).toBeNull();
    expect(modalForHash('#edit-')).toBeNull();
  });

  it('opens the details modal for any other hash', () => {
    expect(modalForHash('#details')).toBe('details');
    expect(modalForHash('#stream-health')).toBe('details');
    expect(modalForHash('#recordsx')).toBe('details');
    expect(modalForHash('#editor')).toBe('details');
    expect(modalForHash('#upload-csv-2')).toBe('details');
  });

  it('decides every hash, and only the three reserved forms are not details', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (text) => {
        const modal = modalForHash(`#${text}`);
        const context = contextOfHash(`#${text}`);
        if (context === 'upload-csv') return modal === 'csv-upload';
        if (context === 'records' || context.startsWith('edit-')) return modal === null;
        return modal === 'details';
      }),
    );
  });
});

describe('contextOfHash and contextTitle', () => {
  it('decodes the hash and tolerates a malformed escape', () => {
    expect(contextOfHash('#now%20playing')).toBe('now playing');
    expect(contextOfHash('#100%')).toBe('100%');
    expect(contextOfHash('details')).toBe('details');
  });

  it('turns a context into a heading', () => {
    expect(contextTitle('stream-health')).toBe('Stream health');
    expect(contextTitle('bumper_settings')).toBe('Bumper settings');
    expect(contextTitle('---')).toBe('Details');
  });
});
