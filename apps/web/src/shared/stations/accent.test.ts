import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accentVariables, contrastRatio, parseHex } from './accent';

describe('accentVariables', () => {
  it('redefines the primary colour and keeps the accent itself', () => {
    const variables = accentVariables('#1A6B3C', 'light');
    expect(variables['--station-accent']).toBe('#1a6b3c');
    expect(variables['--mantine-color-green-filled']).toBe('#1a6b3c');
    expect(variables['--mantine-primary-color-filled']).toBe('#1a6b3c');
    expect(Object.keys(variables)).toContain('--mantine-color-green-9');
    expect(Object.keys(variables)).toContain('--mantine-color-anchor');
  });

  it('gives nothing for a colour that is not #rrggbb', () => {
    expect(accentVariables('', 'light')).toEqual({});
    expect(accentVariables('green', 'dark')).toEqual({});
    expect(accentVariables('#abc', 'dark')).toEqual({});
  });

  it('keeps text readable (4.5:1) for any accent, in both schemes', () => {
    const hex = fc
      .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
      .map((rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`);
    fc.assert(
      fc.property(hex, (accent) => {
        const light = accentVariables(accent, 'light');
        const dark = accentVariables(accent, 'dark');
        expect(
          contrastRatio(light['--mantine-color-green-filled'] ?? '', '#ffffff'),
        ).toBeGreaterThanOrEqual(4.5);
        expect(
          contrastRatio(light['--mantine-color-anchor'] ?? '', '#ffffff'),
        ).toBeGreaterThanOrEqual(4.5);
        expect(
          contrastRatio(dark['--mantine-color-anchor'] ?? '', '#10141b'),
        ).toBeGreaterThanOrEqual(4.5);
        expect(
          contrastRatio(dark['--mantine-color-anchor'] ?? '', '#1e2530'),
        ).toBeGreaterThanOrEqual(4.5);
        // Light buttons: their text on their own background, in both schemes.
        for (const variables of [light, dark]) {
          expect(
            contrastRatio(
              variables['--mantine-color-green-light-color'] ?? '',
              variables['--mantine-color-green-light'] ?? '',
            ),
          ).toBeGreaterThanOrEqual(4.5);
        }
      }),
    );
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#123456', '#123456')).toBeCloseTo(1);
    expect(parseHex('#zzzzzz')).toBeNull();
  });
});
