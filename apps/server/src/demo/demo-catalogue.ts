// The demo organization a new install starts with: a public-access station with the classic
// PEG trio of channels (public, educational, government) and an arts channel.

export const DEMO_ORGANIZATION = {
  slug: 'riverside',
  name: 'Riverside Community TV',
  timeZone: 'America/New_York',
  // The seed's `url` rule (one name before the top-level domain, optionally after www.).
  website: 'https://riverside.example',
  contactEmail: 'programming@riverside.example.org',
  /** The station's colour on its public pages and widgets (branding.accentColor). */
  accentColor: '#1c5fb8',
} as const;

/** The demo station's logo file name (stored under the organization like an upload). */
export const DEMO_LOGO_NAME = 'riverside_logo_demo00001.svg';

/** The demo station's logo: a river under a broadcast arc, in its accent colour. */
export const DEMO_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="256" height="256">
  <rect width="64" height="64" rx="14" fill="#1c5fb8"/>
  <path d="M16 26a16 16 0 0 1 32 0" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round"/>
  <path d="M23 27a9 9 0 0 1 18 0" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round"/>
  <circle cx="32" cy="28" r="3" fill="#ffffff"/>
  <path d="M10 42c5-4 9-4 14 0s9 4 14 0 9-4 14 0 5 4 2 2" fill="none" stroke="#9cc3ff" stroke-width="4" stroke-linecap="round"/>
  <path d="M10 51c5-4 9-4 14 0s9 4 14 0 9-4 14 0" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round"/>
</svg>
`;

export const DEMO_LOGIN = {
  email: 'demo@airgrid.tv',
  password: 'airgrid-demo',
  name: 'Dana Demo',
} as const;

export interface DemoChannel {
  slug: string;
  name: string;
  number: number;
  description: string;
  color: string;
  /** Categories of shows this channel airs. */
  categories: readonly string[];
}

export const DEMO_CHANNELS: readonly DemoChannel[] = [
  {
    slug: 'rctv-1',
    name: 'RCTV 1 Community',
    number: 1,
    description: 'Shows made by Riverside residents: local news, talk, sports and culture.',
    color: '#2f9e44',
    categories: ['News', 'Talk', 'Sports', 'Community'],
  },
  {
    slug: 'rctv-2',
    name: 'RCTV 2 Education',
    number: 2,
    description: 'Classes, lectures and how-to programmes from Riverside schools and the library.',
    color: '#1971c2',
    categories: ['Education', 'Community', 'Kids'],
  },
  {
    slug: 'rctv-3',
    name: 'RCTV 3 Government',
    number: 3,
    description: 'City council, school board and planning meetings, live and replayed.',
    color: '#e8590c',
    categories: ['Government', 'News'],
  },
  {
    slug: 'rctv-arts',
    name: 'Riverside Arts',
    number: 4,
    description: 'Music, film and performance from Riverside artists, around the clock.',
    color: '#9c36b5',
    categories: ['Music', 'Film', 'Arts'],
  },
];

export interface DemoShow {
  title: string;
  category: string;
  minutes: number;
  description: string;
  producerName: string;
  rating: string;
}

/** The filler a public-access station runs between programmes; 15 minutes fills any gap. */
export const BULLETIN_BOARD: DemoShow = {
  title: 'Community Bulletin Board',
  category: 'Community',
  minutes: 15,
  description: 'Announcements, events and notices from Riverside organizations.',
  producerName: 'RCTV Staff',
  rating: 'TV-G',
};

export const DEMO_SHOWS: readonly DemoShow[] = [
  BULLETIN_BOARD,
  {
    title: 'Riverside Tonight',
    category: 'News',
    minutes: 30,
    description: 'The evening round-up of local news, weather and high-school scores.',
    producerName: 'RCTV Newsroom',
    rating: 'TV-G',
  },
  {
    title: 'Morning Coffee',
    category: 'Talk',
    minutes: 60,
    description:
      'Neighbours, small-business owners and visitors talk about what is happening in town.',
    producerName: 'Maria Alvarez',
    rating: 'TV-G',
  },
  {
    title: 'Friday Night Lights Replay',
    category: 'Sports',
    minutes: 120,
    description: 'Last week’s Riverside High football game, with commentary from the booster club.',
    producerName: 'Riverside Boosters',
    rating: 'TV-G',
  },
  {
    title: 'Open Mic Riverside',
    category: 'Community',
    minutes: 60,
    description: 'Anyone can sign up: poetry, comedy and stories recorded at the library.',
    producerName: 'Riverside Library',
    rating: 'TV-PG',
  },
  {
    title: 'The Garden Hour',
    category: 'Community',
    minutes: 60,
    description: 'Seasonal growing tips from the Riverside Master Gardeners.',
    producerName: 'Tom Okafor',
    rating: 'TV-G',
  },
  {
    title: 'Senior Center Spotlight',
    category: 'Community',
    minutes: 30,
    description: 'Activities, health tips and stories from the Riverside Senior Center.',
    producerName: 'Riverside Senior Center',
    rating: 'TV-G',
  },
  {
    title: 'Algebra Made Clear',
    category: 'Education',
    minutes: 30,
    description:
      'Step-by-step lessons for students and parents, from the district’s math teachers.',
    producerName: 'Riverside Schools',
    rating: 'TV-G',
  },
  {
    title: 'Library Lecture Series',
    category: 'Education',
    minutes: 90,
    description: 'Authors and local historians speak at the Riverside Public Library.',
    producerName: 'Riverside Library',
    rating: 'TV-G',
  },
  {
    title: 'Fix It Yourself',
    category: 'Education',
    minutes: 30,
    description: 'Simple home repairs, from a dripping tap to a squeaky door.',
    producerName: 'Sam Lee',
    rating: 'TV-G',
  },
  {
    title: 'Story Time',
    category: 'Kids',
    minutes: 30,
    description: 'Picture books read aloud by children’s librarians.',
    producerName: 'Riverside Library',
    rating: 'TV-Y',
  },
  {
    title: 'Science Club',
    category: 'Kids',
    minutes: 30,
    description: 'Experiments you can do at home, presented by middle-school students.',
    producerName: 'Riverside Middle School',
    rating: 'TV-Y7',
  },
  {
    title: 'City Council Meeting',
    category: 'Government',
    minutes: 120,
    description: 'The regular meeting of the Riverside City Council, in full.',
    producerName: 'City Clerk',
    rating: 'TV-G',
  },
  {
    title: 'School Board Meeting',
    category: 'Government',
    minutes: 90,
    description: 'The Riverside Unified School District board meeting, in full.',
    producerName: 'Riverside Schools',
    rating: 'TV-G',
  },
  {
    title: 'Planning Commission',
    category: 'Government',
    minutes: 60,
    description: 'Zoning, permits and development hearings.',
    producerName: 'City Clerk',
    rating: 'TV-G',
  },
  {
    title: 'Ask the Mayor',
    category: 'Government',
    minutes: 30,
    description: 'The mayor answers questions sent in by residents.',
    producerName: 'Mayor’s Office',
    rating: 'TV-G',
  },
  {
    title: 'Riverside Week in Review',
    category: 'News',
    minutes: 30,
    description: 'The week’s decisions at City Hall, explained in half an hour.',
    producerName: 'RCTV Newsroom',
    rating: 'TV-G',
  },
  {
    title: 'Basement Sessions',
    category: 'Music',
    minutes: 60,
    description: 'Local bands play live in the RCTV studio basement.',
    producerName: 'Jules Park',
    rating: 'TV-PG',
  },
  {
    title: 'Riverside Symphony',
    category: 'Music',
    minutes: 120,
    description: 'Concerts by the Riverside Community Symphony Orchestra.',
    producerName: 'Riverside Symphony',
    rating: 'TV-G',
  },
  {
    title: 'Short Film Showcase',
    category: 'Film',
    minutes: 60,
    description: 'Short films by Riverside filmmakers, with director interviews.',
    producerName: 'Riverside Film Collective',
    rating: 'TV-14',
  },
  {
    title: 'Gallery Walk',
    category: 'Arts',
    minutes: 30,
    description: 'A tour of this month’s exhibitions at Riverside galleries.',
    producerName: 'Arts Council',
    rating: 'TV-G',
  },
  {
    title: 'Dance Riverside',
    category: 'Arts',
    minutes: 60,
    description: 'Performances from the Riverside dance studios.',
    producerName: 'Arts Council',
    rating: 'TV-G',
  },
  {
    title: 'Jazz at the Depot',
    category: 'Music',
    minutes: 90,
    description: 'Recorded live at the Old Train Depot jazz nights.',
    producerName: 'Jules Park',
    rating: 'TV-PG',
  },
  {
    title: 'Youth Voices',
    category: 'Talk',
    minutes: 30,
    description: 'High-school students interview each other about what matters to them.',
    producerName: 'Riverside High Media Club',
    rating: 'TV-G',
  },
];
