import { messages } from '../../i18n/messages';

/** One question of the help modal's FAQ. */
interface FaqEntry {
  question: string;
  answer: string;
}

/** A titled group of questions in the help modal. */
export interface FaqSection {
  id: string;
  title: string;
  entries: readonly FaqEntry[];
}

/**
 * The help modal's FAQ: first the seed's eight questions about Airgrid (seed §1), then the
 * how-to questions people ask while using it.
 */
export function faq(): readonly FaqSection[] {
  const t = messages().help;
  return [
    { id: 'about', title: t.aboutAirgrid, entries: t.about },
    { id: 'how-to', title: t.howDoI, entries: t.howTo },
  ];
}
