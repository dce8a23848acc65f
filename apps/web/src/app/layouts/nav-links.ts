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

export interface NavLinkItem {
  label: string;
  path: string;
  icon: Icon;
}

export interface NavSection {
  label: string;
  links: readonly NavLinkItem[];
}

/** The sidebar of the default layout, one entry per area. */
export const navSections: readonly NavSection[] = [
  {
    label: 'Schedule',
    links: [
      { label: 'Dashboard', path: '/dashboard', icon: IconLayoutDashboard },
      { label: 'Channels', path: '/channels', icon: IconBroadcast },
      { label: 'Shows', path: '/shows', icon: IconMovie },
      { label: 'Timeslots', path: '/timeslots', icon: IconCalendarTime },
      { label: 'TV guide', path: '/tvguide', icon: IconDeviceTvOld },
    ],
  },
  {
    label: 'Viewers',
    links: [
      { label: 'Watch', path: '/watch', icon: IconPlayerPlay },
      { label: 'Multiview', path: '/multiview', icon: IconLayoutGrid },
      { label: 'Embeds', path: '/embeds', icon: IconCode },
    ],
  },
  {
    label: 'Sponsors',
    links: [
      { label: 'Ads', path: '/ads', icon: IconSpeakerphone },
      { label: 'Campaigns', path: '/campaigns', icon: IconTargetArrow },
    ],
  },
  {
    label: 'Content',
    links: [
      { label: 'Captions', path: '/captions', icon: IconBadgeCc },
      { label: 'Podcasts', path: '/podcasts', icon: IconMicrophone },
    ],
  },
  {
    label: 'Station',
    links: [
      { label: 'Analytics', path: '/analytics', icon: IconChartBar },
      { label: 'Members', path: '/members', icon: IconUsers },
      { label: 'Equipment', path: '/equipment', icon: IconCamera },
      { label: 'Organization', path: '/organization', icon: IconBuilding },
      { label: 'Archive', path: '/archive/organization', icon: IconArchive },
      { label: 'Integrations', path: '/integrations', icon: IconPlugConnected },
      { label: 'API docs', path: '/api-docs', icon: IconApi },
    ],
  },
];

/** Whether a sidebar link is the current area: its page or one of its detail pages. */
export function isNavLinkActive(linkPath: string, pathname: string): boolean {
  return pathname === linkPath || pathname.startsWith(`${linkPath}/`);
}
