import { describe, expect, it } from 'vitest';
import { fieldProblem, validateAll } from '../../ui/forms/form-state';
import {
  emailChangeNotice,
  PROFILE_FIELDS,
  PROFILE_OPTIONS,
  profileChanges,
  profileValues,
  USERNAME_MESSAGE,
} from './profile-form';

const field = (name: string) => {
  const found = PROFILE_FIELDS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('the profile card fields (seed §2)', () => {
  it('have the seed labels, in order, named after the users fields', () => {
    expect(PROFILE_FIELDS.map(({ label, name, type }) => [label, name, type])).toEqual([
      ['Full Name', 'name', 'text'],
      ['Phone Number', 'phone', 'tel'],
      ['Email Address', 'email', 'email'],
      ['Username', 'username', 'text'],
      ['Bio', 'bio', 'textarea'],
    ]);
  });

  it('use the label as placeholder and require only the email', () => {
    expect(PROFILE_FIELDS.map((candidate) => candidate.placeholder)).toEqual([
      'Full Name',
      'Phone Number',
      'Email Address',
      'Username',
      'Bio',
    ]);
    expect(PROFILE_FIELDS.filter((candidate) => candidate.required).map((c) => c.name)).toEqual([
      'email',
    ]);
  });

  it('refuse what the server refuses, with the seed messages', () => {
    const values = {
      name: 'x'.repeat(256),
      phone: '555-123-4567',
      email: 'not-an-email',
      username: 'has space',
      bio: '',
    };
    expect(validateAll(PROFILE_FIELDS, values, PROFILE_OPTIONS.checks)).toEqual({
      name: 'The Full Name field must be at most 255 characters.',
      phone: 'phone_number is invalid',
      email: 'email is invalid',
      username: USERNAME_MESSAGE,
    });
    expect(fieldProblem(field('email'), { email: '' })).toBe(
      'The Email Address field is required.',
    );
  });

  it('format a valid phone number when it is left', () => {
    expect(PROFILE_OPTIONS.formatOnBlur?.phone?.('2125550100')).toBe('+1 (212) 555-0100');
  });
});

describe('profileValues', () => {
  it('reads the user record, with the phone formatted and missing fields empty', () => {
    expect(
      profileValues({
        id: 'u1',
        name: 'Pat Producer',
        phone: '2125550100',
        email: 'pat@example.org',
        avatar: 'pat.png',
      }),
    ).toEqual({
      name: 'Pat Producer',
      phone: '+1 (212) 555-0100',
      email: 'pat@example.org',
      username: '',
      bio: '',
    });
  });
});

describe('profileChanges', () => {
  const start = {
    name: 'Pat',
    phone: '',
    email: 'pat@example.org',
    username: 'pat',
    bio: 'Hello',
  };

  it('sends only what changed, trimmed except the bio', () => {
    expect(profileChanges(start, { ...start, name: ' Pat Producer ', bio: 'Line one\n' })).toEqual({
      patch: { name: 'Pat Producer', bio: 'Line one\n' },
      newEmail: null,
    });
  });

  it('never patches the email: a new one goes through a confirmation', () => {
    expect(profileChanges(start, { ...start, email: ' pat@new.example.org ' })).toEqual({
      patch: {},
      newEmail: 'pat@new.example.org',
    });
  });

  it('sends nothing when nothing changed, or only spaces around a value', () => {
    expect(profileChanges(start, { ...start, name: 'Pat  ' })).toEqual({
      patch: {},
      newEmail: null,
    });
  });

  it('lets a field be emptied', () => {
    expect(profileChanges(start, { ...start, username: '' }).patch).toEqual({ username: '' });
  });
});

describe('emailChangeNotice', () => {
  it('says where the mail went', () => {
    expect(emailChangeNotice('pat@new.example.org')).toBe(
      'We sent an email to pat@new.example.org. Open it to confirm the change: until then your email address stays as it is.',
    );
  });
});
