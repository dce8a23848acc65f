import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeField, fieldNameFromLabel } from './form-field.js';

describe('fieldNameFromLabel', () => {
  it.each([
    ['Full Name', 'fullName'],
    ['Phone Number', 'phoneNumber'],
    ['Email Address', 'emailAddress'],
    ['Username', 'username'],
    ['Bio', 'bio'],
    ['  Time   zone ', 'timeZone'],
    ['E-mail (work)', 'eMailWork'],
    ['URL', 'url'],
    ['Stream URL', 'streamUrl'],
    ['Zip code 5', 'zipCode5'],
    ['Café Name', 'cafeName'],
    ['snake_case label', 'snakeCaseLabel'],
  ])('names %j %j', (label, name) => {
    expect(fieldNameFromLabel(label)).toBe(name);
  });

  it('never starts a name with a digit', () => {
    expect(fieldNameFromLabel('2nd Phone')).toBe('field2ndPhone');
  });

  it('gives nothing for a label without letters or digits', () => {
    expect(fieldNameFromLabel('—?!')).toBe('');
    expect(fieldNameFromLabel('')).toBe('');
  });

  it('always gives a PocketBase-safe name: letters and digits, not starting with a digit', () => {
    fc.assert(
      fc.property(fc.string(), (label) => {
        const name = fieldNameFromLabel(label);
        expect(name === '' || /^[a-z][A-Za-z0-9]*$/.test(name)).toBe(true);
      }),
    );
  });
});

describe('describeField', () => {
  it('fills the seed defaults from the label alone', () => {
    expect(describeField({ label: 'Full Name' })).toEqual({
      label: 'Full Name',
      value: null,
      type: 'text',
      options: [],
      groupedOptions: [],
      name: 'fullName',
      placeholder: 'Full Name',
      required: false,
      rules: '',
    });
  });

  it('keeps what the author gave', () => {
    const field = describeField({
      label: 'Phone Number',
      name: 'phone',
      type: 'tel',
      value: '2125550100',
      placeholder: '(212) 555-0100',
      rules: 'required|phone',
    });
    expect(field).toMatchObject({
      name: 'phone',
      type: 'tel',
      value: '2125550100',
      placeholder: '(212) 555-0100',
      required: true,
      rules: 'required|phone',
    });
  });

  it('is required only when the rules contain required', () => {
    expect(describeField({ label: 'A', rules: 'max:20|required' }).required).toBe(true);
    expect(describeField({ label: 'A', rules: 'phone' }).required).toBe(false);
    expect(describeField({ label: 'A', rules: 'requiredness' }).required).toBe(false);
  });

  it('keeps an empty placeholder when one is given on purpose', () => {
    expect(describeField({ label: 'Bio', placeholder: '' }).placeholder).toBe('');
  });

  it('keeps falsy starting values other than undefined', () => {
    expect(describeField({ label: 'Public', type: 'checkbox', value: false }).value).toBe(false);
    expect(describeField({ label: 'Count', value: 0 }).value).toBe(0);
    expect(describeField({ label: 'Note', value: '' }).value).toBe('');
  });

  it('normalizes options to value and label pairs', () => {
    const field = describeField({
      label: 'Clock',
      type: 'select',
      options: ['12h', { value: '24h', label: '24-hour' }, { value: 3 }],
    });
    expect(field.options).toEqual([
      { value: '12h', label: '12h' },
      { value: '24h', label: '24-hour' },
      { value: '3', label: '3' },
    ]);
  });

  it('normalizes grouped options to Mantine groups', () => {
    const field = describeField({
      label: 'Time zone',
      type: 'select',
      groupedOptions: [
        {
          group: 'America',
          items: ['America/New_York', { value: 'America/Chicago', label: 'Central' }],
        },
      ],
    });
    expect(field.groupedOptions).toEqual([
      {
        group: 'America',
        items: [
          { value: 'America/New_York', label: 'America/New_York' },
          { value: 'America/Chicago', label: 'Central' },
        ],
      },
    ]);
  });

  it('trims the label and an explicit name', () => {
    const field = describeField({ label: '  Username ', name: ' handle ' });
    expect(field.label).toBe('Username');
    expect(field.name).toBe('handle');
    expect(field.placeholder).toBe('Username');
  });

  it('refuses a field that would have no name', () => {
    expect(() => describeField({ label: '???' })).toThrow(
      'The form field labelled "???" needs a name.',
    );
    expect(describeField({ label: '???', name: 'question' }).name).toBe('question');
  });
});
