import path from 'node:path';
import { type Core, defineArea } from '../../area.js';
import { PASSWORD_IDENTITY_FIELDS } from '../../auth/auth-service.js';
import { providerDisplayName } from '../../auth/oauth2/oauth2-providers.js';
import { OAUTH2_COLLECTION } from '../../auth/oauth2/oauth2-service.js';
import { BackupService } from './backup-service.js';
import { backupsRoutes } from './backups-routes.js';
import { collectionSchemas } from './collection-schema.js';
import { collectionsRoutes } from './collections-routes.js';
import { LogsRepository } from './logs-repository.js';
import { purgeLogs, scheduleLogsPurge } from './logs-retention.js';
import { logsRoutes } from './logs-routes.js';
import { type RequestLogOptions, RequestLogWriter } from './request-log-writer.js';
import { settingsRoutes } from './settings-routes.js';

declare module '../../area.js' {
  interface AreaOptions {
    /** The request log writer's timings (tests shorten them). */
    requestLog?: RequestLogOptions;
  }
  interface AreaExposed {
    /** The request log (tests write what waits in memory, and run the retention's purge). */
    requestLog: { flush(): Promise<void>; purge(now: number): Promise<number> };
  }
}

/**
 * What an operator reads of the server with superuser credentials: PocketBase's collections
 * API (GET /api/collections, /api/collections/{idOrName}), derived from the definitions, for
 * tools such as pocketbase-typegen. Collections are code, so its writes are refused. The
 * settings (GET/PATCH /api/settings, a test email): the sender and SMTP server change there.
 * PocketBase's backups API (/api/backups): archives of the database, made, kept, restored. And
 * the request log (/api/logs).
 */
declare module '../../area.js' {
  interface AreaOptions {
    /** Backups and restores wait on this inside their lock (tests show a second is refused). */
    backupPause?: () => Promise<void>;
  }
}

export const operatorArea = defineArea({
  name: 'operator',
  start: (core) => {
    const {
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
    } = core;
    return {
      routes: [
        requestLog(core),
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
    };
  },
});

/**
 * PocketBase's request log (GET /api/logs, /api/logs/{id}, /api/logs/stats): every answered
 * request, redacted by the core, written in batches and kept LOGS_MAX_DAYS days (0: nothing is
 * recorded, and the daily purge deletes what was).
 */
function requestLog(core: Core) {
  const { database, config, clock, log, options } = core;
  const logs = new LogsRepository(database.db, database.dialect);
  const writer = new RequestLogWriter(logs, config.logs, clock, log, options.requestLog);
  if (config.logs.maxDays > 0) core.recordRequests(writer.record);
  core.onClose(() => writer.close());
  core.onClose(scheduleLogsPurge(logs, config.logs.maxDays, log, clock));
  core.expose('requestLog', {
    flush: () => writer.flush(),
    purge: (now) => purgeLogs(logs, config.logs.maxDays, now),
  });
  return logsRoutes(logs, clock, config.logs.maxDays);
}
