// Podcasts as Apple Podcasts and the Podcast Index read them: Apple's categories (2019 list,
// podcasters.apple.com "Apple Podcasts categories"; only the first category and subcategory of
// a feed count), the kinds of show and episode, and the cover art's rules.

/** Apple's categories and their subcategories. */
export const PODCAST_CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  Arts: ['Books', 'Design', 'Fashion & Beauty', 'Food', 'Performing Arts', 'Visual Arts'],
  Business: ['Careers', 'Entrepreneurship', 'Investing', 'Management', 'Marketing', 'Non-Profit'],
  Comedy: ['Comedy Interviews', 'Improv', 'Stand-Up'],
  Education: ['Courses', 'How To', 'Language Learning', 'Self-Improvement'],
  Fiction: ['Comedy Fiction', 'Drama', 'Science Fiction'],
  Government: [],
  History: [],
  'Health & Fitness': [
    'Alternative Health',
    'Fitness',
    'Medicine',
    'Mental Health',
    'Nutrition',
    'Sexuality',
  ],
  'Kids & Family': ['Education for Kids', 'Parenting', 'Pets & Animals', 'Stories for Kids'],
  Leisure: [
    'Animation & Manga',
    'Automotive',
    'Aviation',
    'Crafts',
    'Games',
    'Hobbies',
    'Home & Garden',
    'Video Games',
  ],
  Music: ['Music Commentary', 'Music History', 'Music Interviews'],
  News: [
    'Business News',
    'Daily News',
    'Entertainment News',
    'News Commentary',
    'Politics',
    'Sports News',
    'Tech News',
  ],
  'Religion & Spirituality': [
    'Buddhism',
    'Christianity',
    'Hinduism',
    'Islam',
    'Judaism',
    'Religion',
    'Spirituality',
  ],
  Science: [
    'Astronomy',
    'Chemistry',
    'Earth Sciences',
    'Life Sciences',
    'Mathematics',
    'Natural Sciences',
    'Nature',
    'Physics',
    'Social Sciences',
  ],
  'Society & Culture': [
    'Documentary',
    'Personal Journals',
    'Philosophy',
    'Places & Travel',
    'Relationships',
  ],
  Sports: [
    'Baseball',
    'Basketball',
    'Cricket',
    'Fantasy Sports',
    'Football',
    'Golf',
    'Hockey',
    'Rugby',
    'Running',
    'Soccer',
    'Swimming',
    'Tennis',
    'Volleyball',
    'Wilderness',
    'Wrestling',
  ],
  Technology: [],
  'True Crime': [],
  'TV & Film': ['After Shows', 'Film History', 'Film Interviews', 'Film Reviews', 'TV Reviews'],
};

/** How a podcast keeps its category: "News" or "News > Politics". */
export const CATEGORY_SEPARATOR = ' > ';

/** Every category a podcast may have, as it keeps them. */
export const PODCAST_CATEGORY_VALUES: readonly string[] = Object.entries(
  PODCAST_CATEGORIES,
).flatMap(([category, subcategories]) => [
  category,
  ...subcategories.map((sub) => `${category}${CATEGORY_SEPARATOR}${sub}`),
]);

/** A category as its feed tags: the category, and its subcategory when it has one. */
export function splitCategory(value: string): { category: string; subcategory: string } {
  const [category = '', subcategory = ''] = value.split(CATEGORY_SEPARATOR);
  return { category, subcategory };
}

/** Episodic (newest first) or serial (in order), as itunes:type says. */
export const PODCAST_TYPES = ['episodic', 'serial'] as const;
export const EPISODE_TYPES = ['full', 'trailer', 'bonus'] as const;

/** Apple's cover art: square, 1400 to 3000 pixels a side, JPEG or PNG. */
export const PODCAST_COVER = {
  minPx: 1400,
  maxPx: 3000,
  mimeTypes: ['image/jpeg', 'image/png'],
} as const;

/** The audio an episode may carry: what podcast apps play (Apple's enclosure types). */
export const EPISODE_AUDIO_MIME_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/aac'];
