import { embeds as definition } from '@airgrid/schema';
import { stampArchivedFlag } from '../../collections/archive-stamp.js';
import { editorWrites } from '../../collections/role-rules.js';
import {
  type CollectionModule,
  FieldProblem,
  FieldProblems,
} from '../../records/collection-module.js';
import { parseAllowedOrigins } from './allowed-origins.js';
import { checkOptions } from './embed-options.js';

const ACCENT = /^#[0-9a-f]{6}$/i;

/**
 * Checks and normalizes an embed before it is saved: its allowed origins (each one
 * `http(s)://host[:port]`, no path; the message names the wrong one), its accent colour, its
 * options, a player's single channel, and that every channel is the organization's own.
 */
function checkEmbed(values: Record<string, unknown>) {
  const problems: FieldProblem[] = [];

  const origins = parseAllowedOrigins(values.allowedOrigins);
  if (origins.ok) values.allowedOrigins = origins.origins;
  else
    problems.push(new FieldProblem('allowedOrigins', 'validation_invalid_origin', origins.message));

  if (typeof values.accent === 'string') {
    const accent = values.accent.trim().toLowerCase();
    values.accent = accent;
    if (accent !== '' && !ACCENT.test(accent)) {
      problems.push(
        new FieldProblem(
          'accent',
          'validation_invalid_color',
          'The accent colour must be written #rrggbb, e.g. #3355ff, or left empty.',
        ),
      );
    }
  }

  const options = checkOptions(values.options);
  if ('options' in options) values.options = options.options;
  else problems.push(new FieldProblem('options', 'validation_invalid_options', options.message));

  // That every channel is the organization's own is the record engine's check (tenancy).
  const channels = Array.isArray(values.channels) ? values.channels : [];
  if (values.kind === 'player' && channels.length !== 1) {
    problems.push(
      new FieldProblem(
        'channels',
        'validation_player_channel',
        channels.length === 0
          ? 'Choose the channel the player plays.'
          : 'A player plays exactly one channel: choose one.',
      ),
    );
  }

  if (problems.length > 0) throw new FieldProblems(problems);
}

/**
 * Widgets for stations' websites: members list their organization's, editors and above manage
 * them, and anyone may read one by id, because a widget is loaded by the anonymous visitors of
 * the station's site (docs/decisions/0013-embeds.md).
 */
export const embeds: CollectionModule = {
  definition,
  rules: { ...editorWrites(), viewRule: '' },
  hooks: {
    prepareCreate(values, { now }) {
      checkEmbed(values);
      stampArchivedFlag(values, null, now);
    },
    beforeUpdate(values, existing, context) {
      checkEmbed(values);
      stampArchivedFlag(values, existing, context.now);
    },
  },
};
