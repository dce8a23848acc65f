import { Box } from '@mantine/core';
import type { LayoutProps } from './layout-props';

/** Embeddable widgets: the page alone, sized by the host page's frame. */
export function BareLayout({ children }: LayoutProps) {
  return (
    <Box data-testid="layout-bare" component="main" p="sm">
      {children}
    </Box>
  );
}
