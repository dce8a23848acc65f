import { Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { ClientResponseError } from 'pocketbase';
import type { ReactNode } from 'react';
import { messages } from '../../i18n/messages';
import { FormActions } from '../../ui/forms/form-actions';
import { type ListResult, QueryList } from '../../ui/query-list';
import { TOAST_SEVERITIES, toast } from '../../ui/toast';
import classes from './playground.module.css';

/** Mantine's button variants the theme styles, in the app's order of use. */
const VARIANTS = ['filled', 'light', 'outline', 'subtle', 'default', 'transparent'] as const;

/** A captioned sample: what state it shows, then the component in it. */
function Sample({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Stack gap={6} className={classes.sample}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {caption}
      </Text>
      {children}
    </Stack>
  );
}

const noop = () => {};

/** The buttons: each variant, the colours the app gives them, and a save's states. */
export function ButtonsGallery() {
  const t = messages().debug.playground;
  return (
    <Stack gap="lg">
      <Sample caption={t.variants}>
        <Group gap="sm">
          {VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {variant}
            </Button>
          ))}
        </Group>
      </Sample>
      <Sample caption={t.colours}>
        <Group gap="sm">
          <Button>{t.save}</Button>
          <Button color="red">{t.delete}</Button>
          <Button color="red" variant="light">
            {t.delete}
          </Button>
          <Button color="gray" variant="light">
            {t.cancel}
          </Button>
        </Group>
      </Sample>
      <Sample caption={t.buttonStates}>
        <Group gap="sm">
          <Button disabled>{t.disabled}</Button>
          <Button variant="default" disabled>
            {t.disabled}
          </Button>
          <Button loading>{t.saving}</Button>
          <Button variant="default" loading>
            {t.saving}
          </Button>
        </Group>
      </Sample>
      {/* The form cards' Cancel and Save (ui/forms/form-actions.tsx). */}
      <Sample caption={t.formActions}>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" maw={640}>
          <FormActionsSample caption={t.unchanged} changed={false} busy={false} />
          <FormActionsSample caption={t.changed} changed busy={false} />
          <FormActionsSample caption={t.saving} changed busy />
        </SimpleGrid>
      </Sample>
    </Stack>
  );
}

function FormActionsSample({
  caption,
  changed,
  busy,
}: {
  caption: string;
  changed: boolean;
  busy: boolean;
}) {
  const t = messages().debug.playground;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
      <FormActions changed={changed} busy={busy} label={t.save} onCancel={noop} />
    </Stack>
  );
}

/** A button for each toast severity, and a toast with an action. */
export function ToastsGallery() {
  const t = messages().debug.playground;
  return (
    <Group gap="sm">
      {TOAST_SEVERITIES.map((severity) => (
        <Button
          key={severity}
          variant="default"
          onClick={() =>
            toast({ severity, summary: t.toastSummary(severity), detail: t.toastDetail })
          }
        >
          {t.showToast(severity)}
        </Button>
      ))}
      <Button
        variant="default"
        onClick={() =>
          toast({
            severity: 'secondary',
            summary: t.actionToastSummary,
            action: {
              label: t.undo,
              onClick: () => toast({ severity: 'info', summary: t.undone }),
            },
          })
        }
      >
        {t.withAction}
      </Button>
    </Group>
  );
}

/** The loader as the app draws it: on a page, in a card, in a line, in a button. */
export function LoadersGallery() {
  const t = messages().debug.playground;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      <Sample caption={t.pageLoader}>
        <Center py="md">
          <Loader role="status" aria-label={t.loading} />
        </Center>
      </Sample>
      <Sample caption={t.cardLoader}>
        <Center py="md">
          <Loader role="status" aria-label={t.loading} size="sm" />
        </Center>
      </Sample>
      <Sample caption={t.inlineLoader}>
        <Center py="md">
          <Loader role="status" aria-label={t.loading} size="xs" />
        </Center>
      </Sample>
      <Sample caption={t.buttonLoader}>
        <Center py="md">
          <Button loading>{t.saving}</Button>
        </Center>
      </Sample>
    </SimpleGrid>
  );
}

/** A list block (ui/query-list.tsx) loading, failed, offline and empty. */
export function StatesGallery() {
  const t = messages().debug.playground;
  const settled = { isPending: false, isError: false, error: null, data: undefined };
  const states: [string, ListResult<string>][] = [
    [t.whileLoading, { ...settled, isPending: true }],
    [
      t.onError,
      {
        ...settled,
        isError: true,
        error: new ClientResponseError({
          status: 400,
          response: { status: 400, message: t.sampleError, data: {} },
        }),
      },
    ],
    // What the SDK throws when the server cannot be reached: the app's offline message.
    [t.offline, { ...settled, isError: true, error: new ClientResponseError({ status: 0 }) }],
    [t.whenEmpty, { ...settled, data: [] }],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {states.map(([caption, query]) => (
        <Card key={caption} withBorder padding="md">
          <Sample caption={caption}>
            <QueryList query={query} loadingLabel={t.loadingItems} empty={t.noItems}>
              {(items) => items.join(', ')}
            </QueryList>
          </Sample>
        </Card>
      ))}
    </SimpleGrid>
  );
}
