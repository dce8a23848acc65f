import type { ReactNode } from 'react';

/** Every layout wraps the current page. */
export interface LayoutProps {
  children: ReactNode;
}
