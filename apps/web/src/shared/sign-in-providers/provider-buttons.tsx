import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RecordAuthResponse, RecordModel } from 'pocketbase';
import { messages } from '../../i18n/messages';
import { providerQueries } from './providers';
import { useProviderSignIn } from './use-provider-sign-in';

/**
 * "Continue with …" for each provider the server offers, under the sign-in and sign-up forms.
 * Nothing when the operator configured none.
 */
export function ProviderButtons({
  onSignedIn,
}: {
  onSignedIn: (auth: RecordAuthResponse<RecordModel>) => void;
}) {
  const t = messages();
  const { data: providers = [] } = useQuery(providerQueries.providers());
  const { start, pending, error } = useProviderSignIn(onSignedIn);
  if (providers.length === 0) return null;
  return (
    <Stack gap="xs">
      <Divider label={t.signInProviders.or} labelPosition="center" />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {providers.map((provider) => (
        <Button
          key={provider.name}
          variant="default"
          fullWidth
          loading={pending === provider.name}
          disabled={pending !== null && pending !== provider.name}
          onClick={() => start(provider)}
        >
          {t.signInProviders.continueWith(provider.displayName)}
        </Button>
      ))}
    </Stack>
  );
}
