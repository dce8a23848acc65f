import { Accordion, ActionIcon, Modal, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelp } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { faq } from './faq';

/**
 * The header's help button and the FAQ it opens: an accordion whose first item starts
 * expanded and whose items open and close independently of each other (seed §2).
 */
export function HelpButton() {
  const t = messages();
  const [opened, { open, close }] = useDisclosure(false);
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
        <Accordion multiple defaultValue={['faq-0']} variant="separated">
          {faq().map((entry, index) => (
            <Accordion.Item key={entry.question} value={`faq-${index}`}>
              <Accordion.Control>{entry.question}</Accordion.Control>
              <Accordion.Panel>
                <Text size="sm">{entry.answer}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Modal>
    </>
  );
}
