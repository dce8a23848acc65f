import { allFields, type CollectionDefinition, type Field, isMultiple } from '@airgrid/schema';

// JSON Schemas (2020-12, as OpenAPI 3.1 takes them) of a collection's records, derived from its
// definition: what the records API answers, and what a create or an update may send.

export type JsonSchema = Record<string, unknown>;

/** The name of a collection's schema in the document's components: `ShowsRecord`. */
export function schemaName(collection: string, suffix: 'Record' | 'Create' | 'Update'): string {
  const name = collection.replace(/^_/, '');
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}${suffix}`;
}

const DATE_DESCRIPTION =
  'A UTC date as the API writes it, `YYYY-MM-DD HH:MM:SS.sssZ`, or "" when unset.';

function one(field: Field): JsonSchema {
  switch (field.type) {
    case 'text': {
      const rules = {
        ...(field.min ? { minLength: field.min } : {}),
        ...(field.pattern ? { pattern: field.pattern } : {}),
      };
      const max = field.max ? { maxLength: field.max } : {};
      // An optional text is checked only when it is not empty: "" is always a value of it.
      if (!field.required && Object.keys(rules).length > 0) {
        return { type: 'string', ...max, anyOf: [{ const: '' }, { type: 'string', ...rules }] };
      }
      return { type: 'string', ...rules, ...max };
    }
    case 'number':
      return {
        type: field.onlyInt ? 'integer' : 'number',
        ...(field.min !== undefined ? { minimum: field.min } : {}),
        ...(field.max !== undefined ? { maximum: field.max } : {}),
      };
    case 'bool':
      return { type: 'boolean' };
    case 'email':
      return { type: 'string', description: 'An email address, or "".' };
    case 'url':
      return { type: 'string', description: 'An http(s) address, or "".' };
    case 'date':
    case 'autodate':
      return {
        type: 'string',
        description: DATE_DESCRIPTION,
        examples: ['2026-11-29 18:00:00.000Z'],
      };
    case 'select':
      return { type: 'string', enum: field.required ? [...field.values] : [...field.values, ''] };
    case 'relation':
      return {
        type: 'string',
        description: `The id of a \`${field.collection}\` record${field.required ? '' : ', or ""'}.`,
        'x-relation': { collection: field.collection, cascadeDelete: field.cascadeDelete ?? false },
      };
    case 'file':
      return {
        type: 'string',
        description:
          'A file name, read at /api/files/{collection}/{recordId}/{name}' +
          (field.protected ? ' with a file token' : '') +
          (field.mimeTypes.length ? `; accepts ${field.mimeTypes.join(', ')}` : '') +
          '.',
      };
    case 'json':
      return { description: 'Any JSON value (null when unset).' };
    case 'password':
      return { type: 'string', minLength: field.min, writeOnly: true };
  }
}

/** A field's schema: one value, or a list of them for a multiple select, relation or file. */
function fieldSchema(field: Field): JsonSchema {
  if (!isMultiple(field)) return one(field);
  const item = one(field);
  const { description, ...items } = item;
  if (field.type === 'select') items.enum = [...field.values];
  return {
    type: 'array',
    items,
    ...(description ? { description } : {}),
    ...('maxSelect' in field ? { maxItems: field.maxSelect } : {}),
  };
}

/** A record as the records API sends it: every field but the hidden ones. */
export function recordSchema(collection: CollectionDefinition): JsonSchema {
  const fields = allFields(collection).filter((field) => !field.hidden);
  const properties: Record<string, JsonSchema> = {
    collectionId: { type: 'string', const: collection.id },
    collectionName: { type: 'string', const: collection.name },
  };
  for (const field of fields) {
    properties[field.name] = { ...fieldSchema(field), ...(field.system ? { readOnly: true } : {}) };
  }
  properties.expand = {
    type: 'object',
    description: 'The related records asked for with `expand`, by relation field.',
  };
  return {
    type: 'object',
    title: `A ${collection.name} record`,
    properties,
    // The API writes every field, empty or not (PocketBase's zero values).
    required: ['collectionId', 'collectionName', ...fields.map((field) => field.name)],
  };
}

/** What a create or an update may send: the fields a client sets (files as multipart parts). */
export function inputSchema(
  collection: CollectionDefinition,
  mode: 'create' | 'update',
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const settable = allFields(collection).filter(
    (field) =>
      !field.system ||
      field.name === 'id' ||
      field.name === 'email' ||
      field.name === 'emailVisibility' ||
      field.name === 'password',
  );
  for (const field of settable) {
    const schema = fieldSchema(field);
    properties[field.name] =
      field.type === 'file'
        ? {
            description: `${String(schema.description ?? '')} Sent as a multipart/form-data part.`,
          }
        : schema;
    if (mode === 'create' && field.required && field.name !== 'id') required.push(field.name);
  }
  if (collection.type === 'auth') {
    properties.passwordConfirm = {
      type: 'string',
      writeOnly: true,
      description: 'The password again.',
    };
    if (mode === 'create') required.push('passwordConfirm');
    if (mode === 'update') {
      properties.oldPassword = {
        type: 'string',
        writeOnly: true,
        description: 'The current password, to change your own.',
      };
    }
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
