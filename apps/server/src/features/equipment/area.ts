import { defineArea } from '../../area.js';
import {
  certificationKinds,
  certifications,
  equipment,
  reservations,
} from './equipment-collections.js';
import { scheduleEquipmentReminders } from './equipment-reminders.js';
import { EquipmentRemindersRepository } from './equipment-reminders-repository.js';
import { EquipmentRepository } from './equipment-repository.js';
import { equipmentRoutes } from './equipment-routes.js';

/** The station's equipment, members' certifications and reservations (decision 0033). */
export const equipmentArea = defineArea({
  name: 'equipment',
  collections: [certificationKinds, certifications, equipment, reservations],
  start: ({ database, records, notifier, log, clock, config, onClose }) => {
    // Overdue equipment and expiring certifications: their members are told once, by one node.
    onClose(
      scheduleEquipmentReminders(
        new EquipmentRemindersRepository(database.db),
        records,
        notifier,
        log,
        clock,
      ),
    );
    return { routes: [equipmentRoutes(new EquipmentRepository(database.db), config.appUrl)] };
  },
});
