import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import {
  providerKeys,
  providerQueries,
  type SignInProvider,
  unlinkProvider,
} from '../../shared/sign-in-providers/providers';
import { useProviderSignIn } from '../../shared/sign-in-providers/use-provider-sign-in';
import { describeError } from '../../ui/forms/server-errors';
import { useAction } from '../../ui/forms/use-action';
import { SectionCard } from '../../ui/section-card';
import { toast } from '../../ui/toast';

/**
 * Settings → Account: the providers that sign this account in besides its password. Linking
 * signs in with the provider while signed in here; unlinking stops it signing the account in.
 * Nothing when the server offers no provider.
 */
export function SignInMethodsCard({ user }: { user: RecordModel }) {
  const t = messages().signInProviders;
  const queryClient = useQueryClient();
  const { data: providers = [] } = useQuery(providerQueries.providers());
  const links = useQuery(providerQueries.links(user.id));
  const unlinking = useAction();
  const [unlinkError, setUnlinkError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: providerKeys.links(user.id) });
  const linking = useProviderSignIn(() => {
    void refresh();
    toast({ severity: 'success', summary: t.methodLinked });
  });
  if (providers.length === 0) return null;

  const linked = new Set((links.data ?? []).map((link) => link.provider));
  const unlink = (provider: SignInProvider) => {
    setUnlinkError(null);
    return unlinking.run(
      {
        save: () => unlinkProvider(user.id, provider.name),
        invalidate: [providerKeys.links(user.id)],
        success: () => t.providerUnlinked(provider.displayName),
        failure: (failure) => setUnlinkError(describeError(failure).error),
      },
      provider.name,
    );
  };
  const error = linking.error ?? unlinkError;

  return (
    <SectionCard title={t.signInMethods}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.explanation}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {providers.map((provider) => {
          const isLinked = linked.has(provider.name);
          return (
            <Group key={provider.name} justify="space-between" wrap="nowrap">
              <Group gap="xs">
                <Text fw={500}>{provider.displayName}</Text>
                <Badge variant="light" color={isLinked ? 'green' : 'gray'}>
                  {isLinked ? t.linked : t.notLinked}
                </Badge>
              </Group>
              {isLinked ? (
                <Button
                  variant="default"
                  loading={unlinking.pending === provider.name}
                  onClick={() => void unlink(provider)}
                  aria-label={t.unlinkProvider(provider.displayName)}
                >
                  {t.unlink}
                </Button>
              ) : (
                <Button
                  variant="default"
                  loading={linking.pending === provider.name}
                  disabled={links.isPending}
                  onClick={() => linking.start(provider)}
                  aria-label={t.linkProvider(provider.displayName)}
                >
                  {t.link}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
