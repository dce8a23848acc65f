import { Box, Container, Stack } from '@mantine/core';
import { Brand } from './brand';
import type { LayoutProps } from './layout-props';

/** First-run and account-recovery pages: one centred column under the brand. */
export function OnboardingLayout({ children }: LayoutProps) {
  return (
    <Box data-testid="layout-onboarding" mih="100dvh">
      {/* 560px of content plus the container's padding: the onboarding steps' column
          (maw 560), so the brand lines up with the page below it. */}
      <Container size={592} py={48}>
        <Stack gap="xl">
          <Brand size="lg" />
          <main>{children}</main>
        </Stack>
      </Container>
    </Box>
  );
}
