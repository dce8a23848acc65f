import { describe, expect, it } from 'vitest';
import { errorEnvelope, sentenize } from './api-error.js';

describe('sentenize', () => {
  it('trims, capitalizes and adds a full stop', () => {
    expect(sentenize('  failed to create record ')).toBe('Failed to create record.');
  });

  it('keeps a closing ., ? or !', () => {
    expect(sentenize('Done.')).toBe('Done.');
    expect(sentenize('Really?')).toBe('Really?');
    expect(sentenize('Stop!')).toBe('Stop!');
  });

  it('leaves an empty message empty', () => {
    expect(sentenize('   ')).toBe('');
  });
});

describe('errorEnvelope', () => {
  it('orders keys data, message, status', () => {
    expect(JSON.stringify(errorEnvelope(404))).toBe(
      '{"data":{},"message":"The requested resource wasn\'t found.","status":404}',
    );
  });

  it('uses the default message for each status', () => {
    expect(errorEnvelope(400).message).toBe('Something went wrong while processing your request.');
    expect(errorEnvelope(401).message).toBe('Missing or invalid authentication.');
    expect(errorEnvelope(403).message).toBe('You are not allowed to perform this request.');
    expect(errorEnvelope(413).message).toBe('Request entity too large.');
    expect(errorEnvelope(429).message).toBe('Too Many Requests.');
    expect(errorEnvelope(503).message).toBe('Something went wrong while processing your request.');
    expect(errorEnvelope(415).message).toBe('Something went wrong while processing your request.');
  });

  it('keeps field errors in data', () => {
    const envelope = errorEnvelope(400, 'An error occurred while validating the submitted data.', {
      email: { code: 'validation_required', message: 'Cannot be blank.' },
    });
    expect(envelope).toEqual({
      data: { email: { code: 'validation_required', message: 'Cannot be blank.' } },
      message: 'An error occurred while validating the submitted data.',
      status: 400,
    });
  });
});
