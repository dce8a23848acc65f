import { queryOptions } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { pb } from '../../lib/pocketbase';
import { type BucketStat, type StatsInterval, statsFilter } from './operator-model';

// The operator console's reads and writes, all PocketBase operator endpoints a superuser may
// call (components call these, never `pb`).

/** The settings as GET /api/settings answers them (the parts the console shows). */
export interface OperatorSettings {
  meta: { appName: string; appURL: string; senderName: string; senderAddress: string };
  smtp: {
    enabled: boolean;
    host: string;
    port: number;
    username: string;
    tls: boolean;
    source: 'settings' | 'environment' | 'none';
  };
  s3: { enabled: boolean; bucket: string; region: string; endpoint: string };
  rateLimits: { rules: { label: string; maxRequests: number; duration: number }[] };
  oauth2: { providers: { name: string; clientId: string }[] };
  network: { webhooksAllowPrivate: boolean; cablecastAllowPrivate: boolean };
  /** `maxUploadSize`: BACKUP_MAX_UPLOAD_MB in bytes. */
  backups?: { maxUploadSize: number };
  environment: Record<string, string>;
}

export interface JobRow {
  id: string;
  kind: string;
  target: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  attempts: number;
  error: string;
  created: string;
  updated: string;
}

export const operatorKeys = {
  all: ['operator'] as const,
  settings: () => [...operatorKeys.all, 'settings'] as const,
};

export const operatorQueries = {
  health: () =>
    queryOptions({
      queryKey: [...operatorKeys.all, 'health'],
      queryFn: () => pb.health.check(),
      refetchInterval: 30_000,
    }),
  version: () =>
    queryOptions({
      queryKey: [...operatorKeys.all, 'version'],
      queryFn: async () => {
        const response = await fetch(pb.buildURL('/api/openapi.json'));
        const document = (await response.json()) as { info?: { version?: string } };
        return document.info?.version ?? '';
      },
      staleTime: Number.POSITIVE_INFINITY,
    }),
  settings: () =>
    queryOptions({
      queryKey: operatorKeys.settings(),
      queryFn: () => pb.settings.getAll() as Promise<OperatorSettings>,
    }),
  superusers: () =>
    queryOptions({
      queryKey: [...operatorKeys.all, 'superusers'],
      queryFn: () => pb.collection('_superusers').getFullList({ sort: 'email' }),
    }),
  jobs: (state: string) =>
    queryOptions({
      queryKey: [...operatorKeys.all, 'jobs', state],
      queryFn: () =>
        pb.collection('jobs').getList<JobRow>(1, 50, {
          sort: '-updated',
          ...(state ? { filter: pb.filter('state = {:state}', { state }) } : {}),
        }),
      refetchInterval: 10_000,
    }),
};

/** Signs in to the `_superusers` collection. */
export function signInOperator(email: string, password: string) {
  return pb.collection('_superusers').authWithPassword(email.trim(), password);
}

export interface MailValues {
  senderName: string;
  senderAddress: string;
  enabled: boolean;
  host: string;
  port: number;
  username: string;
  password: string;
  tls: boolean;
}

/** Saves the sender and the SMTP server (a blank password keeps the saved one). */
export function saveMailSettings(values: MailValues) {
  return pb.settings.update({
    meta: { senderName: values.senderName, senderAddress: values.senderAddress },
    smtp: {
      enabled: values.enabled,
      host: values.host,
      port: values.port,
      username: values.username,
      tls: values.tls,
      ...(values.password ? { password: values.password } : {}),
    },
  }) as Promise<OperatorSettings>;
}

export function sendTestEmail(email: string, template: string) {
  return pb.settings.testEmail('users', email, template);
}

/** Puts a failed job back in the queue: the runner takes it on its next round. */
export function retryJob(id: string) {
  return pb.collection('jobs').update(id, { state: 'queued', error: '', attempts: 0, progress: 0 });
}

export interface LogLine {
  id: string;
  created: string;
  level: number;
  message: string;
  data: {
    method?: string;
    url?: string;
    status?: number;
    execTime?: number;
    auth?: string;
    error?: string;
  };
}

/** A backup as GET /api/backups lists it. */
export interface BackupEntry {
  key: string;
  size: number;
  modified: string;
}

export const operatorLogQueries = {
  logs: (filter: string) =>
    queryOptions({
      queryKey: [...operatorKeys.all, 'logs', filter],
      queryFn: () =>
        pb.logs.getList(1, 50, { filter, sort: '-created' }) as unknown as Promise<{
          items: LogLine[];
          totalItems: number;
        }>,
      retry: false,
    }),
  /** The lines per minute or hour from `since` (ms), all and the 4xx and 5xx among them. */
  stats: (filter: string, since: number, interval: StatsInterval) =>
    queryOptions({
      queryKey: [...operatorKeys.all, 'logs', 'stats', filter, since, interval],
      queryFn: async () => {
        const [all, client, server] = await Promise.all(
          ([undefined, 'client', 'server'] as const).map(
            (status): Promise<BucketStat[]> =>
              pb.logs.getStats({
                filter: statsFilter(filter, since, status),
                query: { interval },
              }),
          ),
        );
        return { all: all ?? [], client: client ?? [], server: server ?? [] };
      },
      retry: false,
    }),
  backups: () =>
    queryOptions({
      queryKey: [...operatorKeys.all, 'backups'],
      queryFn: (): Promise<BackupEntry[]> => pb.backups.getFullList(),
    }),
};

export function createBackup() {
  return pb.backups.create('');
}

/** Adds a backup made elsewhere (`name`: the key it is stored under). */
export function uploadBackup({ file, name }: { file: File; name: string }) {
  return pb.backups.upload({ file: name === file.name ? file : new File([file], name) });
}

export function deleteBackup(key: string) {
  return pb.backups.delete(key);
}

/**
 * Restores a backup, then checks that this superuser is still there: the restored database
 * has the backup's superusers, and one made since (say, on a fresh server) is gone. Then this
 * browser signs out (the console sends it to the operator sign-in) and says so.
 */
export async function restoreBackup(key: string): Promise<{ signedOut: boolean }> {
  await pb.backups.restore(key);
  try {
    await pb.collection('_superusers').authRefresh();
    return { signedOut: false };
  } catch (error) {
    if (!(error instanceof ClientResponseError) || ![401, 403, 404].includes(error.status))
      return { signedOut: false };
    pb.authStore.clear();
    return { signedOut: true };
  }
}

/** A link that downloads the backup, made with a fresh file token (valid a few minutes). */
export async function backupDownloadUrl(key: string): Promise<string> {
  const token = await pb.files.getToken();
  return pb.backups.getDownloadURL(token, key);
}
