import { ClientResponseError, getTokenPayload } from 'pocketbase';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';

const t = messages();

// The words of the confirm-email-change page, and how it reads the API's answers. The API
// speaks PocketBase's developer messages ("Missing or invalid auth record password."); the
// page says what happened and what to do in the user's terms, keyed by the error codes.

/** Shown when the page is opened without the `?token=` of the mail. */
export const MISSING_TOKEN_MESSAGE = t.auth.emailChangeLinkMissing;

/** Shown under any link problem: the way to a working link, from where the user is now. */
export function newLinkHint(isSignedIn: boolean): string {
  const t = messages();
  return isSignedIn ? t.auth.toGetANewLink : t.auth.toGetANewLink2;
}

/** Shown when the password field is empty, before asking the server. */
export const PASSWORD_REQUIRED_MESSAGE = t.auth.enterYourCurrentPassword;

const TOKEN_MESSAGES: Readonly<Record<string, string>> = {
  validation_required: MISSING_TOKEN_MESSAGE,
  validation_invalid_token: t.auth.thisLinkIsInvalidOr,
  validation_invalid_token_payload: t.auth.thisLinkIsNotAn,
  validation_token_collection_mismatch: t.auth.thisLinkIsNotAn,
  validation_invalid_token_email: t.auth.anotherAccountUsesTheNew,
};

const PASSWORD_MESSAGES: Readonly<Record<string, string>> = {
  validation_required: PASSWORD_REQUIRED_MESSAGE,
  validation_invalid_password: t.auth.thatIsNotYourPassword,
};

/** What went wrong, placed where the page shows it. */
export interface EmailChangeProblems {
  /** The link itself is unusable: shown instead of the form, with `newLinkHint`. */
  token?: string;
  /** Shown under the password field. */
  password?: string;
  /** Anything else (network, server), shown above the form. */
  form?: string;
}

/**
 * Turns a failed confirm-email-change call into the page's messages. A bad link wins over a
 * password error: without a valid link the server cannot check the password, so it reports the
 * password as wrong too, which would send the user after the wrong problem.
 */
export function emailChangeProblems(error: unknown): EmailChangeProblems {
  const t = messages();
  const { error: message, fieldErrors } = describeError(error);
  const codes = errorCodes(error);
  if (fieldErrors.token) {
    return { token: messageFor(TOKEN_MESSAGES, codes.token, fieldErrors.token) };
  }
  if (fieldErrors.password) {
    return { password: messageFor(PASSWORD_MESSAGES, codes.password, fieldErrors.password) };
  }
  const others = Object.values(fieldErrors);
  if (others.length > 0) return { form: others.join(' ') };
  return { form: message ?? t.auth.yourEmailAddressCouldNot };
}

/**
 * The new address the link's token is for, to show on the page, or null when the token cannot
 * be read (the server still decides whether it is valid).
 */
export function newEmailFromToken(token: string): string | null {
  if (!token) return null;
  const newEmail = getTokenPayload(token).newEmail;
  return typeof newEmail === 'string' && newEmail ? newEmail : null;
}

/** The sentence shown once the address has changed. */
export function emailChangedMessage(newEmail: string | null): string {
  const t = messages();
  const changed = newEmail
    ? t.auth.yourEmailAddressIsNow(newEmail)
    : t.auth.yourEmailAddressIsChanged;
  return t.auth.changedYouAreSignedOut(changed);
}

function errorCodes(error: unknown): Record<string, string> {
  if (!(error instanceof ClientResponseError)) return {};
  const codes: Record<string, string> = {};
  for (const [field, detail] of Object.entries(error.response?.data ?? {})) {
    const code = (detail as { code?: unknown })?.code;
    if (typeof code === 'string') codes[field] = code;
  }
  return codes;
}

function messageFor(
  messages: Readonly<Record<string, string>>,
  code: string | undefined,
  fallback: string,
): string {
  return (code && messages[code]) || fallback;
}
