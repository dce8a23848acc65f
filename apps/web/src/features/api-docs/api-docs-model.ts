// The API reference's model: the server's OpenAPI document (/api/openapi.json) read into the
// operations the pages list, search and show, with their fields and copyable examples. Pure:
// the pages and the tests give it the document.

type Json = Record<string, unknown>;

/** The parts of an OpenAPI 3.1 document this reads. */
export interface ApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Json>>;
  components?: {
    schemas?: Record<string, Json>;
    parameters?: Record<string, Json>;
    responses?: Record<string, Json>;
  };
}

/** One field of a parameter list, a body or a reply, flattened (`items[].title`). */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** A real request and reply the server recorded from its demo station (the `recorded` example). */
export interface RecordedExample {
  /** Who called it and the request, in words: `GET /api/v1/guide?organization=riverside`. */
  summary: string;
  request: string;
  value: unknown;
}

interface ApiResponse {
  status: string;
  description: string;
  contentType: string | null;
  fields: FieldRow[];
  example: unknown;
  recorded: RecordedExample | null;
}

export interface ApiOperation {
  /** The operation id: the endpoint's address under /api-docs. */
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string;
  parameters: (FieldRow & { in: 'path' | 'query' })[];
  body: {
    fields: FieldRow[];
    example: unknown;
    types: string[];
    recorded: RecordedExample | null;
  } | null;
  responses: ApiResponse[];
  /** Who may do it, from the collection's rules (records API only): who → words. */
  access: Record<string, string> | null;
}

/** An operation in brief, as GET /api/openapi-index.json lists it (the list page's read). */
export type ApiEntry = Pick<ApiOperation, 'id' | 'method' | 'path' | 'tag' | 'summary'>;

export interface ApiIndex {
  version: string;
  operations: ApiEntry[];
}

export interface ApiGroup<T extends ApiEntry = ApiEntry> {
  tag: string;
  operations: T[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (siblings such as a description win over the target's). */
function resolve(doc: ApiDocument, node: unknown, seen = 0): Json {
  if (!isObject(node)) return {};
  const target = node.$ref;
  if (typeof target !== 'string' || seen > 8) return node;
  const [, , kind = '', name = ''] = target.split('/');
  const components = (doc.components ?? {}) as Record<string, Record<string, Json> | undefined>;
  const found = components[kind]?.[name];
  const { $ref: _, ...siblings } = node;
  return { ...resolve(doc, found, seen + 1), ...siblings };
}

/** A schema's type in a word: `string`, `integer`, `string[]`, `"draft" | "ready"`, `object`. */
export function typeOf(doc: ApiDocument, node: unknown): string {
  const schema = resolve(doc, node);
  if (Array.isArray(schema.enum)) {
    return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
    const options = (schema.oneOf ?? schema.anyOf) as unknown[];
    return options.map((option) => typeOf(doc, option)).join(' | ');
  }
  if (schema.type === 'array') return `${typeOf(doc, schema.items)}[]`;
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (isObject(schema.properties)) return 'object';
  return 'any';
}

/** The fields of an object schema, one level of nesting flattened with dots (`[]` for lists). */
export function fieldRows(doc: ApiDocument, node: unknown, prefix = '', depth = 0): FieldRow[] {
  const schema = resolve(doc, node);
  const target = schema.type === 'array' ? resolve(doc, schema.items) : schema;
  const properties = isObject(target.properties) ? target.properties : {};
  const required = new Set(Array.isArray(target.required) ? (target.required as string[]) : []);
  const rows: FieldRow[] = [];
  const base = schema.type === 'array' && prefix ? `${prefix}[]` : prefix;
  for (const [name, property] of Object.entries(properties)) {
    const resolved = resolve(doc, property);
    const full = base ? `${base}.${name}` : name;
    rows.push({
      name: full,
      type: typeOf(doc, property),
      required: required.has(name),
      description: typeof resolved.description === 'string' ? resolved.description : '',
    });
    // Records referenced from a reply stay one row: their own page (the records API) lists them.
    const isReference =
      isObject(property) &&
      (typeof property.$ref === 'string' ||
        (isObject(property.items) && typeof property.items.$ref === 'string'));
    if (depth < 1 && !isReference) rows.push(...fieldRows(doc, property, full, depth + 1));
  }
  return rows;
}

/** An example value of a schema: its own example, its first option, or one of its type. */
export function exampleOf(doc: ApiDocument, node: unknown, depth = 0): unknown {
  const schema = resolve(doc, node);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.oneOf)) return exampleOf(doc, schema.oneOf[0], depth);
  if (depth > 4) return null;
  if (schema.type === 'array') return [exampleOf(doc, schema.items, depth + 1)];
  if (isObject(schema.properties)) {
    return Object.fromEntries(
      Object.entries(schema.properties)
        .filter(([, property]) => !resolve(doc, property).readOnly)
        .map(([name, property]) => [name, exampleOf(doc, property, depth + 1)]),
    );
  }
  switch (schema.type) {
    case 'string':
      return schema.format === 'binary' ? '(bytes)' : '';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The description without the access table (the page shows `access` as a table of its own). */
function prose(description: string): string {
  return description.replace(/\n\n\| Who \| Allowed \|[\s\S]*$/, '').trim();
}

/** A media type's `recorded` example, if the server recorded one. */
function recordedOf(media: unknown): RecordedExample | null {
  const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
  const recorded = examples.recorded;
  if (!isObject(recorded) || !('value' in recorded)) return null;
  return {
    summary: textOf(recorded.summary),
    request: textOf(recorded.description).replace(/^`|`$/g, ''),
    value: recorded.value,
  };
}

/** An example as the page shows it: JSON indented, a text as it came. */
export function exampleText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function operation(doc: ApiDocument, path: string, method: string, raw: Json): ApiOperation {
  const parameters = (Array.isArray(raw.parameters) ? raw.parameters : []).map((given) => {
    const parameter = resolve(doc, given);
    return {
      name: textOf(parameter.name),
      in: parameter.in === 'path' ? ('path' as const) : ('query' as const),
      type: typeOf(doc, parameter.schema),
      required: parameter.required === true,
      description: textOf(parameter.description),
    };
  });
  const requestBody = resolve(doc, raw.requestBody);
  const content = isObject(requestBody.content) ? requestBody.content : null;
  const bodyTypes = content ? Object.keys(content) : [];
  const bodySchema = content
    ? (content[bodyTypes[0] ?? ''] as Json | undefined)?.schema
    : undefined;
  const responses = Object.entries(isObject(raw.responses) ? raw.responses : {}).map(
    ([status, given]) => {
      const response = resolve(doc, given);
      const media = isObject(response.content) ? response.content : {};
      const contentType = Object.keys(media)[0] ?? null;
      const schema = contentType ? (media[contentType] as Json).schema : undefined;
      const isJson = contentType === 'application/json';
      const recorded = contentType ? recordedOf(media[contentType]) : null;
      return {
        status,
        description: textOf(response.description),
        contentType,
        fields: isJson && schema ? fieldRows(doc, schema) : [],
        example: isJson && schema ? exampleOf(doc, schema) : null,
        recorded,
      };
    },
  );
  const tags = Array.isArray(raw.tags) ? (raw.tags as string[]) : [];
  return {
    id: textOf(raw.operationId),
    method: method.toUpperCase(),
    path,
    tag: tags[0] ?? 'Other',
    summary: textOf(raw.summary),
    description: prose(textOf(raw.description)),
    parameters,
    body: bodySchema
      ? {
          fields: fieldRows(doc, bodySchema),
          example: exampleOf(doc, bodySchema),
          types: bodyTypes,
          recorded: recordedOf(content?.[bodyTypes[0] ?? '']),
        }
      : null,
    responses,
    access: isObject(raw['x-access']) ? (raw['x-access'] as Record<string, string>) : null,
  };
}

/** Every operation of the document, in its order. */
export function operationsOf(doc: ApiDocument): ApiOperation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    METHODS.filter((method) => isObject(methods[method])).map((method) =>
      operation(doc, path, method, methods[method] as Json),
    ),
  );
}

/**
 * The operations grouped by area: Airgrid's own endpoints first, then the records API by
 * collection, then the server's routes, each group in the document's order.
 */
export function groupByTag<T extends ApiEntry>(operations: readonly T[]): ApiGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const each of operations) groups.set(each.tag, [...(groups.get(each.tag) ?? []), each]);
  const rank = (tag: string) =>
    tag.startsWith('Records: ') ? 1 : groups.get(tag)?.[0]?.path.startsWith('/api/v1/') ? 0 : 2;
  return [...groups]
    .map(([tag, list]) => ({ tag, operations: list }))
    .sort((a, b) => rank(a.tag) - rank(b.tag));
}

/** The operations whose method, path, summary or area hold every word of the query. */
export function searchOperations<T extends ApiEntry>(operations: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...operations];
  return operations.filter((each) => {
    const text = `${each.method} ${each.path} ${each.summary} ${each.tag}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The path with example values: `{id}` stays for the reader to fill. */
function queryExample(op: ApiOperation): string {
  const required = op.parameters.filter(
    (parameter) => parameter.in === 'query' && parameter.required,
  );
  if (required.length === 0) return '';
  return `?${required.map((parameter) => `${parameter.name}=…`).join('&')}`;
}

/** The body an example sends: the recorded one, or one made from the schema. */
function bodyExample(body: NonNullable<ApiOperation['body']>): unknown {
  return body.recorded ? body.recorded.value : body.example;
}

/** A curl command for the operation, with the token header when it is not a guest's. */
export function curlExample(op: ApiOperation, origin: string): string {
  const lines = [`curl -X ${op.method} '${origin}${op.path}${queryExample(op)}'`];
  lines.push(`  -H 'Authorization: YOUR_TOKEN_OR_API_KEY'`);
  if (op.body?.types.includes('application/json')) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d '${JSON.stringify(bodyExample(op.body)).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(' \\\n');
}

const RECORD_PATH = /^\/api\/collections\/([^/]+)\/records(\/\{id\})?$/;

/** The same call with the `pocketbase` JavaScript SDK. */
export function sdkExample(op: ApiOperation, origin: string): string {
  const head = [
    "import PocketBase from 'pocketbase';",
    '',
    `const pb = new PocketBase('${origin}');`,
    "pb.authStore.save('YOUR_TOKEN_OR_API_KEY'); // or: await pb.collection('users').authWithPassword(email, password)",
    '',
  ];
  const record = RECORD_PATH.exec(op.path);
  const body = op.body ? JSON.stringify(bodyExample(op.body), null, 2) : '{}';
  if (record) {
    const collection = `pb.collection('${record[1]}')`;
    const call = record[2]
      ? {
          GET: `await ${collection}.getOne('RECORD_ID', { expand: '' });`,
          PATCH: `await ${collection}.update('RECORD_ID', ${body});`,
          DELETE: `await ${collection}.delete('RECORD_ID');`,
        }[op.method]
      : {
          GET: `await ${collection}.getList(1, 30, { filter: '', sort: '-created' });`,
          POST: `await ${collection}.create(${body});`,
        }[op.method];
    if (call) return [...head, `const result = ${call}`].join('\n');
  }
  const auth = /^\/api\/collections\/([^/]+)\/auth-with-password$/.exec(op.path);
  if (auth) {
    return [
      ...head.slice(0, 3),
      `const auth = await pb.collection('${auth[1]}').authWithPassword('EMAIL', 'PASSWORD');`,
    ].join('\n');
  }
  const options = [`method: '${op.method}'`];
  const query = op.parameters.filter((parameter) => parameter.in === 'query' && parameter.required);
  if (query.length)
    options.push(`query: { ${query.map((parameter) => `${parameter.name}: '…'`).join(', ')} }`);
  if (op.body) options.push(`body: ${body.replace(/\n/g, '\n  ')}`);
  return [
    ...head,
    `const result = await pb.send('${op.path}', {\n  ${options.join(',\n  ')},\n});`,
  ].join('\n');
}

/** The operation's path with its path parameters filled in (encoded); blank ones stay `{name}`. */
export function fillPath(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = values[name]?.trim();
    return value ? encodeURIComponent(value) : whole;
  });
}
