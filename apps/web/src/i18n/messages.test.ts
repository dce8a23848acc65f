import { afterEach, describe, expect, it } from 'vitest';
import { en } from './en';
import { catalogs, messages, setLanguage } from './messages';

describe('messages', () => {
  afterEach(() => setLanguage('en'));

  it('is the English catalog by default', () => {
    expect(messages()).toBe(en);
    expect(catalogs.en).toBe(en);
  });

  it('falls back to English for a language with no catalog', () => {
    setLanguage('xx');
    expect(messages()).toBe(en);
  });
});
