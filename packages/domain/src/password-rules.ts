// The rules a new password must meet, shared so the sign-up and reset forms refuse what the server
// would refuse before anything is sent, in the server's own words.

/** Passwords shorter than this are refused (PocketBase's default for auth collections). */
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt reads at most 72 bytes; longer passwords are refused rather than silently cut. */
export const MAX_PASSWORD_BYTES = 72;

/** The length of `text` in UTF-8 bytes (a lone surrogate counts 3, as its replacement does). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Why a password cannot be used ("must be at least 8 characters"), or null when it can. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (utf8Length(password) > MAX_PASSWORD_BYTES) {
    return `must be at most ${MAX_PASSWORD_BYTES} bytes`;
  }
  return null;
}

/**
 * The field messages for a new password and its confirmation, as the server words them:
 * blank, too short or too long, and a confirmation that differs. Empty when both are fine.
 */
export function newPasswordErrors(
  password: string,
  passwordConfirm: string,
): { password?: string; passwordConfirm?: string } {
  if (password === '') return { password: 'Cannot be blank.' };
  const problem = passwordProblem(password);
  return {
    ...(problem ? { password: `The password ${problem}.` } : {}),
    ...(passwordConfirm !== password ? { passwordConfirm: "Values don't match." } : {}),
  };
}
