import { describe, expect, it } from 'vitest';
import { uploadErrorMessage } from './resumable-upload';

const refused = (status: number, body: string) => ({
  originalResponse: { getStatus: () => status, getBody: () => body },
});

describe('uploadErrorMessage', () => {
  it('gives the field’s reason, else the server’s message', () => {
    expect(
      uploadErrorMessage(
        refused(
          400,
          JSON.stringify({
            message: 'Failed to update record.',
            data: { media: { code: 'validation_invalid_mime_type', message: 'Choose a video.' } },
          }),
        ),
      ),
    ).toBe('Choose a video.');
    expect(
      uploadErrorMessage(refused(413, JSON.stringify({ message: 'Too big.', data: {} }))),
    ).toBe('Too big.');
  });

  it('says the server could not be reached when nothing answered, and fails plainly otherwise', () => {
    expect(uploadErrorMessage(new Error('network'))).toContain('could not be reached');
    expect(uploadErrorMessage(refused(502, '<html>bad gateway</html>'))).toBe(
      'The upload failed. Try again.',
    );
  });
});
