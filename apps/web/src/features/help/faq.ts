import { messages } from '../../i18n/messages';
/** One question of the help modal's FAQ. */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** The help modal's FAQ: eight entries (seed §9), answered for Airgrid. */
export function faq(): readonly FaqEntry[] {
  return messages().help.faq;
}
