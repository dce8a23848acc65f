import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import type { Mailer } from '../../auth/mailer.js';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { readOperatorSettings, writeOperatorSettings } from '../../db/operator-settings.js';
import { ApiError } from '../../errors/api-error.js';
import { requireSuperuser } from '../../http/request-context.js';
import { applySettings, configuredSmtpPassword, settingsView } from './settings-view.js';

/** The mail templates PocketBase's test email names (each sends a sample of that mail). */
const TEMPLATES = ['verification', 'password-reset', 'email-change', 'otp', 'login-alert'] as const;

const testEmail = z.object({
  email: z
    .string({ error: 'Cannot be blank.' })
    .trim()
    .min(1, 'Cannot be blank.')
    .regex(/^[^\s<>@]+@[^\s<>@]+$/, 'Must be a valid email address.'),
  template: z
    .enum(TEMPLATES, { error: `Must be one of ${TEMPLATES.join(', ')}.` })
    .default('verification'),
});

const SUBJECTS: Record<(typeof TEMPLATES)[number], string> = {
  verification: 'Verify your email',
  'password-reset': 'Reset your password',
  'email-change': 'Confirm your new email address',
  otp: 'Your one-time code',
  'login-alert': 'A new sign-in to your account',
};

/** Who the error talks about: the first line of a mail server's answer, no more. */
function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]?.slice(0, 300) ?? 'unknown error';
}

/**
 * PocketBase's settings API for superusers: GET and PATCH /api/settings (the sender and the
 * SMTP server change here; the rest is the environment's), and POST /api/settings/test/email.
 */
export function settingsRoutes(options: {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
}) {
  const { config, database, mailer } = options;
  const view = async () => settingsView(config, await readOperatorSettings(database.db));

  return async (app: FastifyInstance) => {
    app.get('/api/settings', async (request) => {
      requireSuperuser(request);
      return view();
    });

    app.patch('/api/settings', async (request) => {
      requireSuperuser(request);
      const stored = await readOperatorSettings(database.db);
      const result = applySettings(
        settingsView(config, stored),
        stored,
        request.body,
        configuredSmtpPassword(config.mail.smtpUrl),
      );
      if (!result.ok) {
        throw new ApiError(
          400,
          'An error occurred while validating the submitted data.',
          result.problems,
        );
      }
      await writeOperatorSettings(database.db, result.stored);
      request.log.info(
        { changed: Object.keys((request.body ?? {}) as object) },
        'settings changed',
      );
      return settingsView(config, result.stored);
    });

    app.post('/api/settings/test/email', async (request, reply) => {
      requireSuperuser(request);
      const parsed = testEmail.safeParse(request.body ?? {});
      if (!parsed.success) {
        const data: Record<string, { code: string; message: string }> = {};
        for (const issue of parsed.error.issues) {
          data[issue.path.join('.')] ??= {
            code: 'validation_invalid_value',
            message: issue.message,
          };
        }
        throw new ApiError(400, 'An error occurred while validating the submitted data.', data);
      }
      const { email, template } = parsed.data;
      try {
        await mailer.send({
          to: email,
          subject: `Test: ${SUBJECTS[template]}`,
          text:
            `This is a test of the "${template}" mail from Airgrid at ${config.appUrl}.\n\n` +
            'If you can read it, the server sends mail with the settings it has now.',
        });
      } catch (error) {
        throw new ApiError(400, `The test email could not be sent: ${reason(error)}`);
      }
      return reply.code(204).send();
    });
  };
}
