import type { ReactElement } from 'react';
import { NotBuiltYet } from '../ui/not-built-yet';

/** The page of an area not built yet: its title and what it will do. */
export function placeholder(title: string, summary: string): ReactElement {
  return <NotBuiltYet title={title} summary={summary} />;
}
