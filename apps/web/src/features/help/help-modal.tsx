import { Accordion, ActionIcon, Modal, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelp } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { faq } from './faq';

/**
 * The header's help button and the FAQ it opens: an accordion whose first item starts
 * expanded and whose items open and close independently of each other (seed §2). The seed's
 * eight questions come first; the how-to questions follow as a second section.
 */
export function HelpButton() {
  const t = messages();
  const [opened, { open, close }] = useDisclosure(false);
  const sections = faq();
  return (
    <>
      <Tooltip label={t.help.help} openDelay={500}>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t.help.help} onClick={open}>
          <IconHelp size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={t.help.help} size="lg">
        <Text size="sm" c="dimmed" mb="sm">
          {t.help.frequentlyAskedQuestions}
        </Text>
        <Stack gap="lg">
          {sections.map((section, sectionIndex) => (
            <section key={section.id} aria-labelledby={`faq-${section.id}`}>
              <Title order={2} size="h4" id={`faq-${section.id}`} mb="xs">
                {section.title}
              </Title>
              <Accordion
                multiple
                defaultValue={sectionIndex === 0 ? [`${section.id}-0`] : []}
                variant="separated"
              >
                {section.entries.map((entry, index) => (
                  <Accordion.Item key={entry.question} value={`${section.id}-${index}`}>
                    <Accordion.Control>{entry.question}</Accordion.Control>
                    <Accordion.Panel>
                      <Text size="sm">{entry.answer}</Text>
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </section>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
