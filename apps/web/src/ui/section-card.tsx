import { Card, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled card on a detail page, announced as a region named by its heading. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
