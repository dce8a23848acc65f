import type { MailMessage } from '../../auth/mailer.js';

export interface InviteMailInput {
  to: string;
  organizationName: string;
  role: string;
  token: string;
  /** The invite's expiry as stored ("2026-12-03 10:00:00.000Z"). */
  expires: string;
}

/** The article for a role in a sentence: "an admin", "a producer". */
function withArticle(role: string): string {
  return /^[aeiou]/i.test(role) ? `an ${role}` : `a ${role}`;
}

/** The date an invite expires, as the mail says it: "December 3, 2026". */
function expiryDate(expires: string): string {
  const date = new Date(expires.replace(' ', 'T'));
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

/**
 * The mail that invites someone to join an organization: the accept link opens onboarding with
 * the invite's token, which asks them to sign in or create an account with this address first.
 */
export function inviteMail(appUrl: string, invite: InviteMailInput): MailMessage {
  const link = `${appUrl}/onboarding?invite=${encodeURIComponent(invite.token)}`;
  return {
    to: invite.to,
    subject: `You're invited to join ${invite.organizationName} on Airgrid TV`,
    text: [
      'Hello,',
      '',
      `You have been invited to join ${invite.organizationName} on Airgrid TV as ${withArticle(invite.role)}.`,
      `To accept, open this link before ${expiryDate(invite.expires)} and sign in, or create an account, with this email address (${invite.to}):`,
      '',
      link,
      '',
      "If you weren't expecting this invite, you can ignore this email.",
      '',
      'Thanks,\nAirgrid TV',
      '',
    ].join('\n'),
  };
}
