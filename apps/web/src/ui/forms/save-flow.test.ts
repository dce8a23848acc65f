import type { QueryKey } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import type { ToastMessage } from '../toast';
import { runAction, runSave, type SaveFlow } from './save-flow';
import { describeError, formFailure, OFFLINE_MESSAGE } from './server-errors';

/** A PocketBase refusal as the SDK throws it. */
function refusal(message: string, data: Record<string, { message: string }> = {}, status = 400) {
  return new ClientResponseError({ status, response: { message, data } });
}

/** Runs a flow against recording effects; returns the outcome and what happened, in order. */
async function record<R>(flow: SaveFlow<R>) {
  const events: string[] = [];
  const toasts: ToastMessage[] = [];
  const outcome = await runSave(flow, {
    invalidate: async (key: QueryKey) => {
      events.push(`invalidate ${JSON.stringify(key)}`);
    },
    toast: (message) => {
      events.push('toast');
      toasts.push(message);
    },
  });
  return { outcome, events, toasts };
}

describe('describeError', () => {
  it('reads the message and the field messages of a PocketBase refusal', () => {
    expect(describeError(refusal('Bad.', { slug: { message: 'Taken.' } }))).toEqual({
      error: 'Bad.',
      fieldErrors: { slug: 'Taken.' },
    });
  });

  it('says the server is out of reach when the request never arrived', () => {
    expect(describeError(refusal('', {}, 0))).toEqual({ error: OFFLINE_MESSAGE, fieldErrors: {} });
  });

  it('keeps any other error message, and skips field entries without one', () => {
    expect(describeError(new Error('boom'))).toEqual({ error: 'boom', fieldErrors: {} });
    expect(describeError('plain')).toEqual({ error: 'plain', fieldErrors: {} });
    const odd = new ClientResponseError({
      status: 400,
      response: { message: 'Bad.', data: { a: { code: 'x' }, b: null } },
    });
    expect(describeError(odd).fieldErrors).toEqual({});
  });
});

describe('formFailure', () => {
  it('places every field error when the form names no fields, and then says nothing above', () => {
    expect(formFailure(refusal('Bad.', { identity: { message: 'Blank.' } }))).toEqual({
      serverError: 'Bad.',
      errors: { identity: 'Blank.' },
      formError: null,
    });
  });

  it('shows the server message above the form when no field explains it', () => {
    expect(formFailure(refusal('Forbidden.'), ['name'])).toEqual({
      serverError: 'Forbidden.',
      errors: {},
      formError: 'Forbidden.',
    });
  });

  it('puts known fields under the field (through aliases) and the rest above', () => {
    const failure = refusal('Bad.', {
      durationSec: { message: 'Too long.' },
      role: { message: 'Blank.' },
    });
    expect(formFailure(failure, ['duration'], { durationSec: 'duration' })).toEqual({
      serverError: 'Bad.',
      errors: { duration: 'Too long.' },
      formError: 'Bad. role: Blank.',
    });
    expect(formFailure(refusal('Bad.', { slug: { message: 'Taken.' } }), ['slug']).formError).toBe(
      null,
    );
  });
});

describe('runSave', () => {
  it('saves, invalidates each key in turn, toasts, and hands the record on', async () => {
    const handed: string[] = [];
    const { outcome, events, toasts } = await record({
      save: async () => ({ name: 'One' }),
      invalidate: [['channels'], ['channel-details']],
      success: (saved) => `${saved.name} created`,
      onSaved: (saved) => {
        handed.push(saved.name);
      },
    });
    expect(outcome).toEqual({ ok: true, saved: { name: 'One' } });
    expect(events).toEqual(['invalidate ["channels"]', 'invalidate ["channel-details"]', 'toast']);
    expect(toasts).toEqual([{ severity: 'success', summary: 'One created' }]);
    expect(handed).toEqual(['One']);
  });

  it('takes a whole toast message, or none', async () => {
    const detailed = await record({
      save: async () => 1,
      success: () => ({ summary: 'Made', detail: 'Copy it.' }),
    });
    expect(detailed.toasts).toEqual([{ severity: 'success', summary: 'Made', detail: 'Copy it.' }]);
    const quiet = await record({ save: async () => 1, success: () => null });
    expect(quiet.toasts).toEqual([]);
    const bare = await record({ save: async () => 1 });
    expect(bare.events).toEqual([]);
  });

  it('on a refusal invalidates nothing, toasts nothing, and returns the form messages', async () => {
    const thrown = refusal('Bad.', { slug: { message: 'Taken.' } });
    const { outcome, events } = await record({
      save: () => Promise.reject(thrown),
      invalidate: [['channels']],
      success: () => 'never',
      serverFields: ['slug'],
    });
    expect(outcome).toEqual({
      ok: false,
      cause: thrown,
      serverError: 'Bad.',
      errors: { slug: 'Taken.' },
      formError: null,
    });
    expect(events).toEqual([]);
  });

  it('lets the form read a failure its own way', async () => {
    const thrown = refusal('Bad.', { token: { message: 'Expired.' } });
    const { outcome } = await record({
      save: () => Promise.reject(thrown),
      explain: () => ({ errors: { token: 'Ask for a new link.' }, formError: null }),
    });
    expect(outcome).toEqual({
      ok: false,
      cause: thrown,
      serverError: 'Bad.',
      errors: { token: 'Ask for a new link.' },
      formError: null,
    });
  });

  it('counts a failure after the save (e.g. in onSaved) as the save failing', async () => {
    const { outcome } = await record({
      save: async () => 1,
      onSaved: () => {
        throw new Error('could not close');
      },
    });
    expect(outcome).toEqual({
      ok: false,
      cause: new Error('could not close'),
      serverError: 'could not close',
      errors: {},
      formError: 'could not close',
    });
  });
});

describe('runAction', () => {
  const effects = () => {
    const toasts: ToastMessage[] = [];
    const keys: QueryKey[] = [];
    return {
      toasts,
      keys,
      invalidate: async (key: QueryKey) => {
        keys.push(key);
      },
      toast: (message: ToastMessage) => {
        toasts.push(message);
      },
    };
  };
  const failure = { summary: 'The embed was not deleted', group: 'embed-delete' };

  it('goes through the save flow and says so in a success toast', async () => {
    const seen = effects();
    const ok = await runAction(
      { save: async () => null, invalidate: [['embeds']], success: () => 'One deleted', failure },
      seen,
    );
    expect(ok).toBe(true);
    expect(seen.keys).toEqual([['embeds']]);
    expect(seen.toasts).toEqual([{ severity: 'success', summary: 'One deleted' }]);
  });

  it('says a failure in an error toast with the server message, in its group', async () => {
    const seen = effects();
    const ok = await runAction(
      { save: () => Promise.reject(refusal('Not yours.')), invalidate: [['embeds']], failure },
      seen,
    );
    expect(ok).toBe(false);
    expect(seen.keys).toEqual([]);
    expect(seen.toasts).toEqual([
      { severity: 'error', summary: failure.summary, detail: 'Not yours.', group: 'embed-delete' },
    ]);
  });

  it('hands a failure to a function instead, for a page that says it in place', async () => {
    const seen = effects();
    const thrown = refusal('Not yours.');
    const handed: unknown[] = [];
    const ok = await runAction(
      {
        save: () => Promise.reject(thrown),
        invalidate: [['embeds']],
        failure: (failure) => handed.push(failure),
      },
      seen,
    );
    expect(ok).toBe(false);
    expect(handed).toEqual([thrown]);
    expect(seen.keys).toEqual([]);
    expect(seen.toasts).toEqual([]);
  });

  it('runs onSaved last, after the toast (e.g. to close the dialog)', async () => {
    const seen = effects();
    const order: string[] = [];
    await runAction(
      {
        save: async () => 3,
        success: (removed) => {
          order.push('toast');
          return `${removed} removed`;
        },
        onSaved: (removed) => {
          order.push(`saved ${removed}`);
        },
        failure,
      },
      seen,
    );
    expect(order).toEqual(['toast', 'saved 3']);
  });

  it('says the network is out of reach when the request never arrived', async () => {
    const seen = effects();
    await runAction({ save: () => Promise.reject(refusal('', {}, 0)), failure }, seen);
    expect(seen.toasts[0]?.detail).toBe(OFFLINE_MESSAGE);
  });
});
