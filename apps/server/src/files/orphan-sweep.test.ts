import { describe, expect, it } from 'vitest';
import { ownerOfKey } from './orphan-sweep.js';

describe('ownerOfKey', () => {
  it('reads the record and the original name of a file or one of its thumbnails', () => {
    expect(ownerOfKey('pbc_1/rec/clip_abc.mp4')).toEqual({ recordId: 'rec', name: 'clip_abc.mp4' });
    expect(ownerOfKey('pbc_1/rec/thumbs_logo_a.png/100x100_logo_a.png')).toEqual({
      recordId: 'rec',
      name: 'logo_a.png',
    });
  });

  it('leaves alone what is not laid out as the storage lays files out', () => {
    expect(ownerOfKey('pbc_1/rec')).toBeNull();
    expect(ownerOfKey('pbc_1/rec/other/x')).toBeNull();
  });
});
