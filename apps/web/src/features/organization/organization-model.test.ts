import { checkRules } from '@airgrid/domain';
import { SUBMISSION_TEXT_MAX } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_FIELDS,
  canEditOrganization,
  checkSubmissionTexts,
  LEGAL_FIELDS,
  landingChannelOptions,
  landingChoice,
  landingValue,
  normalizeWebsite,
  ON_AIR_NOW,
  patchOf,
  REMITTANCE_FIELDS,
  slugChangeNotice,
  submissionTexts,
  valuesOf,
} from './organization-model';

const rulesOf = (fields: readonly { name: string; rules: string }[], name: string) =>
  fields.find((field) => field.name === name)?.rules ?? '';

describe('who edits', () => {
  it('lets owners and admins edit, and everyone else read', () => {
    expect(canEditOrganization('owner')).toBe(true);
    expect(canEditOrganization('admin')).toBe(true);
    for (const role of ['editor', 'producer', 'viewer', undefined, ''])
      expect(canEditOrganization(role)).toBe(false);
  });
});

describe('the fields', () => {
  it("check the seed's rules with their exact messages", () => {
    const problem = (
      fields: typeof CONTACT_FIELDS | typeof LEGAL_FIELDS,
      name: string,
      v: string,
    ) => checkRules(v, rulesOf(fields, name), name)?.message ?? null;
    expect(problem(CONTACT_FIELDS, 'contactPhone', '555-123-4567')).toBe('phone_number is invalid');
    expect(problem(CONTACT_FIELDS, 'contactPhone', '+1 (212) 555-0100')).toBeNull();
    expect(problem(CONTACT_FIELDS, 'postalCode', '1485')).toBe('zipcode is invalid');
    expect(problem(CONTACT_FIELDS, 'postalCode', '14850-1234')).toBeNull();
    expect(problem(CONTACT_FIELDS, 'website', 'tv.lakeside.example.org')).toBe(
      'url is incorrectly formatted',
    );
    expect(problem(CONTACT_FIELDS, 'contactEmail', 'nope')).toBe('email is invalid');
    expect(problem(LEGAL_FIELDS, 'ein', '123456789')).toBe('ein is invalid');
    expect(checkRules('000000000', rulesOf(REMITTANCE_FIELDS, 'routingNumber'), 'r')?.message).toBe(
      'routing_number is invalid',
    );
  });
});

describe('values and patches', () => {
  it('reads a record, formatting the phone number, and sends every field trimmed', () => {
    const values = valuesOf(
      { contactPhone: '2125550100', city: ' Ithaca ', region: 7 },
      CONTACT_FIELDS,
    );
    expect(values.contactPhone).toBe('+1 (212) 555-0100');
    expect(values.region).toBe('');
    const patch = patchOf({ ...values, website: 'lakesidetv.org' }, CONTACT_FIELDS);
    expect(patch).toMatchObject({ city: 'Ithaca', website: 'https://lakesidetv.org', region: '' });
    expect(Object.keys(patch).sort()).toEqual(CONTACT_FIELDS.map((field) => field.name).sort());
  });

  it('adds https:// to a bare website and keeps one that has a scheme', () => {
    expect(normalizeWebsite(' lakesidetv.org ')).toBe('https://lakesidetv.org');
    expect(normalizeWebsite('http://lakesidetv.org')).toBe('http://lakesidetv.org');
    expect(normalizeWebsite('')).toBe('');
  });
});

describe('the slug change notice', () => {
  it('says nothing until the slug changes, then that the old addresses redirect', () => {
    expect(slugChangeNotice('lakeside', 'lakeside')).toBeNull();
    expect(slugChangeNotice('lakeside', '  ')).toBeNull();
    const notice = slugChangeNotice('lakeside', 'lakeside-tv');
    expect(notice).toContain('“lakeside-tv”');
    expect(notice).toContain('“lakeside” keep working');
    expect(notice).toContain('redirect permanently');
  });
});

describe('the landing channel', () => {
  const channel = (id: string, more: Partial<{ public: boolean; archived: boolean }> = {}) => ({
    id,
    name: `Channel ${id}`,
    number: 0,
    public: true,
    archived: false,
    ...more,
  });

  it('offers the channel on now, then the public channels on air', () => {
    const options = landingChannelOptions(
      [channel('a'), channel('b', { public: false }), { ...channel('c'), number: 3 }],
      '',
    );
    expect(options).toEqual([
      ON_AIR_NOW,
      { value: 'a', label: 'Channel a' },
      { value: 'c', label: '3 · Channel c' },
    ]);
  });

  it('keeps a saved choice that went private, saying so', () => {
    const options = landingChannelOptions([channel('b', { public: false })], 'b');
    expect(options[1]?.label).toContain('private');
  });

  it("maps the select's 'on now' choice to an empty landing channel and back", () => {
    expect(landingChoice('')).toBe(ON_AIR_NOW.value);
    expect(landingValue(ON_AIR_NOW.value)).toBe('');
    expect(landingValue(null)).toBe('');
    expect(landingValue('abc')).toBe('abc');
    expect(landingChoice('abc')).toBe('abc');
  });
});

describe('submission texts', () => {
  it('reads the texts, empty when the station has none', () => {
    expect(submissionTexts({})).toEqual({ submissionLicence: '', submissionPolicy: '' });
    expect(submissionTexts({ submissionLicence: 'L', submissionPolicy: 'P' })).toEqual({
      submissionLicence: 'L',
      submissionPolicy: 'P',
    });
  });

  it('keeps each within the schema’s limit', () => {
    const long = 'x'.repeat(SUBMISSION_TEXT_MAX + 1);
    expect(checkSubmissionTexts({ submissionLicence: long, submissionPolicy: '' })).toEqual({
      submissionLicence: 'At most 20000 characters.',
    });
  });
});
