import { defineArea } from '../../area.js';
import { PASSWORD_IDENTITY_FIELDS } from '../../auth/auth-service.js';
import { providerDisplayName } from '../../auth/oauth2/oauth2-providers.js';
import { OAUTH2_COLLECTION } from '../../auth/oauth2/oauth2-service.js';
import { collectionSchemas } from './collection-schema.js';
import { collectionsRoutes } from './collections-routes.js';
import { settingsRoutes } from './settings-routes.js';

/**
 * What an operator reads of the server with superuser credentials: PocketBase's collections
 * API (GET /api/collections, /api/collections/{idOrName}), derived from the definitions, for
 * tools such as pocketbase-typegen. Collections are code, so its writes are refused. The
 * settings (GET/PATCH /api/settings, a test email): the sender and SMTP server change there.
 */
export const operatorArea = defineArea({
  name: 'operator',
  start: ({ records, auth, config, database, mailer }) => ({
    routes: [
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
