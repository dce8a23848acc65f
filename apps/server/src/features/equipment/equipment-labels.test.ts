import { describe, expect, it } from 'vitest';
import { equipmentLabelsPdf, labelAddress } from './equipment-labels.js';

describe('equipment labels', () => {
  it('read the item’s address in the app', () => {
    expect(labelAddress('https://tv.example.org/', 'abc123def456ghi')).toBe(
      'https://tv.example.org/equipment?item=abc123def456ghi',
    );
  });

  it('fill a page with thirty, then start another', async () => {
    const item = (index: number) => ({
      id: `item${index}`,
      name: `Item ${index}`,
      serial: '',
      barcode: '',
    });
    const count = async (n: number) =>
      (
        await equipmentLabelsPdf(
          Array.from({ length: n }, (_, i) => item(i)),
          'https://a.example',
          'S',
        )
      )
        .toString('latin1')
        .match(/\/Type \/Page\b/g)?.length;
    expect(await count(30)).toBe(1);
    expect(await count(31)).toBe(2);
  });
});
