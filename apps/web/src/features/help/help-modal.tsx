import { Accordion, ActionIcon, Modal, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelp } from '@tabler/icons-react';
import { FAQ } from './faq';

/**
 * The header's help button and the FAQ it opens: an accordion whose first item starts
 * expanded and whose items open and close independently of each other (seed §2).
 */
export function HelpButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Tooltip label="Help" openDelay={500}>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Help" onClick={open}>
          <IconHelp size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title="Help" size="lg">
        <Text size="sm" c="dimmed" mb="sm">
          Frequently asked questions
        </Text>
        <Accordion multiple defaultValue={['faq-0']} variant="separated">
          {FAQ.map((entry, index) => (
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
