import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'airgrid-config-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }, '/');

describe('loadConfig', () => {
  it('signs in with the OAuth2 providers whose client id and secret are both set', () => {
    expect(load({}).oauth2).toEqual([]);
    const config = load({
      OAUTH2_GITHUB_CLIENT_ID: 'gh-id',
      OAUTH2_GITHUB_CLIENT_SECRET: 'gh-secret',
      OAUTH2_MICROSOFT_CLIENT_ID: 'ms-id',
      OAUTH2_MICROSOFT_CLIENT_SECRET: 'ms-secret',
      OAUTH2_OIDC_ISSUER: 'https://id.example.org/realms/tv/',
      OAUTH2_OIDC_CLIENT_ID: 'kc-id',
      OAUTH2_OIDC_CLIENT_SECRET: 'kc-secret',
      OAUTH2_OIDC_NAME: 'Keycloak',
    });
    expect(config.oauth2).toEqual([
      { name: 'microsoft', clientId: 'ms-id', clientSecret: 'ms-secret', tenant: 'common' },
      { name: 'github', clientId: 'gh-id', clientSecret: 'gh-secret' },
      {
        name: 'oidc',
        clientId: 'kc-id',
        clientSecret: 'kc-secret',
        issuer: 'https://id.example.org/realms/tv',
        displayName: 'Keycloak',
      },
    ]);
  });

  it('says which OAuth2 variable is missing or wrong, never showing a secret', () => {
    expect(() => load({ OAUTH2_GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'OAUTH2_GOOGLE_CLIENT_SECRET must be set when OAUTH2_GOOGLE_CLIENT_ID is.',
    );
    expect(() => load({ OAUTH2_OIDC_CLIENT_ID: 'id', OAUTH2_OIDC_CLIENT_SECRET: 's' })).toThrow(
      'OAUTH2_OIDC_ISSUER must be set when OAUTH2_OIDC_CLIENT_ID is.',
    );
    expect(() => load({ OAUTH2_OIDC_ISSUER: 'http://id.example.org' })).toThrow(
      'OAUTH2_OIDC_ISSUER must be an https:// URL (http:// is allowed only for 127.0.0.1 or localhost) (got "http://id.example.org").',
    );
    expect(load({ OAUTH2_OIDC_ISSUER: 'http://127.0.0.1:9000' }).oauth2).toEqual([]);
    expect(() => load({ OAUTH2_GITHUB_CLIENT_SECRET: '' })).not.toThrow();
  });

  it('defaults to port 8090, SQLite in DATA_DIR and a local app URL', () => {
    const config = load({});
    expect(config.port).toBe(8090);
    expect(config.host).toBe('localhost');
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.join(dataDir, 'airgrid.db') });
    expect(config.appUrl).toBe('http://localhost:8090');
    expect(config.logLevel).toBe('info');
  });

  it('resolves DATA_DIR against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'data' }, dataDir);
    expect(config.dataDir).toBe(path.join(dataDir, 'data'));
  });

  it('uses PostgreSQL for a postgres:// DATABASE_URL and SQLite when it is empty', () => {
    expect(load({ DATABASE_URL: 'postgres://u@db:5432/airgrid' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@db:5432/airgrid',
    });
    expect(load({ DATABASE_URL: 'postgresql://u@db/airgrid' }).database.dialect).toBe('postgres');
    expect(load({ DATABASE_URL: '' }).database.dialect).toBe('sqlite');
  });

  it('names the variable and the value when one is wrong', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PORT: 'abc' }, /^PORT must be a whole number between 0 and 65535.*"abc"/],
      [{ PORT: '70000' }, /^PORT must be/],
      [{ PORT: '80.5' }, /^PORT must be/],
      [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must be a postgres:\/\//],
      [{ APP_URL: 'not a url' }, /^APP_URL must be an absolute http\(s\) URL/],
      [{ APP_URL: 'ftp://tv.example.org' }, /^APP_URL must be/],
      [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of fatal, error/],
      [{ AIRGRID_SECRET: 'short' }, /^AIRGRID_SECRET must be at least 32 characters/],
      [{ SMTP_URL: 'mail.example.org:587' }, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
      [{ SMTP_URL: 'https://mail.example.org' }, /^SMTP_URL must be/],
      [{ MAIL_FROM: 'Airgrid TV' }, /^MAIL_FROM must be an email address/],
      [{ MAIL_FROM: 'Airgrid <tv@example.org' }, /^MAIL_FROM must be/],
    ];
    for (const [env, message] of cases) {
      expect(() => load(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => load(env), JSON.stringify(env)).toThrow(message);
    }
  });

  it('sends mail through SMTP only when SMTP_URL is set, from MAIL_FROM', () => {
    expect(load({}).mail).toEqual({ smtpUrl: undefined, from: 'Airgrid <no-reply@localhost>' });
    expect(
      load({ SMTP_URL: 'smtp://user:pass@mail.example.org:587', MAIL_FROM: 'tv@example.org' }).mail,
    ).toEqual({ smtpUrl: 'smtp://user:pass@mail.example.org:587', from: 'tv@example.org' });
    expect(load({ SMTP_URL: 'smtps://mail.example.org' }).mail.smtpUrl).toBe(
      'smtps://mail.example.org',
    );
    expect(load({ MAIL_FROM: 'Airgrid TV <tv@example.org>' }).mail.from).toBe(
      'Airgrid TV <tv@example.org>',
    );
  });

  it('does not print the SMTP password when SMTP_URL is wrong', () => {
    expect(() => load({ SMTP_URL: 'smtpx://me:hunter2@mail' })).toThrow('"smtpx://me:***@mail"');
    expect(() => load({ SMTP_URL: 'smtpx://me:hun@ter2@mail' })).not.toThrow(/hun|ter2/);
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toBe('10.0.0.1, 10.0.0.2');
    expect(() => load({ TRUST_PROXY: 'yes please' })).toThrow(/^TRUST_PROXY must be true, false/);
  });

  it('takes an https FEEDBACK_URL for the feedback modal, and nothing else', () => {
    expect(load({}).feedbackUrl).toBeUndefined();
    expect(load({ FEEDBACK_URL: 'https://forms.example.org/airgrid' }).feedbackUrl).toBe(
      'https://forms.example.org/airgrid',
    );
    expect(() => load({ FEEDBACK_URL: 'http://forms.example.org' })).toThrow(
      /^FEEDBACK_URL must be an https:\/\/ URL of a survey form/,
    );
  });

  it('runs one process unless WORKERS says otherwise, on either database', () => {
    expect(load({}).workers).toBe(1);
    expect(load({ WORKERS: '3' }).workers).toBe(3);
    expect(load({ WORKERS: 'auto' }).workers).toBe(availableParallelism());
    expect(() => load({ WORKERS: '0' })).toThrow(/^WORKERS must be auto or a number/);
    expect(() => load({ WORKERS: 'many' })).toThrow(/^WORKERS must be auto or a number/);
    const postgres = { DATABASE_URL: 'postgres://localhost/airgrid' };
    expect(load(postgres).workers).toBe(1);
    expect(load({ ...postgres, WORKERS: '2' }).workers).toBe(2);
    expect(load({ ...postgres, WORKERS: 'auto' }).workers).toBe(availableParallelism());
  });

  it('hashes passwords at bcrypt cost 10 unless PASSWORD_HASH_COST says otherwise', () => {
    expect(load({}).passwordHashCost).toBe(10);
    expect(load({ PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    expect(load({ PASSWORD_HASH_COST: '4' }).passwordHashCost).toBe(4);
    for (const wrong of ['3', '16', 'high', '10.5']) {
      expect(() => load({ PASSWORD_HASH_COST: wrong })).toThrow(
        /^PASSWORD_HASH_COST must be a whole number from 4 to 15/,
      );
    }
  });

  it('keeps APP_URL without a trailing slash', () => {
    expect(load({ APP_URL: 'https://tv.example.org/' }).appUrl).toBe('https://tv.example.org');
  });

  it('generates a secret on first start and keeps it in DATA_DIR', () => {
    const first = load({}).secret ?? '';
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim()).toBe(first);
    expect(load({}).secret).toBe(first);
  });

  it('leaves the secret to the database on PostgreSQL unless given', () => {
    expect(load({ DATABASE_URL: 'postgres://u@db/airgrid' }).secret).toBeNull();
    const given = 'y'.repeat(40);
    expect(load({ DATABASE_URL: 'postgres://u@db/airgrid', AIRGRID_SECRET: given }).secret).toBe(
      given,
    );
  });

  it('prefers AIRGRID_SECRET to the kept one', () => {
    const given = 'x'.repeat(40);
    expect(load({ AIRGRID_SECRET: given }).secret).toBe(given);
  });

  it('refuses a kept secret that is too short', () => {
    writeFileSync(path.join(dataDir, 'secret.key'), 'short\n');
    expect(() => load({})).toThrow(/secret\.key holds a secret shorter than 32/);
  });
});

describe('file storage', () => {
  it('keeps files in DATA_DIR/storage unless S3_BUCKET is set', () => {
    expect(load({}).storage).toEqual({ kind: 'local', dir: path.join(dataDir, 'storage') });
  });

  it('stores files in S3 with S3_BUCKET and the optional endpoint, region and keys', () => {
    expect(
      load({
        S3_BUCKET: 'airgrid-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'airgrid-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(load({ S3_BUCKET: 'airgrid-media' }).storage).toMatchObject({
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it('names the S3 variable that is wrong or missing, and never prints the secret', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ S3_BUCKET: 'Bad_Bucket' }, /^S3_BUCKET must be a bucket name/],
      [{ S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }, /^S3_ENDPOINT must be an http\(s\) URL/],
      [
        { S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' },
        /^S3_FORCE_PATH_STYLE must be true or false/,
      ],
      [{ S3_BUCKET: 'media', S3_REGION: 'eu central' }, /^S3_REGION must be a region name/],
      [
        { S3_ENDPOINT: 'http://127.0.0.1:9000' },
        /^S3_BUCKET must be set to store files in S3 \(S3_ENDPOINT is set\)/,
      ],
      [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' }, /^S3_SECRET_ACCESS_KEY must be set/],
      [{ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'hunter2' }, /^S3_ACCESS_KEY_ID must be set/],
    ];
    for (const [env, message] of cases) {
      expect(() => load(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => load(env), JSON.stringify(env)).toThrow(message);
    }
    expect(() => load({ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'hunter2' })).not.toThrow(
      /hunter2/,
    );
  });
});
