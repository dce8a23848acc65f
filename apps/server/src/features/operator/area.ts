import path from 'node:path';
import { defineArea } from '../../area.js';
import { PASSWORD_IDENTITY_FIELDS } from '../../auth/auth-service.js';
import { providerDisplayName } from '../../auth/oauth2/oauth2-providers.js';
import { OAUTH2_COLLECTION } from '../../auth/oauth2/oauth2-service.js';
import { BackupService } from './backup-service.js';
import { backupsRoutes } from './backups-routes.js';
import { collectionSchemas } from './collection-schema.js';
import { collectionsRoutes } from './collections-routes.js';
import { settingsRoutes } from './settings-routes.js';

/**
 * What an operator reads of the server with superuser credentials: PocketBase's collections
 * API (GET /api/collections, /api/collections/{idOrName}), derived from the definitions, for
 * tools such as pocketbase-typegen. Collections are code, so its writes are refused. The
 * settings (GET/PATCH /api/settings, a test email): the sender and SMTP server change there.
 * And PocketBase's backups API (/api/backups): archives of the database, made, kept, restored.
 */
declare module '../../area.js' {
  interface AreaOptions {
    /** Backups and restores wait on this inside their lock (tests show a second is refused). */
    backupPause?: () => Promise<void>;
  }
}

export const operatorArea = defineArea({
  name: 'operator',
  start: ({
    records,
    auth,
    config,
    database,
    mailer,
    files,
    clock,
    log,
    options,
    databaseReplaced,
  }) => ({
    routes: [
      backupsRoutes({
        backups: new BackupService({
          database,
          ...(config.database.dialect === 'postgres' ? { postgresUrl: config.database.url } : {}),
          storage: files.storage,
          workDirectory: path.join(config.dataDir, 'backups-work'),
          maxUploadSize: config.backupMaxUploadBytes,
          clock,
          log,
          databaseReplaced,
          ...(options.backupPause ? { pause: options.backupPause } : {}),
        }),
        auth,
        uploadDirectory: files.uploadDirectory,
        maxUploadSize: config.backupMaxUploadBytes,
      }),
      collectionsRoutes(
        collectionSchemas(records.collections(), {
          identityFields: PASSWORD_IDENTITY_FIELDS,
          oauth2: {
            collection: OAUTH2_COLLECTION,
            providers: config.oauth2.map((provider) => ({
              name: provider.name,
              displayName: providerDisplayName(provider),
            })),
          },
          tokenLifetime: (collection, type) => auth.tokenLifetime(collection, type),
          passwordCost: config.passwordHashCost,
        }),
      ),
      settingsRoutes({ config, database, mailer }),
    ],
  }),
});
