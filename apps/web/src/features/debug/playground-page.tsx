import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import classes from './playground.module.css';
import {
  ButtonsGallery,
  LoadersGallery,
  StatesGallery,
  ToastsGallery,
} from './playground-galleries';
import {
  PLAYGROUND_SECTIONS,
  type PlaygroundSection as SectionId,
  sectionParam,
} from './playground-model';
import { RulesGallery } from './playground-rules';
import { TimelineGallery } from './playground-timeline';

/** The search of a link to a section: the page's other parameters (the chart's state) kept. */
function sectionSearch(params: URLSearchParams, id: SectionId): string {
  const next = new URLSearchParams(params);
  next.set('section', id);
  return `?${next}`;
}

/**
 * /debug/playground: the app's own components in their states, one section each. A section's
 * link is `?section=<id>` rather than `#<id>`: in the workspace a URL hash opens the details
 * modal (seed §2, app/hash-modal.ts), so the page scrolls to the section the query names.
 */
export function PlaygroundPage() {
  const t = messages();
  const [params] = useSearchParams();
  const { key } = useLocation();
  const section = sectionParam(params.get('section'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key) scrolls, a repeated link too.
  useEffect(() => {
    if (section) document.getElementById(section)?.scrollIntoView({ block: 'start' });
  }, [section, key]);

  const sections: Record<SectionId, { intro: string; body: ReactNode }> = {
    buttons: { intro: t.debug.playground.buttonsIntro, body: <ButtonsGallery /> },
    forms: { intro: t.debug.playground.formsIntro, body: <RulesGallery /> },
    toasts: { intro: t.debug.playground.toastsIntro, body: <ToastsGallery /> },
    loaders: { intro: t.debug.playground.loadersIntro, body: <LoadersGallery /> },
    timeline: { intro: t.debug.playground.timelineIntro, body: <TimelineGallery /> },
    states: { intro: t.debug.playground.statesIntro, body: <StatesGallery /> },
  };

  return (
    <Stack gap="xl" py="md">
      <Stack gap="xs">
        <Title order={1}>{t.debug.playground.title}</Title>
        <Text c="dimmed" size="sm" maw={720}>
          {t.debug.playground.summary}
        </Text>
        <nav aria-label={t.debug.playground.contents}>
          <Group gap="md" component="ul" className={classes.contents}>
            {PLAYGROUND_SECTIONS.map((id) => (
              <li key={id}>
                <Anchor component={Link} to={sectionSearch(params, id)} size="sm">
                  {t.debug.playground.sections[id]}
                </Anchor>
              </li>
            ))}
          </Group>
        </nav>
      </Stack>

      {PLAYGROUND_SECTIONS.map((id) => (
        <PlaygroundSection key={id} id={id} intro={sections[id].intro} params={params}>
          {sections[id].body}
        </PlaygroundSection>
      ))}
    </Stack>
  );
}

/** A section of the gallery: a heading with its link, a line on what it shows, the components. */
function PlaygroundSection({
  id,
  intro,
  params,
  children,
}: {
  id: SectionId;
  intro: string;
  params: URLSearchParams;
  children: ReactNode;
}) {
  const t = messages();
  const title = t.debug.playground.sections[id];
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={classes.section}>
      <Group gap="xs" align="center" wrap="nowrap">
        <Title order={2} size="h3" id={`${id}-title`}>
          {title}
        </Title>
        <Anchor
          component={Link}
          to={sectionSearch(params, id)}
          c="dimmed"
          aria-label={t.debug.playground.sectionLink(title)}
          className={classes.sectionLink}
        >
          <IconLink size={16} aria-hidden />
        </Anchor>
      </Group>
      <Text c="dimmed" size="sm" mb="md" maw={720}>
        {intro}
      </Text>
      {children}
    </section>
  );
}
