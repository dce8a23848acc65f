// The archive's query keys, below the areas: the archive area reads through them, and an area
// whose records the archive holds (channels, shows, embeds) invalidates `archiveKeys.all` when it
// archives one, so the archive shows it next time.

/** Query keys: `all` is the prefix an archive or restore invalidates. */
export const archiveKeys = {
  all: ['archive'] as const,
  /** One kind's archived records (`channels`, `shows`, `embeds`). */
  list: (kind: string, organization: string) => ['archive', kind, organization] as const,
  retention: (organization: string) => ['archive', 'retention', organization] as const,
};
