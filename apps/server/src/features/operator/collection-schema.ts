import { crc32 } from 'node:zlib';
import { MAX_PASSWORD_BYTES } from '@airgrid/domain';
import {
  allFields,
  type CollectionDefinition,
  type Field,
  type IndexDefinition,
  RECORD_ID_LENGTH,
} from '@airgrid/schema';
import type { TokenType } from '../../auth/tokens.js';
import type { CollectionModule, Rule } from '../../records/collection-module.js';

// A collection as PocketBase's /api/collections sends it (v0.23 and later), derived from its
// definition (packages/schema) and its rules module: nothing here lists a collection or a field.

/** A collection's JSON, keys in PocketBase's order. */
export type CollectionSchema = Record<string, unknown> & {
  id: string;
  name: string;
  type: string;
  system: boolean;
  created: string;
  updated: string;
};

/** What the server knows of sign-in beyond the definitions (from the core, once at start). */
export interface AuthFacts {
  /** Identity fields a password sign-in takes. */
  identityFields: readonly string[];
  /** The collection people sign in to with OAuth2 providers, and the providers configured. */
  oauth2: { collection: string; providers: readonly { name: string; displayName: string }[] };
  /** How long a token of a type for the collection's records lasts, in seconds. */
  tokenLifetime(collection: CollectionDefinition, type: TokenType): number;
  /** bcrypt's cost for new password hashes. */
  passwordCost: number;
}

/**
 * A field's id as PocketBase gives one it was not told: its type and the CRC-32 of its name
 * (core/fields_list.go), so the same field has the same id on every server.
 */
function fieldId(field: Field): string {
  return `${field.type}${crc32(field.name)}`;
}

/**
 * PocketBase's system collections are the ones named with a leading underscore (`_superusers`,
 * `_externalAuths`); every other collection is the application's own.
 */
function isSystemCollection(definition: CollectionDefinition): boolean {
  return definition.name.startsWith('_');
}

/** An index as PocketBase writes one: the SQLite CREATE INDEX statement (its dashboard parses it). */
function indexStatement(collection: string, index: IndexDefinition): string {
  const columns = index.columns
    .map((column) => (/^\w+$/.test(column) ? `\`${column}\`` : column))
    .join(', ');
  return (
    `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX \`idx_${collection}_${index.name}\` ` +
    `ON \`${collection}\` (${columns})${index.where ? ` WHERE ${index.where}` : ''}`
  );
}

/** The object with its keys sorted, as Go marshals a map (PocketBase's fields are maps). */
function sortedKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** One field: what every field has, then its type's options as PocketBase names them. */
function fieldSchema(
  field: Field,
  idOfCollection: (name: string) => string,
  facts: AuthFacts,
): Record<string, unknown> {
  const common = {
    hidden: field.hidden === true,
    id: fieldId(field),
    name: field.name,
    presentable: false,
    system: field.system === true,
    type: field.type,
  };
  const required = field.required === true;
  switch (field.type) {
    case 'text':
      return sortedKeys({
        ...common,
        // The record id: 15 characters of [a-z0-9], made by the server (records/record-id.ts).
        autogeneratePattern: field.name === 'id' ? `[a-z0-9]{${RECORD_ID_LENGTH}}` : '',
        max: field.max ?? 0,
        min: field.min ?? 0,
        pattern: field.pattern ?? '',
        primaryKey: field.name === 'id',
        required,
      });
    case 'number':
      return sortedKeys({
        ...common,
        max: field.max ?? null,
        min: field.min ?? null,
        onlyInt: field.onlyInt === true,
        required,
      });
    case 'email':
    case 'url':
      return sortedKeys({ ...common, exceptDomains: null, onlyDomains: null, required });
    case 'date':
      return sortedKeys({ ...common, max: '', min: '', required });
    case 'autodate':
      return sortedKeys({ ...common, onCreate: field.onCreate, onUpdate: field.onUpdate });
    case 'select':
      return sortedKeys({ ...common, maxSelect: field.maxSelect, required, values: field.values });
    case 'relation':
      return sortedKeys({
        ...common,
        cascadeDelete: field.cascadeDelete === true,
        collectionId: idOfCollection(field.collection),
        maxSelect: field.maxSelect,
        minSelect: 0,
        required,
      });
    case 'file':
      return sortedKeys({
        ...common,
        maxSelect: field.maxSelect,
        maxSize: field.maxSize,
        mimeTypes: field.mimeTypes,
        protected: field.protected === true,
        required,
        thumbs: field.thumbs ?? [],
      });
    case 'json':
      return sortedKeys({ ...common, maxSize: field.maxSize ?? 0, required });
    case 'password':
      return sortedKeys({
        ...common,
        cost: facts.passwordCost,
        max: MAX_PASSWORD_BYTES,
        min: field.min,
        pattern: '',
        required,
      });
    case 'bool':
      return sortedKeys({ ...common, required });
  }
}

/** An auth collection's options: how its records sign in and how long their tokens last. */
function authOptions(module: CollectionModule, facts: AuthFacts): Record<string, unknown> {
  const { definition, rules } = module;
  const duration = (type: TokenType) => ({ duration: facts.tokenLifetime(definition, type) });
  const oauth2 = definition.name === facts.oauth2.collection ? facts.oauth2.providers : [];
  return {
    authRule: rules.authRule ?? '',
    manageRule: rules.manageRule ?? null,
    oauth2: {
      enabled: oauth2.length > 0,
      providers: oauth2.map(({ name, displayName }) => ({ name, displayName })),
    },
    passwordAuth: { enabled: true, identityFields: facts.identityFields },
    mfa: { enabled: false, duration: 0, rule: '' },
    otp: { enabled: false, duration: 0, length: 0 },
    authToken: duration('auth'),
    passwordResetToken: duration('passwordReset'),
    emailChangeToken: duration('emailChange'),
    verificationToken: duration('verification'),
    fileToken: duration('file'),
  };
}

/**
 * Every collection the record API serves, as PocketBase's collections API sends it, in the
 * order given (packages/schema's). `created` and `updated` are empty: a collection here is
 * code, not a row that was saved at some time.
 */
export function collectionSchemas(
  modules: readonly CollectionModule[],
  facts: AuthFacts,
): CollectionSchema[] {
  const ids = new Map(modules.map(({ definition }) => [definition.name, definition.id]));
  const idOfCollection = (name: string) => {
    const id = ids.get(name);
    if (!id) throw new Error(`A relation names the collection "${name}", which is not served.`);
    return id;
  };
  return modules.map((module) => {
    const { definition, rules } = module;
    const rule = (value: Rule | undefined): Rule => value ?? null;
    return {
      id: definition.id,
      listRule: rule(rules.listRule),
      viewRule: rule(rules.viewRule),
      createRule: rule(rules.createRule),
      updateRule: rule(rules.updateRule),
      deleteRule: rule(rules.deleteRule),
      name: definition.name,
      type: definition.type,
      fields: allFields(definition).map((field) => fieldSchema(field, idOfCollection, facts)),
      indexes: (definition.indexes ?? []).map((index) => indexStatement(definition.name, index)),
      created: '',
      updated: '',
      system: isSystemCollection(definition),
      ...(definition.type === 'auth' ? authOptions(module, facts) : {}),
    };
  });
}
