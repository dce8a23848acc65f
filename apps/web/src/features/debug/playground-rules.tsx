import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { RulesField } from '../../ui/forms/rules-field';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { ruleFields } from './playground-model';

const RULE_FIELDS = ruleFields();
const DESCRIPTORS = RULE_FIELDS.map(({ field }) => field);

/**
 * A form of the app's own kind (`useRecordForm`, `RulesField`) with a field for each validation
 * rule, each holding a value its rule refuses: every field shows its message from the start,
 * and editing one checks it as any form does (on blur and change). Nothing is saved.
 */
export function RulesGallery() {
  const t = messages().debug.playground;
  const form = useRecordForm({
    initialValues: {},
    fields: DESCRIPTORS,
    save: async () => null,
  });
  const { check } = form;
  useEffect(() => {
    check();
  }, [check]);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        check();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
          {RULE_FIELDS.map(({ field, rules }) => (
            <RulesField
              key={field.name}
              form={form}
              name={field.name}
              description={t.rule(rules)}
            />
          ))}
        </SimpleGrid>
        <FormError error={t.formError} />
        <Group gap="sm">
          <Button type="submit">{t.checkAll}</Button>
          <Button variant="default" onClick={form.clearMessages}>
            {t.clearMessages}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
