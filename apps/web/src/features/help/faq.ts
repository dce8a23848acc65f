/** One question of the help modal's FAQ. */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** The help modal's FAQ: eight entries (seed §9), answered for Airgrid. */
export const FAQ: readonly FaqEntry[] = [
  {
    question: 'How do I add a channel?',
    answer:
      'Open Channels in the sidebar and choose New channel. Give it a name and number, its time zone, and the stream URL viewers watch. A channel is private until you mark it public; only public channels appear in the public guide, the watch page and the feeds.',
  },
  {
    question: 'Why do times snap to 15 minutes?',
    answer:
      'A guide column is 15 minutes wide, so every timeslot starts and lasts a whole number of 15-minute steps. When you type or drag a duration, Airgrid rounds it to the nearest step, which keeps the guide, the feeds and set-top boxes in agreement.',
  },
  {
    question: 'What happens when two shows overlap?',
    answer:
      'A channel can never be double-booked. Moving or resizing a timeslot with push-on-overlap shifts its neighbours along; with no-overlap the change is undone. A timeslot you lock never moves. Creating one that overlaps is refused with the show and time it collides with.',
  },
  {
    question: 'Do recurring shows survive daylight saving changes?',
    answer:
      "Yes. A recurrence is kept in the channel's own time zone, so a show at 7:00 PM stays at 7:00 PM local time on both sides of a clock change. You can still move, cancel or replace a single airing, or change this and all following ones.",
  },
  {
    question: 'How do viewers get our schedule into their TV app or calendar?',
    answer:
      'Every organization publishes XMLTV and an M3U playlist for media servers and IPTV apps, and an iCalendar feed per channel for calendars. Find the addresses under Integrations or on a channel page; they update as soon as the schedule changes.',
  },
  {
    question: "Can we put the guide on our station's website?",
    answer:
      'Yes. Under Embeds, create a guide, player, now/next or upcoming-list widget, pick its channels, theme and accent colour, and copy the snippet into your site. Only the websites you list may show it.',
  },
  {
    question: 'How do I invite my team, and what can each role do?',
    answer:
      'Admins and owners invite people by email from Members. Viewers can look at everything; producers manage their own shows; editors manage channels, shows and the schedule; admins also manage members, invites and the organization.',
  },
  {
    question: 'Can our own scripts use the Airgrid API?',
    answer:
      "Yes. Airgrid's API speaks the PocketBase protocol, so the official PocketBase JavaScript SDK works against it unchanged. API docs lists every endpoint with curl and SDK examples.",
  },
];
