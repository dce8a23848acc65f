import { assertPostgresReachable, testDialect } from './test-database.js';

/** Fails the PostgreSQL run at once, with a way out, when the server is not there. */
export default async function setup(): Promise<void> {
  if (testDialect === 'postgres') await assertPostgresReachable();
}
