import { type CollectionDefinition, type Field, findField } from '@airgrid/schema';
import type { FieldCheck } from './form-state';

// A form checks a collection field with the same limits the server applies to it, read from
// packages/schema rather than written again: required, length limits, email, and the field's
// seed rules (e.g. users.phone declares `phone`). The server stays the authority; the form
// only says it sooner.

/** The seed rules text that matches a schema field's limits. */
export function rulesForField(field: Field): string {
  const rules: string[] = [];
  if (field.required) rules.push('required');
  if (field.type === 'text') {
    if (field.min !== undefined && field.min > 0) rules.push(`min:${field.min}`);
    if (field.max !== undefined && field.max > 0) rules.push(`max:${field.max}`);
    if (field.rules) rules.push(field.rules);
  }
  if (field.type === 'email') rules.push('email');
  return rules.join('|');
}

/** The rules of a collection's field by name; a missing field is a programming error. */
export function collectionRules(collection: CollectionDefinition, name: string): string {
  const field = findField(collection, name);
  if (!field) throw new Error(`The ${collection.name} collection has no field named ${name}.`);
  return rulesForField(field);
}

/**
 * A check for a text field's schema `pattern`, which the seed rules cannot express, with a
 * message that says what is allowed (the server only answers "Invalid value format.").
 * Empty values pass: whether a value is needed is the `required` rule's business.
 */
export function patternCheck(
  collection: CollectionDefinition,
  name: string,
  message: string,
): FieldCheck {
  const field = findField(collection, name);
  if (field?.type !== 'text' || !field.pattern) {
    throw new Error(`The ${collection.name} field ${name} has no pattern to check.`);
  }
  const pattern = new RegExp(field.pattern);
  return (value) =>
    typeof value !== 'string' || value === '' || pattern.test(value) ? null : message;
}
