import { describe, expect, it } from 'vitest';
import { formatDocumentTitle } from './document-title';

describe('formatDocumentTitle', () => {
  it('puts the page title before the product name', () => {
    expect(formatDocumentTitle('Channels')).toBe('Channels · Airgrid TV');
  });

  it('shows only the product name without a page title', () => {
    expect(formatDocumentTitle()).toBe('Airgrid TV');
    expect(formatDocumentTitle(null)).toBe('Airgrid TV');
    expect(formatDocumentTitle('  ')).toBe('Airgrid TV');
  });

  it('does not repeat the product name', () => {
    expect(formatDocumentTitle('Airgrid TV')).toBe('Airgrid TV');
  });
});
