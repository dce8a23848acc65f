import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const MemberPage = lazyPage(
  () => import('./member-page'),
  (module) => module.MemberPage,
);
const MembersPage = lazyPage(
  () => import('./members-page'),
  (module) => module.MembersPage,
);
const ProfilePage = lazyPage(
  () => import('./member-page'),
  (module) => module.ProfilePage,
);

/** The pages of features/members/ (app/routes.tsx merges every area's). */
export const membersRoutes: readonly AppRoute[] = [
  {
    path: '/members',
    title: t.routes.members,
    area: 'members',
    element: <MembersPage />,
  },
  {
    path: '/members/:member',
    title: t.routes.member,
    area: 'members',
    element: <MemberPage />,
  },
  {
    path: '/profile',
    title: t.routes.profile,
    area: 'profile',
    element: <ProfilePage />,
  },
];
