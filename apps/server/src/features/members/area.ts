import { defineArea } from '../../area.js';
import { memberRoutes } from './members-routes.js';
import { MembersService } from './members-service.js';

/** An organization's members: roles, removal, leaving. */
export const membersArea = defineArea({
  name: 'members',
  start: ({ records }) => ({ routes: [memberRoutes(new MembersService(records))] }),
});
