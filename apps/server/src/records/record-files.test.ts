import { type CollectionDefinition, file, image } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import { NewFile, type UploadedFile } from './record-files.js';
import { checkNewFile, resolveInput, validateRecord } from './record-input.js';

// PocketBase's file setters (API-CONTRACT §2.5) on a collection with a single and a multiple
// file field, without HTTP or storage.

const docs: CollectionDefinition = {
  id: 'pbc_docs',
  name: 'docs',
  type: 'base',
  fields: [file('cover'), file('attachments', { maxSelect: 3 }), image('photo')],
};

function newFile(
  name: string,
  overrides: Partial<UploadedFile> = {},
  dims?: NewFile['dimensions'],
) {
  return new NewFile(
    {
      fieldname: 'attachments',
      filename: name,
      mimetype: 'application/octet-stream',
      size: 10,
      path: `/tmp/${name}`,
      truncated: false,
      ...overrides,
    },
    { mime: 'image/png', ext: '.png' },
    dims ?? null,
    name,
  );
}

const existing = { id: 'r1', cover: 'old_cover.png', attachments: ['a.txt', 'b.txt'], photo: '' };

describe('file setters', () => {
  it('replaces all files with new ones under the plain key', () => {
    const upload = newFile('n.png');
    const input = resolveInput(docs, { attachments: [upload] }, existing, false);
    expect(input.values.attachments).toEqual(['n.png']);
    expect(input.uploads).toEqual([upload]);
    expect(input.errors).toEqual({});
  });

  it('keeps names sent with the same key, new files after them', () => {
    const upload = newFile('n.png');
    const input = resolveInput(docs, { attachments: ['b.txt', upload] }, existing, false);
    expect(input.values.attachments).toEqual(['b.txt', 'n.png']);
  });

  it('prepends with +f, appends with f+, removes with f-', () => {
    expect(
      resolveInput(docs, { '+attachments': [newFile('n.png')] }, existing, false).values,
    ).toEqual({
      attachments: ['n.png', 'a.txt', 'b.txt'],
    });
    expect(
      resolveInput(docs, { 'attachments+': newFile('n.png') }, existing, false).values,
    ).toEqual({
      attachments: ['a.txt', 'b.txt', 'n.png'],
    });
    expect(resolveInput(docs, { 'attachments-': ['a.txt'] }, existing, false).values).toEqual({
      attachments: ['b.txt'],
    });
    expect(resolveInput(docs, { 'cover-': 'old_cover.png' }, existing, false).values).toEqual({
      cover: '',
    });
  });

  it('clears with an empty value and keeps the last of several files on a single field', () => {
    expect(resolveInput(docs, { attachments: '' }, existing, false).values.attachments).toEqual([]);
    expect(resolveInput(docs, { cover: null }, existing, false).values.cover).toBe('');
    const first = newFile('first.png');
    const last = newFile('last.png');
    const input = resolveInput(docs, { cover: [first, last] }, existing, false);
    expect(input.values.cover).toBe('last.png');
    expect(input.uploads).toEqual([last]);
  });

  it('refuses names the record does not have, and more files than maxSelect', () => {
    const input = resolveInput(docs, { attachments: ['a.txt', 'stolen.txt'] }, existing, false);
    expect(input.errors.attachments).toEqual({
      code: 'validation_invalid_file',
      message: 'Invalid new files: stolen.txt.',
      params: { invalidFiles: ['stolen.txt'] },
    });
    expect(resolveInput(docs, { cover: 'old_cover.png' }, null, false).errors.cover).toMatchObject({
      code: 'validation_invalid_file',
    });
    expect(
      validateRecord(docs, { ...existing, attachments: ['a', 'b', 'c', 'd'] }).attachments,
    ).toEqual({
      code: 'validation_too_many_files',
      message: 'The maximum allowed files is 3.',
      params: { maxSelect: 3 },
    });
  });
});

describe('checkNewFile', () => {
  it('checks size, type and image size in that order', () => {
    const photo = docs.fields[2] as ReturnType<typeof image>;
    expect(checkNewFile(photo, newFile('ok.png', {}, { width: 800, height: 800 }))).toBeNull();
    expect(checkNewFile(photo, newFile('big.png', { truncated: true }))).toMatchObject({
      code: 'validation_file_size_limit',
      params: { file: 'big.png', maxSize: 5 * 1024 * 1024 },
    });
    const pdf = new NewFile(
      newFile('cv.pdf').upload,
      { mime: 'application/pdf', ext: '.pdf' },
      null,
      'cv.pdf',
    );
    expect(checkNewFile(photo, pdf)).toEqual({
      code: 'validation_invalid_mime_type',
      message:
        'Failed to upload "cv.pdf": it is a PDF file, and only SVG, PNG, JPG or GIF files are allowed.',
      params: {
        file: 'cv.pdf',
        mimeType: 'application/pdf',
        mimeTypes: ['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif'],
      },
    });
    expect(checkNewFile(photo, newFile('tall.png', {}, { width: 10, height: 801 }))).toMatchObject({
      code: 'validation_image_too_large',
      message: 'The image must be at most 800 × 800 px (this one is 10 × 801).',
    });
    expect(checkNewFile(photo, newFile('bad.png', {}, 'unreadable'))).toMatchObject({
      code: 'validation_invalid_image',
    });
  });
});
