import type { MailMessage } from './mailer.js';
import { TOKEN_LIFETIMES } from './tokens.js';

// The mails of the account flows. Each link opens a page of the web app, which finishes the
// flow through the API with the token from the link.

const SIGNATURE = 'Thanks,\nAirgrid TV';

/** A token lifetime in words: "30 minutes", "24 hours". */
export function describeLifetime(seconds: number): string {
  if (seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function link(appUrl: string, page: string, token: string): string {
  return `${appUrl}/auth/${page}?token=${encodeURIComponent(token)}`;
}

/** The mail with a link to choose a new password. */
export function passwordResetMail(appUrl: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: 'Reset your Airgrid TV password',
    text: [
      'Hello,',
      '',
      `Someone, hopefully you, asked to reset the password of the Airgrid TV account for ${to}.`,
      `To choose a new password, open this link within ${describeLifetime(TOKEN_LIFETIMES.passwordReset)}:`,
      '',
      link(appUrl, 'reset-password', token),
      '',
      "If you didn't ask for this, you can ignore this email: your password stays as it is.",
      '',
      SIGNATURE,
      '',
    ].join('\n'),
  };
}

/** The mail with a link that confirms the address belongs to the account's owner. */
export function verificationMail(appUrl: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: 'Verify your email address for Airgrid TV',
    text: [
      'Hello,',
      '',
      'Please confirm that this is your email address by opening this link within',
      `${describeLifetime(TOKEN_LIFETIMES.verification)}:`,
      '',
      link(appUrl, 'verify-email', token),
      '',
      "If you didn't create an Airgrid TV account, you can ignore this email.",
      '',
      SIGNATURE,
      '',
    ].join('\n'),
  };
}

/** The mail, sent to the new address, with a link that confirms the change of email. */
export function emailChangeMail(
  appUrl: string,
  currentEmail: string,
  newEmail: string,
  token: string,
): MailMessage {
  return {
    to: newEmail,
    subject: 'Confirm your new email address for Airgrid TV',
    text: [
      'Hello,',
      '',
      `You asked to change the email of your Airgrid TV account from ${currentEmail} to this address.`,
      `To confirm, open this link within ${describeLifetime(TOKEN_LIFETIMES.emailChange)} and enter your password:`,
      '',
      link(appUrl, 'confirm-email-change', token),
      '',
      "If you didn't ask for this, you can ignore this email: nothing changes.",
      '',
      SIGNATURE,
      '',
    ].join('\n'),
  };
}

/**
 * The mail to an address another account asked to move to when an account has it already. The
 * request is answered as if the address were free, so the answer does not tell who has an
 * account; this tells the one person who may know, the address's owner (perhaps trying to
 * merge two accounts of their own), and nothing about the other account.
 */
export function emailTakenMail(appUrl: string, to: string): MailMessage {
  return {
    to,
    subject: 'This address already has an Airgrid TV account',
    text: [
      'Hello,',
      '',
      'Someone signed in to an Airgrid TV account asked to change its email address to this one.',
      'This address already belongs to an Airgrid TV account, and an address can belong to only',
      'one, so nothing changed: both accounts stay as they are.',
      '',
      `If it was you, sign in with this address instead: ${appUrl}/auth/login`,
      `If you have forgotten its password, choose a new one: ${appUrl}/auth/forgot-password`,
      '',
      "If it wasn't you, you can ignore this email: nobody can take this address from your account.",
      '',
      SIGNATURE,
      '',
    ].join('\n'),
  };
}
