import { describeField, formatPhone } from '@airgrid/domain';
import {
  CURRENCIES,
  isAdminRole,
  type OrganizationRecord,
  organizations,
  type RemittanceRecord,
  remittances,
  SUBMISSION_TEXT_MAX,
  US_STATE_NAMES,
} from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import type { FormValues } from '../../ui/forms/form-state';
import { collectionRules, patternCheck } from '../../ui/forms/schema-rules';

const t = messages();

// The /organization page's pure parts: who may edit, each card's fields (named after the
// organizations and remittances fields, with the seed's rules and the schema's limits, so the
// form and the server refuse the same values), values from a record, and what a save sends.

/** Owners and admins edit the organization and see its remittance details; others read. */
export function canEditOrganization(role: unknown): boolean {
  return isAdminRole(role);
}

const orgRules = (name: string) => collectionRules(organizations, name);

const SLUG_MESSAGE = t.organization.aSlugUsesLowerCase;

export const IDENTITY_FIELDS = [
  describeField({ label: t.organization.name, name: 'name', rules: orgRules('name') }),
  describeField({ label: t.organization.slug, name: 'slug', rules: orgRules('slug') }),
] as const;

export const IDENTITY_CHECKS = { slug: patternCheck(organizations, 'slug', SLUG_MESSAGE) };

/** The US states as the region select lists them: "NY — New York". */
const REGION_OPTIONS = Object.entries(US_STATE_NAMES).map(([value, name]) => ({
  value,
  label: `${value} — ${name}`,
}));

export const CONTACT_FIELDS = [
  describeField({
    label: t.organization.contactEmail,
    name: 'contactEmail',
    type: 'email',
    rules: orgRules('contactEmail'),
  }),
  describeField({
    label: t.organization.phoneNumber,
    name: 'contactPhone',
    type: 'tel',
    placeholder: '+1 (212) 555-0100',
    rules: orgRules('contactPhone'),
  }),
  // The seed's `url` rule takes "lakeside.org"; leaving the field adds the https:// the server's
  // url field needs (normalizeWebsite).
  describeField({
    label: t.organization.website,
    name: 'website',
    type: 'url',
    placeholder: 'https://lakesidetv.org',
    rules: 'url',
  }),
  describeField({
    label: t.organization.addressLine1,
    name: 'addressLine1',
    rules: orgRules('addressLine1'),
  }),
  describeField({
    label: t.organization.addressLine2,
    name: 'addressLine2',
    placeholder: t.organization.suiteFloorOptional,
    rules: orgRules('addressLine2'),
  }),
  describeField({ label: t.organization.city, name: 'city', rules: orgRules('city') }),
  describeField({
    label: t.organization.state,
    name: 'region',
    type: 'select',
    placeholder: t.organization.chooseAState,
    options: REGION_OPTIONS,
  }),
  describeField({
    label: t.organization.zipCode,
    name: 'postalCode',
    placeholder: t.organization._12345Or123456789,
    rules: orgRules('postalCode'),
  }),
] as const;

/** The currencies as the select lists them: "USD — US Dollar". */
const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({
  value: code,
  label: `${code} — ${new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code}`,
}));

export const LEGAL_FIELDS = [
  describeField({
    label: t.organization.legalName,
    name: 'legalName',
    rules: orgRules('legalName'),
  }),
  describeField({
    label: t.organization.ein,
    name: 'ein',
    placeholder: '12-3456789',
    rules: orgRules('ein'),
  }),
  describeField({
    label: t.organization.currency,
    name: 'currency',
    type: 'select',
    options: CURRENCY_OPTIONS,
    rules: 'required',
  }),
] as const;

const remittanceRules = (name: string) => collectionRules(remittances, name);

export const REMITTANCE_FIELDS = [
  describeField({
    label: t.organization.bankName,
    name: 'bankName',
    rules: remittanceRules('bankName'),
  }),
  describeField({
    label: t.organization.accountName,
    name: 'accountName',
    rules: remittanceRules('accountName'),
  }),
  describeField({
    label: t.organization.routingNumber,
    name: 'routingNumber',
    placeholder: t.organization._9Digits,
    rules: remittanceRules('routingNumber'),
  }),
  describeField({
    label: t.organization.remittanceNotes,
    name: 'notes',
    type: 'textarea',
    placeholder: t.organization.remittanceNotesExample,
    rules: remittanceRules('notes'),
  }),
] as const;

/** A website as the server stores it: "lakeside.org" gets https://; other text is kept. */
export function normalizeWebsite(value: string): string {
  const text = value.trim();
  if (text === '' || /^https?:\/\//i.test(text)) return text;
  return `https://${text}`;
}

const text = (record: Readonly<Record<string, unknown>> | null | undefined, name: string) =>
  typeof record?.[name] === 'string' ? (record[name] as string) : '';

/** A card's form values from the record: each field's text, the phone number formatted. */
export function valuesOf(
  record: Readonly<Record<string, unknown>> | null | undefined,
  fields: readonly { name: string }[],
): FormValues {
  const values: FormValues = {};
  for (const { name } of fields) {
    values[name] = name === 'contactPhone' ? formatPhone(text(record, name)) : text(record, name);
  }
  return values;
}

/** What a card's save sends: every field's text, trimmed (the card sends all of its fields). */
export function patchOf(
  values: Readonly<FormValues>,
  fields: readonly { name: string }[],
): Record<string, string> {
  const patch: Record<string, string> = {};
  for (const { name } of fields) {
    const value = String(values[name] ?? '').trim();
    patch[name] = name === 'website' ? normalizeWebsite(value) : value;
  }
  return patch;
}

/** The accent colour of the organization's branding, or ''. */
export function accentOf(organization: Pick<OrganizationRecord, 'branding'>): string {
  const accent = organization.branding?.accentColor;
  return typeof accent === 'string' ? accent : '';
}

/**
 * What the identity card says before a slug change is saved: the public addresses move, and
 * the old ones keep working with a permanent redirect. Null while the slug is unchanged.
 */
export function slugChangeNotice(saved: string, typed: string): string | null {
  const next = typed.trim();
  if (next === '' || next === saved) return null;
  return messages().organization.slugChangeNotice(next, saved);
}

/** The remittance record's values, or empty ones when the station has none yet. */
export function remittanceValues(record: RemittanceRecord | null): FormValues {
  return valuesOf(record as unknown as Record<string, unknown> | null, REMITTANCE_FIELDS);
}

/**
 * The choice that leaves the landing channel to the watch page (saved as ''): the channel on
 * now. Its value cannot be a record id (ids have no hyphens).
 */
export const ON_AIR_NOW = { value: 'on-air-now', label: t.organization.theChannelOnAirNow };

/** The select's value for a saved landing channel, and back. */
export function landingChoice(saved: string): string {
  return saved === '' ? ON_AIR_NOW.value : saved;
}
export function landingValue(choice: string | null): string {
  return choice === null || choice === ON_AIR_NOW.value ? '' : choice;
}

/**
 * The landing channel's choices: the channel on now, then the public channels that are not
 * archived, in the station's order. A saved choice that has since gone private or been
 * archived stays listed, saying so, so the select never shows it empty.
 */
export function landingChannelOptions(
  channels: readonly {
    id: string;
    name: string;
    number: number;
    public: boolean;
    archived: boolean;
  }[],
  saved: string,
): { value: string; label: string }[] {
  const label = (channel: { name: string; number: number }) =>
    channel.number > 0 ? `${channel.number} · ${channel.name}` : channel.name;
  const options = [ON_AIR_NOW];
  for (const channel of channels) {
    if (channel.public && !channel.archived)
      options.push({ value: channel.id, label: label(channel) });
    else if (channel.id === saved)
      options.push({
        value: channel.id,
        label: messages().organization.landingUnavailable(label(channel), channel.archived),
      });
  }
  return options;
}

export interface SubmissionTexts {
  submissionLicence: string;
  submissionPolicy: string;
}

/** The station's submission texts as the card edits them ('' for one not written yet). */
export function submissionTexts(organization: object): SubmissionTexts {
  const record = organization as Partial<Record<keyof SubmissionTexts, unknown>>;
  return {
    submissionLicence: typeof record.submissionLicence === 'string' ? record.submissionLicence : '',
    submissionPolicy: typeof record.submissionPolicy === 'string' ? record.submissionPolicy : '',
  };
}

/** Each text at most SUBMISSION_TEXT_MAX (the schema's limit) characters. */
export function checkSubmissionTexts(values: SubmissionTexts): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of ['submissionLicence', 'submissionPolicy'] as const) {
    if (values[name].length > SUBMISSION_TEXT_MAX)
      errors[name] = messages().organization.textTooLong(SUBMISSION_TEXT_MAX);
  }
  return errors;
}
