import { describeField } from '@airgrid/domain';
import { describe, expect, it } from 'vitest';
import {
  blurField,
  changedFields,
  changeField,
  changeTrigger,
  fieldProblem,
  initialValues,
  placeServerErrors,
  ruleText,
  setFields,
  validateAll,
  validatesOn,
  withFieldError,
} from './form-state';

const phone = describeField({ label: 'Phone Number', name: 'phone', type: 'tel', rules: 'phone' });
const name = describeField({ label: 'Full Name', name: 'name', rules: 'required|max:5' });
const role = describeField({
  label: 'Role',
  type: 'select',
  options: ['admin'],
  rules: 'required',
});

describe('when a field is checked (seed §5)', () => {
  it('never on input, always on blur, change and model update', () => {
    expect(validatesOn('input')).toBe(false);
    expect(validatesOn('blur')).toBe(true);
    expect(validatesOn('change')).toBe(true);
    expect(validatesOn('model')).toBe(true);
  });

  it('treats typing in a text field as input, and picking a choice as a change', () => {
    for (const type of ['text', 'email', 'tel', 'password', 'textarea', 'number', 'url']) {
      expect(changeTrigger(type), type).toBe('input');
    }
    for (const type of ['select', 'checkbox', 'radio', 'switch', 'segmented', 'file', 'date']) {
      expect(changeTrigger(type), type).toBe('change');
    }
  });
});

describe('ruleText', () => {
  it('reads a ticked box as filled and an unticked one as empty', () => {
    expect(ruleText(true)).toBe('true');
    expect(ruleText(false)).toBe('');
    expect(ruleText(undefined)).toBe('');
    expect(ruleText('x')).toBe('x');
  });
});

describe('initialValues', () => {
  it('starts from the descriptors, empty where they have no value', () => {
    const fields = [
      describeField({ label: 'Full Name', value: 'Pat' }),
      describeField({ label: 'Bio' }),
      describeField({ label: 'Public', type: 'checkbox' }),
      describeField({ label: 'Featured', type: 'checkbox', value: true }),
      describeField({ label: 'Episode', value: 3 }),
    ];
    expect(initialValues(fields)).toEqual({
      fullName: 'Pat',
      bio: '',
      public: false,
      featured: true,
      episode: '3',
    });
  });
});

describe('fieldProblem', () => {
  it('gives the seed message of the first failing rule', () => {
    expect(fieldProblem(phone, { phone: '555-123-4567' })).toBe('phone_number is invalid');
    expect(fieldProblem(phone, { phone: '212-555-0100' })).toBeNull();
    expect(fieldProblem(phone, { phone: '' })).toBeNull();
  });

  it('names the field by its label', () => {
    expect(fieldProblem(name, { name: '' })).toBe('The Full Name field is required.');
    expect(fieldProblem(name, { name: 'Patricia' })).toBe(
      'The Full Name field must be at most 5 characters.',
    );
  });

  it('runs the extra check only once the rules pass', () => {
    const noSpaces = (value: unknown) => (String(value).includes(' ') ? 'No spaces.' : null);
    expect(fieldProblem(name, { name: 'a b' }, noSpaces)).toBe('No spaces.');
    expect(fieldProblem(name, { name: '' }, noSpaces)).toBe('The Full Name field is required.');
  });

  it('compares same:other with the other field of the form', () => {
    const confirm = describeField({ label: 'Confirm', rules: 'same:password' });
    expect(fieldProblem(confirm, { password: 'abc', confirm: 'abd' })).toBe('password must match');
    expect(fieldProblem(confirm, { password: 'abc', confirm: 'abc' })).toBeNull();
  });

  it('counts an unticked required box as empty', () => {
    const terms = describeField({ label: 'Terms', type: 'checkbox', rules: 'required' });
    expect(fieldProblem(terms, { terms: false })).toBe('The Terms field is required.');
    expect(fieldProblem(terms, { terms: true })).toBeNull();
  });
});

describe('validateAll and withFieldError', () => {
  it('lists only the fields with a problem', () => {
    expect(validateAll([phone, name, role], { phone: 'nope', name: 'Pat', role: '' })).toEqual({
      phone: 'phone_number is invalid',
      role: 'The Role field is required.',
    });
  });

  it('sets and clears one message without touching the others', () => {
    const errors = { phone: 'phone_number is invalid' };
    expect(withFieldError(errors, 'name', 'Too long')).toEqual({
      phone: 'phone_number is invalid',
      name: 'Too long',
    });
    expect(withFieldError(errors, 'phone', null)).toEqual({});
    expect(errors).toEqual({ phone: 'phone_number is invalid' });
  });
});

describe('placeServerErrors', () => {
  it('puts messages under the fields the form has, through aliases', () => {
    expect(
      placeServerErrors(
        { username: 'Invalid value format.', newEmail: 'Invalid new email address.' },
        ['name', 'username', 'email'],
        { newEmail: 'email' },
      ),
    ).toEqual({
      fieldErrors: { username: 'Invalid value format.', email: 'Invalid new email address.' },
      unplaced: [],
    });
  });

  it('keeps messages for fields the form lacks, to show above it', () => {
    expect(placeServerErrors({ role: 'Cannot be blank.' }, ['name'])).toEqual({
      fieldErrors: {},
      unplaced: ['role: Cannot be blank.'],
    });
  });
});

describe('changedFields', () => {
  it('names the fields whose value moved from the start', () => {
    const start = { name: 'Pat', phone: '', bio: 'Hi' };
    expect(changedFields(start, { name: 'Pat', phone: '2125550100', bio: 'Hi' })).toEqual([
      'phone',
    ]);
    expect(changedFields(start, start)).toEqual([]);
  });
});

describe('the field events (what useRecordForm does on input, change, blur and set)', () => {
  const start = { values: { phone: '', name: 'Pat', role: '' }, errors: {}, busy: false };

  it('stores typing without a message, keeping the message already there', () => {
    const typed = changeField(start, phone, '555-123-4567');
    expect(typed).toEqual({ ...start, values: { ...start.values, phone: '555-123-4567' } });
    const shown = { ...start, errors: { phone: 'phone_number is invalid' } };
    expect(changeField(shown, phone, '212-555-0100').errors).toEqual({
      phone: 'phone_number is invalid',
    });
  });

  it('checks a committed choice at once, and clears its message when it passes', () => {
    expect(changeField(start, role, '').errors).toEqual({ role: 'The Role field is required.' });
    const fixed = changeField({ ...start, errors: { role: 'x' } }, role, 'admin');
    expect(fixed.errors).toEqual({});
    expect(fixed.values.role).toBe('admin');
  });

  it('checks a field when it is left, with its extra check, keeping other state', () => {
    const left = blurField({ ...start, values: { ...start.values, phone: 'nope' } }, phone);
    expect(left.errors).toEqual({ phone: 'phone_number is invalid' });
    expect(left.busy).toBe(false);
    const noPat = (value: unknown) => (value === 'Pat' ? 'Not Pat.' : null);
    expect(blurField(start, name, noPat).errors).toEqual({ name: 'Not Pat.' });
  });

  it('tidies the text of a field that passes when it is left, and only then', () => {
    const upper = (text: string) => text.toUpperCase();
    expect(blurField(start, name, undefined, upper).values.name).toBe('PAT');
    const long = { ...start, values: { ...start.values, name: 'Patricia' } };
    const refused = blurField(long, name, undefined, upper);
    expect(refused.values.name).toBe('Patricia');
    expect(refused.errors).toEqual({ name: 'The Full Name field must be at most 5 characters.' });
    expect(blurField(start, phone, undefined, upper).values.phone).toBe('');
  });

  it('checks each rules field the form sets itself, against the new values, and stores the rest', () => {
    const fields = { phone, name, role };
    const set = setFields(start, fields, { phone: 'nope', name: '', other: 'kept' });
    expect(set.values).toEqual({ phone: 'nope', name: '', role: '', other: 'kept' });
    expect(set.errors).toEqual({
      phone: 'phone_number is invalid',
      name: 'The Full Name field is required.',
    });
    const extra = { phone: () => 'Never.' };
    expect(setFields(start, fields, { phone: '212-555-0100' }, extra).errors).toEqual({
      phone: 'Never.',
    });
    expect(setFields({ ...start, errors: { role: 'x' } }, fields, { name: 'Al' }).errors).toEqual({
      role: 'x',
    });
  });
});
