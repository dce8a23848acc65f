import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { debugQueries } from './queries';
import { type CheckedFile, checkFiles, type Problem, summarize } from './static-check';
import classes from './static-page.module.css';

/** A problem as the verdict column says it. */
function problemText(problem: Problem): string {
  const t = messages().debug.staticCheck;
  switch (problem.code) {
    case 'unreachable':
      return t.problems.unreachable;
    case 'status':
      return t.problems.status(problem.status);
    case 'no-cache-control':
      return t.problems.noCacheControl;
    case 'not-immutable':
      return t.problems.notImmutable;
    case 'short-lived':
      return t.problems.shortLived(problem.maxAge);
    case 'cached-too-long':
      return t.problems.cachedTooLong(problem.maxAge);
    case 'not-compressed':
      return t.problems.notCompressed(t.bytes(problem.bytes));
    case 'no-vary':
      return t.problems.noVary;
  }
}

/**
 * /debug/static: asks the server for each file of this build (the build manifest names them)
 * and shows how it came: status, caching, compression and size, with a verdict for each
 * (static-check.ts) and the count at the top.
 */
export function StaticPage() {
  const t = messages().debug.staticCheck;
  const { pathname } = useLocation();
  const query = useQuery(debugQueries.staticFiles(pathname));
  const files = useMemo(() => (query.data ? checkFiles(query.data.probes) : []), [query.data]);
  const summary = summarize(files);

  return (
    <Stack gap="md" py="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t.title}</Title>
          <Text c="dimmed" size="sm" maw={720}>
            {t.summary}
          </Text>
        </div>
        <Button
          variant="default"
          onClick={() => query.refetch()}
          loading={query.isFetching}
          disabled={query.isFetching}
        >
          {t.checkAgain}
        </Button>
      </Group>

      {query.isPending && <Loader role="status" aria-label={t.checking} />}
      {query.isError && (
        <Alert color="red" role="alert">
          {describeError(query.error).error}
        </Alert>
      )}
      {query.data && (
        <>
          <Alert
            color={summary.failed === 0 ? 'green' : 'red'}
            icon={
              summary.failed === 0 ? <IconCircleCheck aria-hidden /> : <IconCircleX aria-hidden />
            }
            title={
              summary.failed === 0
                ? t.allPass(summary.total)
                : t.someFail(summary.failed, summary.total)
            }
            data-testid="static-summary"
          >
            {t.buildLine(query.data.build.id, t.bytes(summary.bytes))}
          </Alert>
          <FileTable files={files} />
        </>
      )}
    </Stack>
  );
}

function FileTable({ files }: { files: readonly CheckedFile[] }) {
  const t = messages().debug.staticCheck;
  return (
    // Wider than a phone: the scrolling region takes the keyboard's focus, so it can be scrolled
    // without a mouse (axe's scrollable-region-focusable).
    <Table.ScrollContainer
      minWidth={840}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': t.files } }}
    >
      <Table
        striped
        highlightOnHover
        verticalSpacing={4}
        horizontalSpacing="xs"
        fz="xs"
        aria-label={t.files}
        className={classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.path}</Table.Th>
            <Table.Th>{t.kind}</Table.Th>
            <Table.Th>{t.status}</Table.Th>
            <Table.Th>{t.cacheControl}</Table.Th>
            <Table.Th>{t.contentEncoding}</Table.Th>
            <Table.Th ta="right">{t.size}</Table.Th>
            <Table.Th>{t.verdict}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.path} data-verdict={file.verdict.ok ? 'pass' : 'fail'}>
              <Table.Td>
                <Code>{file.path}</Code>
              </Table.Td>
              <Table.Td>{t.kinds[file.kind]}</Table.Td>
              <Table.Td>{file.status ?? t.none}</Table.Td>
              <Table.Td>{file.cacheControl ?? t.none}</Table.Td>
              <Table.Td>{file.contentEncoding ?? t.none}</Table.Td>
              <Table.Td ta="right">{file.bytes === null ? t.none : t.bytes(file.bytes)}</Table.Td>
              <Table.Td className={classes.verdict}>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Badge color={file.verdict.ok ? 'green' : 'red'} variant="light" size="sm">
                    {file.verdict.ok ? t.pass : t.fail}
                  </Badge>
                  {file.verdict.problems.length > 0 && (
                    <Text size="xs">{file.verdict.problems.map(problemText).join('; ')}</Text>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
