import { defineArea } from '../../area.js';
import { scheduleArchivePurge } from './archive-purge.js';
import { ArchiveRepository } from './archive-repository.js';

/** What stations archived is deleted for good after their retention: daily, on one node. */
export const archiveArea = defineArea({
  name: 'archive',
  start: ({ database, records, log, clock, onClose }) => {
    const stop = scheduleArchivePurge(new ArchiveRepository(database.db), records, log, clock);
    onClose(stop);
    return {};
  },
});
