import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { StationAccent } from '../../shared/stations/station-brand';
import { publicPagePath } from '../../shared/stations/station-path';
import { usePublicStation } from '../../shared/stations/use-public-station';
import { PRODUCT_NAME } from '../document-title';
import { Brand } from './brand';
import type { LayoutProps } from './layout-props';
import { ViewerNav } from './viewer-nav';

/**
 * Public pages for signed-out visitors (the landing page, the guide, multiview, the policies):
 * the station's name and logo, viewer navigation (Guide, Watch, Sign in) and the page, in the
 * station's accent colour. Never the staff sidebar.
 */
export function PublicLayout({ children }: LayoutProps) {
  const t = messages();
  const { station } = usePublicStation();
  return (
    <StationAccent accentColor={station?.accentColor}>
      <Box
        data-testid="layout-public"
        mih="100dvh"
        style={{ display: 'flex', flexDirection: 'column' }}
      >
        <Box
          component="header"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group h={56} px="md" justify="space-between" wrap="nowrap" gap="sm">
            <Brand station={station} to={station ? publicPagePath(station.slug, 'tvguide') : '/'} />
            <ViewerNav stationSlug={station?.slug} />
          </Group>
        </Box>
        <Box component="main" p={{ base: 'sm', sm: 'lg' }} style={{ flex: 1 }}>
          {children}
        </Box>
        <Container component="footer" size="lg" py="md" w="100%">
          <Group gap="md" justify="center">
            {station && (
              <Text size="xs" c="dimmed">
                {t.shell.poweredBy}{' '}
                <Anchor component={Link} to="/" size="xs" c="dimmed">
                  {PRODUCT_NAME}
                </Anchor>
              </Text>
            )}
            <Anchor component={Link} to="/privacy" size="xs" c="dimmed">
              {t.shell.privacy}
            </Anchor>
            <Anchor component={Link} to="/terms" size="xs" c="dimmed">
              {t.shell.terms}
            </Anchor>
          </Group>
        </Container>
      </Box>
    </StationAccent>
  );
}
