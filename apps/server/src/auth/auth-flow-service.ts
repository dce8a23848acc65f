import type { CollectionDefinition } from '@airgrid/schema';
import type { Clock } from '../clock.js';
import { ApiError, type FieldError } from '../errors/api-error.js';
import { hashPassword, passwordProblem, verifyPassword } from '../records/passwords.js';
import type { RecordValues } from '../records/record-codec.js';
import {
  emailChangeMail,
  emailTakenMail,
  passwordResetMail,
  verificationMail,
} from './auth-mails.js';
import { type AuthService, type AuthState, SUPERUSERS } from './auth-service.js';
import type { Mailer, MailLog, MailMessage } from './mailer.js';
import { ResendThrottle } from './resend-throttle.js';
import { readClaims, type TokenType } from './tokens.js';
import type { UsersRepository } from './users-repository.js';

export const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';

type Body = Readonly<Record<string, unknown>>;
type FieldErrors = Record<string, FieldError>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REQUIRED: FieldError = { code: 'validation_required', message: 'Cannot be blank.' };
const INVALID_TOKEN: FieldError = {
  code: 'validation_invalid_token',
  message: 'Invalid or expired token.',
};
const OTHER_COLLECTION: FieldError = {
  code: 'validation_token_collection_mismatch',
  message: 'The provided token is for different auth collection.',
};
const INVALID_NEW_EMAIL: FieldError = {
  code: 'validation_invalid_new_email',
  message: 'Invalid new email address.',
};

/**
 * The account flows that go through a mailbox (API-CONTRACT §5.2): password reset, email
 * verification and email change. Requests that name an email answer the same whether or not an
 * account has it, and send their mail in the background, so neither the answer nor its timing
 * tells who has an account. An email change to an address another account has is answered as
 * one to a free address, and sends a mail to it as well (one saying so instead of a link).
 */
export class AuthFlowService {
  private readonly resends: ResendThrottle;
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersRepository,
    private readonly mailer: Mailer,
    private readonly appUrl: string,
    clock: Clock,
    private readonly log: MailLog,
  ) {
    this.resends = new ResendThrottle(clock);
  }

  /** Mails a reset link to the account with this email, if there is one and none went out lately. */
  async requestPasswordReset(collection: CollectionDefinition, body: Body): Promise<void> {
    const email = requestedEmail(body);
    const record = await this.users.findByEmail(collection, email);
    if (!record) return;
    const resendKey = keyOf('passwordReset', collection, record);
    if (!this.resends.tryStart(resendKey)) return;
    const token = this.auth.issue(collection, record, 'passwordReset', {
      email: String(record.email),
    });
    this.sendInBackground(passwordResetMail(this.appUrl, String(record.email), token), resendKey);
  }

  /** Sets the new password from a reset link; every other session of the account ends. */
  async confirmPasswordReset(collection: CollectionDefinition, body: Body): Promise<void> {
    const errors: FieldErrors = {};
    const state = await this.tokenField(collection, body, 'passwordReset', errors);
    const password = text(body.password);
    const confirm = text(body.passwordConfirm);
    const problem = password === '' ? null : passwordProblem(password);
    if (password === '') errors.password = REQUIRED;
    else if (problem)
      errors.password = {
        code: 'validation_length_out_of_range',
        message: `The password ${problem}.`,
      };
    if (confirm === '') errors.passwordConfirm = REQUIRED;
    else if (confirm !== password)
      errors.passwordConfirm = {
        code: 'validation_values_mismatch',
        message: "Values don't match.",
      };
    if (!state || Object.keys(errors).length) throw new ApiError(400, VALIDATION_FAILED, errors);

    const { record, claims } = state;
    const changed = await this.users.setPassword(
      collection,
      String(record.id),
      String(record.tokenKey),
      await hashPassword(password),
      // The link reached the mailbox, so it is verified: if the email is still the same.
      record.verified !== true && claims.email === record.email,
    );
    // The token key changed since the token was read: the same link was used twice at once.
    if (!changed) throw new ApiError(400, 'Invalid or expired password reset token.');
    this.resends.clear(keyOf('passwordReset', collection, record));
  }

  /** Mails a verification link to the account with this email, unless it is verified already. */
  async requestVerification(collection: CollectionDefinition, body: Body): Promise<void> {
    refuseSuperusers(collection, 'All superusers are verified by default.');
    const email = requestedEmail(body);
    const record = await this.users.findByEmail(collection, email);
    if (!record || record.verified === true) return;
    const resendKey = keyOf('verification', collection, record);
    if (!this.resends.tryStart(resendKey)) return;
    const token = this.auth.issue(collection, record, 'verification', {
      email: String(record.email),
    });
    this.sendInBackground(verificationMail(this.appUrl, String(record.email), token), resendKey);
  }

  /** Marks the account verified from a verification link. */
  async confirmVerification(collection: CollectionDefinition, body: Body): Promise<void> {
    refuseSuperusers(collection, 'All superusers are verified by default.');
    const errors: FieldErrors = {};
    const state = await this.tokenField(collection, body, 'verification', errors);
    if (!state || Object.keys(errors).length) throw new ApiError(400, VALIDATION_FAILED, errors);
    const { record } = state;
    if (record.verified !== true) {
      const verified = await this.users.markVerified(
        collection,
        String(record.id),
        String(record.email),
      );
      if (!verified) throw new ApiError(400, 'Invalid or expired verification token.');
    }
    this.resends.clear(keyOf('verification', collection, record));
  }

  /** Mails a confirmation link to the new address of the signed-in account. */
  async requestEmailChange(
    collection: CollectionDefinition,
    auth: AuthState,
    body: Body,
  ): Promise<void> {
    refuseSuperusers(collection, 'All superusers can change their emails directly.');
    const record = auth.record;
    const newEmail = text(body.newEmail);
    let problem = emailProblem(newEmail);
    if (!problem && newEmail === record.email) problem = INVALID_NEW_EMAIL;
    if (problem) throw new ApiError(400, VALIDATION_FAILED, { newEmail: problem });
    // An address another account has is answered as a free one (the answer would otherwise
    // tell anyone signed in who has an account); its owner learns of the attempt by mail.
    const owner = await this.users.findByEmail(collection, newEmail);
    const taken = owner !== undefined && owner.id !== record.id;

    // The mail goes to an address the requester chooses: one per account and address per
    // interval, so a loop (or 30 parallel requests) cannot flood someone else's mailbox.
    const resendKey = `${keyOf('emailChange', collection, record)}:${newEmail.toLowerCase()}`;
    if (!this.resends.tryStart(resendKey)) return;
    const message = taken
      ? emailTakenMail(this.appUrl, newEmail)
      : emailChangeMail(
          this.appUrl,
          String(record.email),
          newEmail,
          this.auth.issue(collection, record, 'emailChange', {
            email: String(record.email),
            newEmail,
          }),
        );
    try {
      await this.mailer.send(message);
    } catch (error) {
      this.resends.clear(resendKey);
      this.log.error({ err: error, to: newEmail }, 'failed to send the email change mail');
      throw new ApiError(400, 'Failed to request email change.');
    }
  }

  /** Moves the account to the new email from a confirmation link and the account's password. */
  async confirmEmailChange(collection: CollectionDefinition, body: Body): Promise<void> {
    refuseSuperusers(collection, 'All superusers can change their emails directly.');
    const errors: FieldErrors = {};
    const state = await this.tokenField(collection, body, 'emailChange', errors);
    const password = text(body.password);
    if (password === '') errors.password = REQUIRED;
    else if (!state || !(await verifyPassword(password, String(state.record.password ?? '')))) {
      errors.password = {
        code: 'validation_invalid_password',
        message: 'Missing or invalid auth record password.',
      };
    }
    if (!state || Object.keys(errors).length) throw new ApiError(400, VALIDATION_FAILED, errors);

    const { record, claims } = state;
    const outcome = await this.users.changeEmail(
      collection,
      String(record.id),
      String(record.tokenKey),
      String(claims.newEmail),
    );
    if (outcome === 'taken') {
      throw new ApiError(400, VALIDATION_FAILED, { token: takenNewEmail() });
    }
    if (outcome === 'stale') throw new ApiError(400, 'Invalid or expired token.');
  }

  /** Resolves when every mail sent in the background has gone out or failed (for shutdown). */
  async idle(): Promise<void> {
    while (this.sending.size) await Promise.allSettled([...this.sending]);
  }

  /**
   * Reads the `token` field as a token of this type for this collection; on a problem, records
   * it in `errors` and returns null.
   */
  private async tokenField(
    collection: CollectionDefinition,
    body: Body,
    type: TokenType,
    errors: FieldErrors,
  ): Promise<AuthState | null> {
    const token = text(body.token);
    if (token === '') {
      errors.token = REQUIRED;
      return null;
    }
    const read = await this.readToken(collection, token, type);
    if ('code' in read) {
      errors.token = read;
      return null;
    }
    return read;
  }

  /** The token's state when it is good for this flow, or the field error that says why not. */
  private async readToken(
    collection: CollectionDefinition,
    token: string,
    type: TokenType,
  ): Promise<AuthState | FieldError> {
    if (type === 'emailChange' && !readClaims(token)?.newEmail) {
      return {
        code: 'validation_invalid_token_payload',
        message: 'Invalid token payload - newEmail must be set.',
      };
    }
    if (type === 'verification' && !readClaims(token)?.email) {
      return { code: 'validation_invalid_token_claims', message: 'Missing email token claim.' };
    }
    const state = await this.auth.verify(token, type);
    if (!state) return INVALID_TOKEN;
    if (state.collection.id !== collection.id) return OTHER_COLLECTION;
    // Every token of these types names the email it was sent for; once the record's email has
    // changed, the link is for an address the account no longer has.
    if (state.claims.email !== state.record.email) {
      return type === 'verification'
        ? {
            code: 'validation_token_email_mismatch',
            message: "The record email doesn't match with the requested token claims.",
          }
        : INVALID_TOKEN;
    }
    if (type === 'emailChange') {
      const owner = await this.users.findByEmail(collection, String(state.claims.newEmail));
      if (owner && owner.id !== state.record.id) return takenNewEmail();
    }
    return state;
  }

  private sendInBackground(message: MailMessage, resendKey: string): void {
    const sending: Promise<void> = this.mailer
      .send(message)
      .catch((error: unknown) => {
        // Let the person ask again rather than wait out the interval for a mail that never left.
        this.resends.clear(resendKey);
        this.log.error({ err: error, to: message.to }, `failed to send "${message.subject}"`);
      })
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
  }
}

function keyOf(type: TokenType, collection: CollectionDefinition, record: RecordValues): string {
  return `${type}:${collection.id}:${String(record.id)}`;
}

function refuseSuperusers(collection: CollectionDefinition, message: string): void {
  if (collection.name === SUPERUSERS) throw new ApiError(400, message);
}

function takenNewEmail(): FieldError {
  return { code: 'validation_invalid_token_email', message: 'The new email address is invalid.' };
}

/** A body value as text: multipart bodies turn "12345678" into a number, so numbers count. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function emailProblem(email: string): FieldError | null {
  if (email === '') return REQUIRED;
  if (email.length > 255) {
    return {
      code: 'validation_length_out_of_range',
      message: 'The length must be between 1 and 255.',
    };
  }
  if (!EMAIL.test(email)) {
    return { code: 'validation_is_email', message: 'Must be a valid email address.' };
  }
  return null;
}

/** The `email` of a request-* body, or the validation error (these are the only 400s). */
function requestedEmail(body: Body): string {
  const email = text(body.email);
  const problem = emailProblem(email);
  if (problem) throw new ApiError(400, VALIDATION_FAILED, { email: problem });
  return email;
}
