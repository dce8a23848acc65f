import { Button, Text } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { SectionCard } from '../../ui/section-card';

// What a new station sees before it has a channel: what a channel is for, and where to add one.

export function NoChannelsCard({ canEdit }: { canEdit: boolean }) {
  const t = messages();
  return (
    <SectionCard title={t.dashboard.noChannelsYet}>
      <Text>{t.dashboard.aChannelIsWhereYour}</Text>
      {canEdit ? (
        <Button
          component={Link}
          to="/channels"
          leftSection={<IconBroadcast size={18} />}
          w="fit-content"
        >
          {t.dashboard.createAChannel}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t.dashboard.askAnEditorOrAdmin}
        </Text>
      )}
    </SectionCard>
  );
}
