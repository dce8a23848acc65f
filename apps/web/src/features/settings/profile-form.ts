import { describeField, formatPhone } from '@airgrid/domain';
import { users } from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import type { FormValues } from '../../ui/forms/form-state';
import { collectionRules, patternCheck } from '../../ui/forms/schema-rules';
import type { RecordFormOptions } from '../../ui/forms/use-record-form';

const t = messages();

// The Settings modal's profile card (seed §2): Full Name, Phone Number, Email Address,
// Username and Bio. Each field is named after its users field, so the server's field errors
// land under it, and takes its limits from the users collection, so the form and the server
// refuse the same values.

const rules = (name: string) => collectionRules(users, name);

export const PROFILE_FIELDS = [
  describeField({ label: t.settings.fullName, name: 'name', rules: rules('name') }),
  describeField({
    label: t.settings.phoneNumber,
    name: 'phone',
    type: 'tel',
    rules: rules('phone'),
  }),
  describeField({
    label: t.settings.emailAddress,
    name: 'email',
    type: 'email',
    rules: rules('email'),
  }),
  describeField({ label: t.settings.username, name: 'username', rules: rules('username') }),
  describeField({ label: t.settings.bio, name: 'bio', type: 'textarea', rules: rules('bio') }),
] as const;

/** The profile fields saved by a record update (the email changes through a confirmation). */
const UPDATED_FIELDS = ['name', 'phone', 'username', 'bio'] as const;

export const USERNAME_MESSAGE = t.settings.aUsernameUsesLettersDigits;

export const PROFILE_OPTIONS: Pick<
  RecordFormOptions<FormValues, unknown>,
  'checks' | 'formatOnBlur'
> = {
  checks: { username: patternCheck(users, 'username', USERNAME_MESSAGE) },
  // Seed §9: a 10-digit number shows as +1 (xxx) xxx-xxxx, and is stored as shown.
  formatOnBlur: { phone: formatPhone },
};

/** The profile card's values for a user record, the phone number formatted. */
export function profileValues(user: Readonly<Record<string, unknown>>): FormValues {
  const text = (name: string) => (typeof user[name] === 'string' ? (user[name] as string) : '');
  return {
    name: text('name'),
    phone: formatPhone(text('phone')),
    email: text('email'),
    username: text('username'),
    bio: text('bio'),
  };
}

export interface ProfileChanges {
  /** Changed fields for `pb.collection('users').update` (text trimmed, bio as written). */
  patch: Record<string, string>;
  /** The new email to confirm, when it changed; PocketBase never patches an email directly. */
  newEmail: string | null;
}

/** What Save has to send: the changed fields, and the email change if there is one. */
export function profileChanges(
  initial: Readonly<FormValues>,
  values: Readonly<FormValues>,
): ProfileChanges {
  const patch: Record<string, string> = {};
  for (const name of UPDATED_FIELDS) {
    const value = String(values[name] ?? '');
    const cleaned = name === 'bio' ? value : value.trim();
    if (cleaned !== String(initial[name] ?? '')) patch[name] = cleaned;
  }
  const email = String(values.email ?? '').trim();
  const newEmail = email !== '' && email !== String(initial.email ?? '') ? email : null;
  return { patch, newEmail };
}

/**
 * What the profile card tells the user once the mail is on its way: a confirmation link, or
 * (when another account has the address) a note saying so, which only the address's owner reads.
 */
export function emailChangeNotice(newEmail: string): string {
  const t = messages();
  return t.settings.weSentAnEmailTo(newEmail);
}
