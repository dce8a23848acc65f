import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  type Icon,
  IconApi,
  IconCalendarTime,
  IconCode,
  IconDeviceTvOld,
  IconLogin,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link } from 'react-router';

interface Feature {
  title: string;
  body: string;
  icon: Icon;
}

const features: readonly Feature[] = [
  {
    title: 'Build the schedule',
    body: 'Drag shows onto a timeline of your channels in 15-minute steps, repeat them with recurrences, and never double-book a channel.',
    icon: IconCalendarTime,
  },
  {
    title: 'Guide and feeds',
    body: 'One schedule becomes the TV guide, XMLTV and M3U for set-top boxes and media servers, iCal for calendars and RSS for podcasts.',
    icon: IconDeviceTvOld,
  },
  {
    title: 'Watch and embeds',
    body: 'A public watch page with what is on now and next, a "We\'ll be right back" bumper between shows, and widgets for your own website.',
    icon: IconCode,
  },
  {
    title: 'PocketBase-compatible API',
    body: 'A documented API that the official PocketBase JS SDK talks to as is, on SQLite or PostgreSQL.',
    icon: IconApi,
  },
];

/** The public home page: what Airgrid is, and the ways in. */
export function LandingPage() {
  return (
    <Container size="lg" px={0} py={{ base: 'md', sm: 48 }}>
      <Stack gap={48}>
        <Stack gap="lg" maw={720}>
          <Badge variant="light" size="lg" radius="sm">
            Programme guide and scheduling
          </Badge>
          <Title order={1} fz={{ base: 40, sm: 56 }} lh={1.1}>
            Airgrid TV
          </Title>
          <Text size="xl">
            Community-made creative media from viewers like you, streaming online 24/7.
          </Text>
          <Text size="lg" c="dimmed">
            Airgrid is the programme guide and scheduling system for public-access stations,
            independent creators and niche broadcasters: describe your channels and shows, build the
            schedule, and publish it everywhere at once.
          </Text>
          <Group gap="sm">
            <Button
              component={Link}
              to="/auth/login"
              size="md"
              leftSection={<IconLogin size={18} />}
            >
              Sign in
            </Button>
            <Button
              component={Link}
              to="/auth/signup"
              size="md"
              variant="default"
              leftSection={<IconUserPlus size={18} />}
            >
              Create an account
            </Button>
            <Button
              component={Link}
              to="/tvguide"
              size="md"
              variant="subtle"
              leftSection={<IconDeviceTvOld size={18} />}
            >
              Open the TV guide
            </Button>
          </Group>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {features.map(({ title, body, icon: FeatureIcon }) => (
            <Card key={title} withBorder padding="lg">
              <Stack gap="sm">
                <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                  <FeatureIcon size={22} stroke={1.6} />
                </ThemeIcon>
                <Title order={2} size="h4">
                  {title}
                </Title>
                <Text size="sm" c="dimmed">
                  {body}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
