import {
  type Icon,
  IconApi,
  IconArchive,
  IconBadgeCc,
  IconBroadcast,
  IconBuilding,
  IconCalendarTime,
  IconCamera,
  IconChartBar,
  IconCode,
  IconDeviceTvOld,
  IconLayoutDashboard,
  IconLayoutGrid,
  IconMicrophone,
  IconMovie,
  IconPlayerPlay,
  IconPlugConnected,
  IconSpeakerphone,
  IconTargetArrow,
  IconUsers,
} from '@tabler/icons-react';
import { messages } from '../../i18n/messages';

const t = messages();

interface NavLinkItem {
  label: string;
  path: string;
  icon: Icon;
  /**
   * The area's page is not built yet (its route shows NotBuiltYet): the link carries a "Soon"
   * badge, so it reads as planned rather than broken. A test keeps this in step with routes.tsx.
   */
  soon?: true;
}

export interface NavSection {
  label: string;
  links: readonly NavLinkItem[];
}

/** The sidebar of the default layout, one entry per area. */
export const navSections: readonly NavSection[] = [
  {
    label: t.shell.schedule,
    links: [
      { label: t.shell.dashboard, path: '/dashboard', icon: IconLayoutDashboard },
      { label: t.shell.channels, path: '/channels', icon: IconBroadcast },
      { label: t.shell.shows, path: '/shows', icon: IconMovie },
      { label: t.shell.timeslots, path: '/timeslots', icon: IconCalendarTime },
      { label: t.shell.tvGuide, path: '/tvguide', icon: IconDeviceTvOld },
    ],
  },
  {
    label: t.shell.viewers,
    links: [
      { label: t.shell.watch, path: '/watch', icon: IconPlayerPlay },
      { label: t.shell.multiview, path: '/multiview', icon: IconLayoutGrid },
      { label: t.shell.embeds, path: '/embeds', icon: IconCode },
    ],
  },
  {
    label: t.shell.sponsors,
    links: [
      { label: t.shell.ads, path: '/ads', icon: IconSpeakerphone },
      { label: t.shell.campaigns, path: '/campaigns', icon: IconTargetArrow },
    ],
  },
  {
    label: t.shell.content,
    links: [
      { label: t.shell.captions, path: '/captions', icon: IconBadgeCc },
      { label: t.shell.podcasts, path: '/podcasts', icon: IconMicrophone },
    ],
  },
  {
    label: t.shell.station,
    links: [
      { label: t.shell.analytics, path: '/analytics', icon: IconChartBar },
      { label: t.shell.members, path: '/members', icon: IconUsers },
      { label: t.shell.equipment, path: '/equipment', icon: IconCamera },
      { label: t.shell.organization, path: '/organization', icon: IconBuilding },
      { label: t.shell.archive, path: '/archive/organization', icon: IconArchive },
      { label: t.shell.integrations, path: '/integrations', icon: IconPlugConnected },
      { label: t.shell.apiDocs, path: '/api-docs', icon: IconApi },
    ],
  },
];

/** Whether a sidebar link is the current area: its page or one of its detail pages. */
export function isNavLinkActive(linkPath: string, pathname: string): boolean {
  return pathname === linkPath || pathname.startsWith(`${linkPath}/`);
}
