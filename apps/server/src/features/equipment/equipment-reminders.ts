import { fromRecordDate, instantToLocal, toRecordDate } from '@airgrid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { scheduleRecurringRun } from '../../jobs/recurring-run.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import type { EquipmentRemindersRepository } from './equipment-reminders-repository.js';

// Reminders of the community side (issue 20; decision 0033): a member whose checked-out item is
// past its due time hears of it once (a notification, and a mail when their preferences ask),
// and so does a member whose certification expires within two weeks. Staff see the overdue
// list on /equipment. Each run is claimed by one node.

/** How far ahead an expiring certification is announced. */
const EXPIRY_NOTICE_MS = 14 * 86_400_000;
const LOOK_EVERY_MS = 15 * 60_000;

export interface ReminderNotifier {
  notify(
    userId: string,
    notification: { title: string; body: string; type: 'reminder'; path: string },
  ): Promise<void>;
}

const local = (date: string, zone: string) =>
  `${instantToLocal(fromRecordDate(date) ?? 0, zone).replace('T', ' ')} (${zone})`;

/** Sends what is due at `now`; answers how many reminders went. */
export async function sendEquipmentReminders(
  repository: EquipmentRemindersRepository,
  records: RecordService,
  notifier: ReminderNotifier,
  now: number,
): Promise<number> {
  let sent = 0;
  const at = toRecordDate(now);
  for (const row of await repository.overdue(now)) {
    await notifier.notify(row.member, {
      title: `“${row.itemName}” is overdue`,
      body: `It was due back at ${local(row.ends, row.timeZone)}. Please return it, or ask the station for more time.`,
      type: 'reminder',
      path: '/equipment',
    });
    await records.update('reservations', row.id, { remindedAt: at }, serverRequest('PATCH'));
    sent += 1;
  }
  for (const row of await repository.expiring(now, EXPIRY_NOTICE_MS)) {
    await notifier.notify(row.member, {
      title: `Your “${row.kindName}” certification expires soon`,
      body: `It expires at ${local(row.expires, row.timeZone)}; after that you cannot reserve equipment that needs it. Ask the station to renew it.`,
      type: 'reminder',
      path: '/equipment',
    });
    await records.update('certifications', row.id, { remindedAt: at }, serverRequest('PATCH'));
    sent += 1;
  }
  return sent;
}

/** Looks every 15 minutes; the node that claims the run sends. Answers how to stop. */
export function scheduleEquipmentReminders(
  repository: EquipmentRemindersRepository,
  records: RecordService,
  notifier: ReminderNotifier,
  log: FastifyBaseLogger,
  clock: Clock,
  everyMs = LOOK_EVERY_MS,
): () => void {
  return scheduleRecurringRun(
    {
      name: 'equipment reminders',
      checkEveryMs: everyMs,
      claim: (now) => repository.claim(now, everyMs / 2),
      run: async (now) => {
        const sent = await sendEquipmentReminders(repository, records, notifier, now);
        if (sent > 0) log.info({ sent }, 'equipment: reminders sent');
      },
    },
    log,
    clock,
  );
}
