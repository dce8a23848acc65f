import { describe, expect, it } from 'vitest';
import { feedEtag, httpDate, isNotModified } from './feed-validators.js';

const modified = Date.parse('2026-11-20T10:15:30Z');

describe('feedEtag', () => {
  it('is a weak tag that depends on every part', () => {
    const tag = feedEtag(['xmltv', 'org', 1, { updated: 'x', timeslots: 3 }]);
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(feedEtag(['xmltv', 'org', 1, { updated: 'x', timeslots: 3 }])).toBe(tag);
    expect(feedEtag(['xmltv', 'org', 1, { updated: 'x', timeslots: 2 }])).not.toBe(tag);
    expect(feedEtag(['ics', 'org', 1, { updated: 'x', timeslots: 3 }])).not.toBe(tag);
  });
});

describe('httpDate', () => {
  it('writes an IMF-fixdate', () => {
    expect(httpDate(modified)).toBe('Fri, 20 Nov 2026 10:15:30 GMT');
  });
});

describe('isNotModified', () => {
  const etag = 'W/"abc"';

  it('matches If-None-Match weakly, in a list, or *', () => {
    expect(isNotModified({ 'if-none-match': 'W/"abc"' }, etag, modified)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"abc"' }, etag, modified)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"x", W/"abc" ' }, etag, modified)).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, etag, modified)).toBe(true);
    expect(isNotModified({ 'if-none-match': 'W/"abd"' }, etag, modified)).toBe(false);
    expect(isNotModified({}, etag, modified)).toBe(false);
  });

  it('compares If-Modified-Since to the second', () => {
    expect(isNotModified({ 'if-modified-since': httpDate(modified) }, etag, modified)).toBe(true);
    expect(isNotModified({ 'if-modified-since': httpDate(modified) }, etag, modified + 999)).toBe(
      true,
    );
    expect(isNotModified({ 'if-modified-since': httpDate(modified - 1000) }, etag, modified)).toBe(
      false,
    );
    expect(isNotModified({ 'if-modified-since': 'yesterday' }, etag, modified)).toBe(false);
  });

  it('lets If-None-Match decide when both are sent', () => {
    const since = httpDate(modified);
    expect(
      isNotModified({ 'if-none-match': 'W/"old"', 'if-modified-since': since }, etag, modified),
    ).toBe(false);
    expect(
      isNotModified(
        { 'if-none-match': etag, 'if-modified-since': httpDate(modified - 60_000) },
        etag,
        modified,
      ),
    ).toBe(true);
  });
});
