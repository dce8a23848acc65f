// The `fields` query parameter (API-CONTRACT §1.4): keeps only the listed keys of a JSON
// response, with `*` for every key at a level, dotted paths into nested objects (`expand.rel.name`)
// and the `:excerpt(maxLength[, withEllipsis])` modifier that trims text and strips HTML.

type Json = unknown;

interface FieldTree {
  all?: { excerpt?: Excerpt };
  keys: Map<string, { tree: FieldTree; excerpt?: Excerpt; whole: boolean }>;
}

interface Excerpt {
  max: number;
  ellipsis: boolean;
}

function parseFields(fields: string): FieldTree {
  const root: FieldTree = { keys: new Map() };
  // Commas inside :excerpt(...) belong to the modifier, not to the list.
  for (const raw of fields.split(/,(?![^(]*\))/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const match = /^(.*?)(?::excerpt\((\d+)(?:\s*,\s*(true|false|1|0))?\))?$/.exec(entry);
    const path = (match?.[1] ?? entry).split('.');
    const excerpt = match?.[2]
      ? { max: Number(match[2]), ellipsis: match[3] === 'true' || match[3] === '1' }
      : undefined;
    let node = root;
    path.forEach((key, index) => {
      const last = index === path.length - 1;
      if (key === '*') {
        if (last) node.all = excerpt ? { excerpt } : {};
        return;
      }
      let child = node.keys.get(key);
      if (!child) {
        child = { tree: { keys: new Map() }, whole: false };
        node.keys.set(key, child);
      }
      if (last) {
        child.whole = true;
        if (excerpt) child.excerpt = excerpt;
      }
      node = child.tree;
    });
  }
  return root;
}

function excerptOf(value: Json, excerpt: Excerpt | undefined): Json {
  if (!excerpt || typeof value !== 'string') return value;
  const text = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= excerpt.max) return text;
  return `${text.slice(0, excerpt.max)}${excerpt.ellipsis ? '...' : ''}`;
}

function pick(value: Json, tree: FieldTree): Json {
  if (Array.isArray(value)) return value.map((item) => pick(item, tree));
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, Json>;
  const out: Record<string, Json> = {};
  if (tree.all) {
    for (const [key, item] of Object.entries(source)) out[key] = excerptOf(item, tree.all.excerpt);
  }
  for (const [key, child] of tree.keys) {
    if (!Object.hasOwn(source, key)) continue;
    const item = source[key];
    if (child.whole && child.tree.keys.size === 0 && !child.tree.all)
      out[key] = excerptOf(item, child.excerpt);
    else out[key] = pick(item, child.tree);
  }
  return out;
}

/** Applies a `fields` parameter to a record, or to each item of a list response. */
export function pickFields(body: Json, fields: string | undefined, isList: boolean): Json {
  if (!fields?.trim()) return body;
  const tree = parseFields(fields);
  if (
    isList &&
    body &&
    typeof body === 'object' &&
    Array.isArray((body as { items?: unknown }).items)
  ) {
    const list = body as { items: Json[] };
    return { ...list, items: list.items.map((item) => pick(item, tree)) };
  }
  return pick(body, tree);
}
