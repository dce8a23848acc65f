import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ENDPOINTS } from './index.js';

// The contracts feed the OpenAPI document (the next issue): every schema must turn into JSON
// Schema, requests on their input side and replies on their output side.
describe('endpoint contracts', () => {
  it('each have a key of their method and path, and a summary', () => {
    for (const endpoint of ENDPOINTS) {
      expect(endpoint.key).toBe(`${endpoint.method} ${endpoint.path}`);
      expect(endpoint.summary.length).toBeGreaterThan(0);
    }
  });

  it('turn into JSON Schema', () => {
    for (const endpoint of ENDPOINTS) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = endpoint[part as keyof typeof endpoint] as z.ZodType | undefined;
        if (schema)
          expect(() => z.toJSONSchema(schema, { io: 'input' }), endpoint.key).not.toThrow();
      }
      expect(() => z.toJSONSchema(endpoint.reply), endpoint.key).not.toThrow();
    }
  });
});
