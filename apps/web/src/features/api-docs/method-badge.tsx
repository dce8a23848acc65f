import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'orange',
  DELETE: 'red',
  HEAD: 'gray',
};

/** An HTTP method as a small coloured badge, the same width for every method. */
export function MethodBadge({ method }: { method: string }) {
  return (
    <Badge
      color={COLORS[method] ?? 'gray'}
      variant="light"
      radius="sm"
      w={72}
      style={{ flexShrink: 0 }}
    >
      {method}
    </Badge>
  );
}
