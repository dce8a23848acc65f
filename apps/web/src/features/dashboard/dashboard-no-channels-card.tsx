import { Button, Text } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SectionCard } from '../../ui/section-card';

// What a new station sees before it has a channel: what a channel is for, and where to add one.

export function NoChannelsCard({ canEdit }: { canEdit: boolean }) {
  return (
    <SectionCard title="No channels yet">
      <Text>
        A channel is where your programmes air: it has a number, a stream and its own schedule. Once
        you have one, this page shows what is on air, today’s gaps and the next 24 hours.
      </Text>
      {canEdit ? (
        <Button
          component={Link}
          to="/channels"
          leftSection={<IconBroadcast size={18} />}
          w="fit-content"
        >
          Create a channel
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          Ask an editor or admin of your organization to create one.
        </Text>
      )}
    </SectionCard>
  );
}
