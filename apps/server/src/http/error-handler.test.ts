import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling, SERVER_ERROR_PAGE } from './error-handler.js';

// What a failure on the server answers: the API's envelope to scripts, a page to browsers.

const app = Fastify();

beforeAll(async () => {
  registerErrorHandling(app, (_request, reply) => reply.send('app'));
  app.get('/shows', async () => {
    throw new Error('a bug');
  });
  app.get('/api/boom', async () => {
    throw new Error('a bug');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('an unexpected error', () => {
  it('answers a browser a page with status 500, naming nothing internal', async () => {
    const answer = await app.inject({
      url: '/shows',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toBe(SERVER_ERROR_PAGE);
    expect(answer.body).not.toContain('a bug');
  });

  it('answers the API and scripts the envelope', async () => {
    for (const request of [
      { url: '/api/boom', headers: { accept: 'text/html' } },
      { url: '/shows', headers: { accept: 'application/json' } },
    ]) {
      const answer = await app.inject(request);
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toMatchObject({ status: 500 });
    }
  });
});
