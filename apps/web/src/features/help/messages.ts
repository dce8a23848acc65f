// The English UI strings of features/help/: its slice of the catalog, merged by i18n/en.ts.

export const helpMessages = {
  /**
   * The help modal. `about` answers the seed's eight questions (seed §1: what Airgrid is, how it
   * differs, who benefits, what is unique, viewers, technology, plans, getting involved);
   * `howTo` is the second section, the questions people asked while using it. Say only what
   * the product does today, and call planned things planned.
   */
  about: [
    {
      question: 'What is Airgrid?',
      answer:
        'A programme guide and scheduling system for public-access stations, independent creators and small broadcasters. You describe your channels and shows, build the schedule on a timeline, and Airgrid publishes it as a TV guide, a public watch page, widgets for your website, and the XMLTV, M3U, iCalendar and podcast feeds that TV apps, media servers, calendars and podcast apps read.',
    },
    {
      question: 'How is it different from a traditional programme guide?',
      answer:
        'A traditional guide is a listing typed up separately from the schedule, often a spreadsheet, PDF or listings service that goes out of date when a show moves. In Airgrid the guide is the schedule: the timeline, the guide, the watch page, the widgets and the feeds all read the same timeslots, so a change shows everywhere at once. Recurring shows keep their local time across daylight saving changes.',
    },
    {
      question: 'Who is it for?',
      answer:
        'Station staff, who build and fix the schedule and never double-book a channel; community producers, who submit shows, see when they air and reserve equipment they are certified for; viewers, who see what is on and watch live; and station admins, who manage members, roles, branding, integrations and caption coverage.',
    },
    {
      question: 'What makes Airgrid different from other scheduling tools?',
      answer:
        'Time zones and daylight saving are handled everywhere, including 23- and 25-hour days. Recurrences are full calendar rules ("2nd Friday", "every 8 weeks") with single airings you can move or cancel. One schedule feeds every output. Members, certifications and equipment reservations live next to the schedule. The API speaks the PocketBase protocol, and it runs on one machine with SQLite or on several with PostgreSQL.',
    },
    {
      question: 'How does Airgrid help us reach and engage viewers?',
      answer:
        'Viewers watch live on your public watch page (with now/next, today\'s schedule and a "We\'ll be right back" card when nothing is on), on your website through embedded guides and players, in their TV app through the XMLTV and M3U feeds, in their calendar through iCalendar, and as podcasts. Players show captions, and where a show has an audio description track, viewers can turn on spoken descriptions. Live chat, polls and programme feedback from viewers are planned, not built yet.',
    },
    {
      question: 'How does Airgrid use AI captions and the cloud?',
      answer:
        'Captions: Generate captions runs a speech recognizer on your own server, with no outside service, and saves a draft track that a person checks and corrects in the cue editor before it airs; you can also upload SRT or WebVTT files. Cloud: Airgrid runs on a single server with SQLite, or on several servers sharing PostgreSQL with realtime updates passed between them, so a station can host it itself or in the cloud.',
    },
    {
      question: 'What is planned?',
      answer:
        'Live today: scheduling, the guide, the watch page, embeds, feeds, podcasts, equipment, submissions, closed captions (auto-generated on your server and edited in the cue editor), audio descriptions, the spot library of sponsors’ spots with their runtime and loudness, and sponsors’ campaigns with their flights, dayparts, goals and delivery. Planned: live chat, polls and viewer feedback on the watch page; spots placed in breaks automatically, with proof-of-play reports; viewer analytics; and the API reference pages. Pages for planned areas say that they are not built yet.',
    },
    {
      question: 'How can we get involved?',
      answer:
        "Join the pilot programme: choose Join the waitlist on the sign-in page and tell us about your station. Send feedback from the Feedback button at the top of every page; add your email if you would like an answer. To share your programmes on social media, post your channel's watch page address, which opens on any phone. For partnerships (integrations, hosting, training), write to us through the same Feedback form.",
    },
  ],
  howTo: [
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
        "Yes. Owners and admins create API keys under Integrations, read-only or editor, with an optional expiry; a key is shown once. Airgrid's API speaks the PocketBase protocol, so the official PocketBase JavaScript SDK works against it unchanged: save the key with pb.authStore.save(key).",
    },
  ],
  help: 'Help',
  frequentlyAskedQuestions: 'Frequently asked questions',
  aboutAirgrid: 'About Airgrid',
  howDoI: 'How do I…',
};
