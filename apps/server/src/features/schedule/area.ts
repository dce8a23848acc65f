import { shows as showDefinition } from '@airgrid/schema';
import { defineArea } from '../../area.js';
import { channels } from './channels-collection.js';
import { copyRoutes } from './copy-routes.js';
import { CopyService } from './copy-service.js';
import { placeRoutes } from './place-routes.js';
import { PlaceService } from './place-service.js';
import { recurrences } from './recurrences-collection.js';
import { scheduleRoutes } from './schedule-routes.js';
import { ScheduleService } from './schedule-service.js';
import { series } from './series-collection.js';
import { seriesRoutes } from './series-routes.js';
import { SeriesService } from './series-service.js';
import { showMedia, shows } from './shows-collection.js';
import { timeslots } from './timeslots-collection.js';

/** Channels, shows and the schedule: timeslots, recurring series, moves, copies. */
export const scheduleArea = defineArea({
  name: 'schedule',
  collections: [channels, series, shows, timeslots, recurrences],
  start: ({ records, clock, media }) => {
    media.register(showDefinition, showMedia);
    return {
      routes: [
        scheduleRoutes(new ScheduleService(records)),
        placeRoutes(new PlaceService(records)),
        seriesRoutes(new SeriesService(records, clock)),
        copyRoutes(new CopyService(records)),
      ],
    };
  },
});
