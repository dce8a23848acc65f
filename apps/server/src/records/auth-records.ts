import { randomBytes } from 'node:crypto';
import type { FieldError } from '../errors/api-error.js';
import { passwordProblem, verifyPassword } from './passwords.js';
import type { RecordRequest } from './record-access.js';
import type { RecordValues } from './record-codec.js';
import type { resolveInput } from './record-input.js';

// The rules an auth record's own fields follow on create and update (API-CONTRACT §2.4):
// password, passwordConfirm and oldPassword, email, verified, and the token key that signs
// every session out when it changes.

type Input = ReturnType<typeof resolveInput>;

/** A new auth record: its token key, its password checked, `verified` only from superusers. */
export function authCreate(
  record: RecordValues,
  input: Input,
  request: RecordRequest,
  errors: Record<string, FieldError>,
) {
  if (record.verified === true && !request.isSuperuser) {
    errors.verified = {
      code: 'validation_values_mismatch',
      message: 'Only superusers can set verified.',
    };
  }
  record.tokenKey = newTokenKey();
  checkNewPassword(input.password, input.passwordConfirm, errors);
}

/** Email, verified and password changes on an auth record (API-CONTRACT §2.4). */
export async function authUpdate(
  existing: RecordValues,
  record: RecordValues,
  input: Input,
  request: RecordRequest,
  errors: Record<string, FieldError>,
) {
  const privileged = request.isSuperuser;
  if (record.email !== existing.email && !privileged) {
    errors.email = {
      code: 'validation_values_mismatch',
      message: 'Use the email change flow to change the email.',
    };
  }
  if (record.verified !== existing.verified && !privileged) {
    errors.verified = {
      code: 'validation_values_mismatch',
      message: 'Only superusers can change verified.',
    };
  }
  if (input.password !== undefined) {
    checkNewPassword(input.password, input.passwordConfirm, errors);
    if (
      !privileged &&
      !(await verifyPassword(input.oldPassword ?? '', String(existing.password ?? '')))
    ) {
      errors.oldPassword = {
        code: 'validation_invalid_old_password',
        message: 'Missing or invalid old password.',
      };
    }
  }
  // A new password or email signs out every session of this record.
  if (input.password !== undefined || record.email !== existing.email) {
    record.tokenKey = newTokenKey();
  }
}

function newTokenKey(): string {
  return randomBytes(24).toString('base64url');
}

function checkNewPassword(
  password: string | undefined,
  confirm: string | undefined,
  errors: Record<string, FieldError>,
) {
  if (!password) {
    errors.password = { code: 'validation_required', message: 'Cannot be blank.' };
    return;
  }
  const problem = passwordProblem(password);
  if (problem)
    errors.password = {
      code: 'validation_length_out_of_range',
      message: `The password ${problem}.`,
    };
  if (confirm !== password)
    errors.passwordConfirm = {
      code: 'validation_values_mismatch',
      message: "Values don't match.",
    };
}
