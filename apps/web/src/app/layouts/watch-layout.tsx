import { Box, Group } from '@mantine/core';
import { StationAccent } from '../../shared/stations/station-brand';
import { publicPagePath } from '../../shared/stations/station-path';
import { usePublicStation } from '../../shared/stations/use-public-station';
import { Brand } from './brand';
import type { LayoutProps } from './layout-props';
import { ViewerNav } from './viewer-nav';

/**
 * The public watch pages: full-bleed and dark, with a slim top bar carrying the station's
 * name and logo and the viewer navigation, in the station's accent colour.
 */
export function WatchLayout({ children }: LayoutProps) {
  const { station } = usePublicStation();
  return (
    <StationAccent accentColor={station?.accentColor}>
      <Box data-testid="layout-watch" mih="100dvh" bg="var(--mantine-color-dark-9)">
        <Group
          component="header"
          h={48}
          px="md"
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-dark-6)' }}
        >
          <Brand
            size="sm"
            station={station}
            to={station ? publicPagePath(station.slug, 'tvguide') : '/'}
          />
          <ViewerNav stationSlug={station?.slug} />
        </Group>
        <Box component="main" p="md">
          {children}
        </Box>
      </Box>
    </StationAccent>
  );
}
