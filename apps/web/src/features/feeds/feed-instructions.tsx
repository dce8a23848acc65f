import { Accordion, List, Title } from '@mantine/core';
import { messages } from '../../i18n/messages';

/** App by app, where each feed address goes; collapsed, so the addresses stay in view. */
export function FeedInstructions() {
  const t = messages();
  const i = t.feeds;
  const apps = [
    { id: 'plex', name: i.plex, steps: i.plexSteps },
    { id: 'jellyfin', name: i.jellyfin, steps: i.jellyfinSteps },
    { id: 'kodi', name: i.kodi, steps: i.kodiSteps },
    { id: 'calendars', name: i.calendarApps, steps: i.calendarAppsSteps },
    { id: 'podcasts', name: i.podcastApps, steps: i.podcastAppsSteps },
  ];
  return (
    <div>
      <Title order={3} size="h5" mb="xs">
        {i.howToUse}
      </Title>
      <Accordion
        variant="contained"
        multiple
        styles={{ label: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 } }}
      >
        {apps.map((app) => (
          <Accordion.Item key={app.id} value={app.id}>
            <Accordion.Control>{app.name}</Accordion.Control>
            <Accordion.Panel>
              <List type="ordered" size="sm" spacing={6}>
                {app.steps.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </div>
  );
}
