import type { Endpoint } from '@airgrid/schema/contracts';
import * as z from 'zod';
import type { CollectionModule } from '../../records/collection-module.js';
import { OPERATORS } from '../../records/filter/filter-ast.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../records/list-query.js';
import { AUTH_ROUTES } from './auth-routes.js';
import { CORE_ROUTES, type CoreRoute, type OPENAPI_INDEX } from './core-routes.js';
import { inputSchema, type JsonSchema, recordSchema, schemaName } from './record-schemas.js';
import type { RecordedExample } from './recorded-examples.js';
import { accessOf, accessWords, REQUESTER_NAMES, REQUESTERS } from './rules-in-words.js';

// The OpenAPI 3.1 document of the whole API (issue 38), made from the code, never written by
// hand: every /api/v1 endpoint from its contract (@airgrid/schema/contracts), the records API
// per collection from the collections' definitions and rules, and PocketBase's other routes
// from their declarations (core-routes.ts, auth-routes.ts).

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
  tags: { name: string; description?: string }[];
} & Record<string, unknown>;

type Operation = Record<string, unknown> & {
  operationId: string;
  tags: string[];
  responses: Record<string, unknown>;
};

interface DocumentInput {
  endpoints: readonly Endpoint[];
  collections: readonly CollectionModule[];
  version: string;
  /** Real requests and replies by `METHOD /path` (recorded-examples.json), shown as examples. */
  examples?: Readonly<Record<string, RecordedExample>>;
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const ref = (kind: 'schemas' | 'responses' | 'parameters', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** A contract's `recordReply` marker as a reference to the collection's record schema. */
function resolveRecords(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(resolveRecords);
  if (typeof node !== 'object' || node === null) return node;
  const { 'x-record': collection, 'x-nullable': nullable, ...rest } = node as JsonSchema;
  if (typeof collection === 'string') {
    const record = ref('schemas', schemaName(collection, 'Record'));
    const description = rest.description;
    return {
      ...(nullable ? { oneOf: [record, { type: 'null' }] } : record),
      ...(description ? { description } : {}),
    };
  }
  return Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, resolveRecords(value)]),
  );
}

/** A zod schema as JSON Schema: what a client sends (`input`) or receives (`output`). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return resolveRecords(rest) as JsonSchema;
}

/** Fastify's `:name` as OpenAPI's `{name}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** One parameter per property of an object schema (path or query). */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, 'x-required': xRequired, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name) || xRequired === true,
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function operationId(method: string, path: string): string {
  const words = `${method.toLowerCase()} ${path.replace(/^\/api\/(v1\/)?/, '')}`
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words
    .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
}

/** What a route answers on success: JSON by its schema, or bytes of its media type. */
function success(route: Pick<CoreRoute, 'reply' | 'replyType' | 'status'>) {
  const status = String(route.status ?? 200);
  const schema = jsonSchema(route.reply, 'output');
  const description = String(schema.description ?? (status === '204' ? 'No content.' : 'Success.'));
  // A route that always refuses (a collection write) answers its error envelope.
  if (Number(status) >= 400)
    return { [status]: { description, content: json(ref('schemas', 'Error')) } };
  if (status === '204' || schema.type === 'null') return { [status]: { description } };
  if (route.replyType) {
    return { [status]: { description, content: { [route.replyType]: { schema } } } };
  }
  return { [status]: { description, content: json(schema) } };
}

/** The tag of an /api/v1 endpoint: its area, the path's first segment. */
function areaTag(path: string): string {
  const segment = path.split('/')[3] ?? 'api';
  return segment.charAt(0).toUpperCase() + segment.slice(1).replace(/-/g, ' ');
}

function routeOperation(route: CoreRoute | Endpoint, tag: string): Operation {
  const readsInput = Boolean(route.params || route.query || route.body);
  return {
    operationId: operationId(route.method, route.path),
    tags: [tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
    ...(route.body
      ? { requestBody: { required: true, content: json(jsonSchema(route.body, 'input')) } }
      : {}),
    responses: {
      ...success(route),
      ...(readsInput ? { '400': ref('responses', 'BadRequest') } : {}),
      default: ref('responses', 'Error'),
    },
  };
}

/** Who may do what, as a Markdown table and an `x-access` map (requester → words). */
function accessFor(module: CollectionModule, rule: keyof CollectionModule['rules']) {
  const access = Object.fromEntries(
    REQUESTERS.map((requester) => [
      REQUESTER_NAMES[requester],
      accessWords(accessOf(module.definition, module.rules[rule], requester)),
    ]),
  );
  const table = [
    '| Who | Allowed |',
    '|---|---|',
    ...Object.entries(access).map(([who, words]) => `| ${who} | ${words} |`),
    '| Superuser | Yes |',
  ].join('\n');
  return { access: { ...access, Superuser: 'Yes' }, table };
}

const RECORD_ERRORS = {
  '400': ref('responses', 'BadRequest'),
  '403': ref('responses', 'Forbidden'),
  '404': ref('responses', 'NotFound'),
  default: ref('responses', 'Error'),
};

function recordOperations(module: CollectionModule): Record<string, Record<string, Operation>> {
  const { definition } = module;
  const name = definition.name;
  const tag = `Records: ${name}`;
  const record = ref('schemas', schemaName(name, 'Record'));
  const base = `/api/collections/${name}/records`;
  const one = `${base}/{id}`;
  const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  const readParameters = [ref('parameters', 'expand'), ref('parameters', 'fields')];
  const described = (rule: keyof CollectionModule['rules'], text: string) => {
    const { access, table } = accessFor(module, rule);
    return { description: `${text}\n\n${table}`, 'x-access': access };
  };
  const body = (mode: 'Create' | 'Update') => ({
    required: true,
    content: {
      'application/json': { schema: ref('schemas', schemaName(name, mode)) },
      'multipart/form-data': { schema: ref('schemas', schemaName(name, mode)) },
    },
  });
  const paths: Record<string, Record<string, Operation>> = {
    [base]: {
      get: {
        operationId: `list_${name}`,
        tags: [tag],
        summary: `List ${name} records`,
        ...described(
          'listRule',
          'A page of the records the requester may list (the list rule is added to any filter; ' +
            'records it excludes are simply absent).',
        ),
        parameters: [
          ref('parameters', 'page'),
          ref('parameters', 'perPage'),
          ref('parameters', 'sort'),
          ref('parameters', 'filter'),
          ref('parameters', 'skipTotal'),
          ...readParameters,
        ],
        responses: {
          '200': {
            description: 'A page of records.',
            content: json({
              type: 'object',
              required: ['page', 'perPage', 'totalItems', 'totalPages', 'items'],
              properties: {
                page: { type: 'integer' },
                perPage: { type: 'integer' },
                totalItems: { type: 'integer', description: '-1 with skipTotal.' },
                totalPages: { type: 'integer', description: '-1 with skipTotal.' },
                items: { type: 'array', items: record },
              },
            }),
          },
          ...RECORD_ERRORS,
        },
      },
      post: {
        operationId: `create_${name}`,
        tags: [tag],
        summary: `Create a ${name} record`,
        ...described('createRule', 'The rule is checked against the record as it would be made.'),
        parameters: readParameters,
        requestBody: body('Create'),
        responses: {
          '200': { description: 'The new record.', content: json(record) },
          ...RECORD_ERRORS,
        },
      },
    },
    [one]: {
      get: {
        operationId: `view_${name}`,
        tags: [tag],
        summary: `View a ${name} record`,
        ...described('viewRule', 'One record, if the requester may view it (404 otherwise).'),
        parameters: [idParameter, ...readParameters],
        responses: {
          '200': { description: 'The record.', content: json(record) },
          ...RECORD_ERRORS,
        },
      },
      patch: {
        operationId: `update_${name}`,
        tags: [tag],
        summary: `Update a ${name} record`,
        ...described(
          'updateRule',
          'Changes the fields sent; `field+` and `+field` append or prepend to a list, `field-` ' +
            'removes from it, `number+` adds.',
        ),
        parameters: [idParameter, ...readParameters],
        requestBody: body('Update'),
        responses: {
          '200': { description: 'The record as saved.', content: json(record) },
          ...RECORD_ERRORS,
        },
      },
      delete: {
        operationId: `delete_${name}`,
        tags: [tag],
        summary: `Delete a ${name} record`,
        ...described(
          'deleteRule',
          'Records that point at it with a cascading relation go with it; a required relation ' +
            'without cascade refuses the delete (400).',
        ),
        parameters: [idParameter],
        responses: { '204': { description: 'Deleted.' }, ...RECORD_ERRORS },
      },
    },
  };
  if (definition.type === 'auth') {
    for (const route of AUTH_ROUTES) {
      const path = `/api/collections/${name}/${route.action}`;
      const reply =
        route.reply === 'auth'
          ? {
              '200': {
                description: 'A token and the signed-in record.',
                content: json({
                  type: 'object',
                  required: ['token', 'record'],
                  properties: { token: { type: 'string' }, record },
                }),
              },
            }
          : route.reply === 'none'
            ? { '204': { description: 'No content.' } }
            : success({ reply: route.reply });
      paths[path] = {
        [route.method.toLowerCase()]: {
          operationId: `${route.action.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}_${name}`,
          tags: [tag],
          summary: route.summary,
          ...(route.description ? { description: route.description } : {}),
          ...(route.action === 'auth-with-password'
            ? described('authRule', route.description ?? '')
            : {}),
          ...(route.body
            ? { requestBody: { required: true, content: json(jsonSchema(route.body, 'input')) } }
            : {}),
          responses: { ...reply, ...RECORD_ERRORS },
        },
      };
    }
  }
  return paths;
}

const LIST_PARAMETERS = {
  page: {
    name: 'page',
    in: 'query',
    description: 'The page, from 1.',
    schema: { type: 'integer', minimum: 1, default: 1 },
  },
  perPage: {
    name: 'perPage',
    in: 'query',
    description: `Records per page, at most ${MAX_PER_PAGE}.`,
    schema: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
  },
  sort: {
    name: 'sort',
    in: 'query',
    description:
      'Fields separated by commas, `-` before a field for descending: `-start,title`. ' +
      '`@random` shuffles.',
    schema: { type: 'string' },
  },
  filter: {
    name: 'filter',
    in: 'query',
    description:
      `A filter expression: \`field operator value\` joined with \`&&\` and \`||\`, grouped ` +
      `with parentheses. Operators: ${OPERATORS.map((op) => `\`${op}\``).join(', ')} (the \`?\` ` +
      'forms match any item of a list). Values are quoted texts, numbers, `true`, `false`, ' +
      '`null`, another field, or a date macro (`@now`, `@todayStart`, `@monthEnd`…). A relation ' +
      'field can be followed with a dot: `show.title ~ "news"`. Example: ' +
      '`start >= "2026-12-01 00:00:00" && channel = "abc123def456ghi"`.',
    schema: { type: 'string' },
  },
  skipTotal: {
    name: 'skipTotal',
    in: 'query',
    description: 'Skip counting: totalItems and totalPages are -1, and the list is faster.',
    schema: { type: 'boolean' },
  },
  expand: {
    name: 'expand',
    in: 'query',
    description:
      'Relation fields whose records come along under `expand`, separated by commas, nested ' +
      'with dots (`show,show.series`); each related record is checked against its own view rule.',
    schema: { type: 'string' },
  },
  fields: {
    name: 'fields',
    in: 'query',
    description: 'Only these fields in the answer, separated by commas (`*` for all at a level).',
    schema: { type: 'string' },
  },
};

const ERROR_SCHEMA = {
  type: 'object',
  required: ['status', 'message', 'data'],
  properties: {
    status: { type: 'integer' },
    message: { type: 'string' },
    data: {
      type: 'object',
      description: 'Field errors, by field: `{ code, message }`.',
      additionalProperties: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: json(ref('schemas', 'Error')),
});

const OVERVIEW = [
  'Airgrid’s API: the PocketBase-compatible records API under `/api/collections`, the ' +
    'realtime stream, files and batches, and Airgrid’s own endpoints under `/api/v1`. The ' +
    'official `pocketbase` JavaScript SDK works against it: `new PocketBase(origin)`.',
  '**Signing in.** `POST /api/collections/users/auth-with-password` answers a token; send it ' +
    'as the `Authorization` header (raw, or after `Bearer `). A station’s scripts may use an ' +
    'API key (`agk_…`, made by owners and admins under Integrations) the same way; it acts as ' +
    'a member with the key’s role. Without a header a request is a guest’s.',
  '**Errors** answer `{ status, message, data }`; `data` holds field errors by field, each ' +
    '`{ code, message }` (`validation_required`: "Cannot be blank.").',
  '**Stations.** Every record of a station belongs to its organization; the rules of each ' +
    'collection (said in words on each operation) keep members to their own station’s records.',
].join('\n\n');

/** The request a recorded example was made with, as a line: `GET /api/v1/guide?from=…`. */
function requestLine(method: string, path: string, request: RecordedExample['request']): string {
  const filled = path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    request.params?.[name] !== undefined ? encodeURIComponent(request.params[name]) : whole,
  );
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  return `${method} ${filled}${query}`;
}

/**
 * An operation with its recorded example: each recorded reply's body as the `recorded` example
 * of its status and media type, the body sent as the request body's, and the values sent as
 * the inline parameters' `example`.
 */
function withExample(
  operation: Operation,
  method: string,
  path: string,
  recorded: RecordedExample | undefined,
): Operation {
  if (!recorded) return operation;
  const who = recorded.as === 'owner' ? 'the demo station’s owner' : 'a guest';
  const example = (value: unknown) => ({
    recorded: {
      summary: `Recorded from the demo station, called by ${who}`,
      description: `\`${requestLine(method.toUpperCase(), path, recorded.request)}\``,
      value,
    },
  });
  const responses = { ...operation.responses };
  for (const [status, reply] of Object.entries(recorded.replies)) {
    const response = responses[status] as { content?: Record<string, object> } | undefined;
    const type = Object.keys(response?.content ?? {}).find((each) =>
      each.startsWith(reply.contentType),
    );
    if (!response?.content || !type) continue;
    responses[status] = {
      ...response,
      content: {
        ...response.content,
        [type]: { ...response.content[type], examples: example(reply.body) },
      },
    };
  }
  const sent = { ...recorded.request.params, ...recorded.request.query };
  const parameters = Array.isArray(operation.parameters)
    ? (operation.parameters as Record<string, unknown>[]).map((parameter) => {
        const value = typeof parameter.name === 'string' ? sent[parameter.name] : undefined;
        return value === undefined || '$ref' in parameter
          ? parameter
          : { ...parameter, example: value };
      })
    : operation.parameters;
  const requestBody = operation.requestBody as { content: Record<string, object> } | undefined;
  const json = requestBody?.content['application/json'];
  return {
    ...operation,
    ...(parameters ? { parameters } : {}),
    ...(json && recorded.request.body !== undefined
      ? {
          requestBody: {
            ...requestBody,
            content: {
              ...requestBody.content,
              'application/json': { ...json, examples: example(recorded.request.body) },
            },
          },
        }
      : {}),
    responses,
  };
}

/** The whole document. */
export function buildOpenApiDocument(input: DocumentInput): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const add = (path: string, method: string, operation: Operation) => {
    const at = openApiPath(path);
    const recorded = input.examples?.[`${method.toUpperCase()} ${at}`];
    paths[at] = {
      ...paths[at],
      [method.toLowerCase()]: withExample(operation, method, at, recorded),
    };
  };
  for (const endpoint of input.endpoints) {
    add(endpoint.path, endpoint.method, routeOperation(endpoint, areaTag(endpoint.path)));
  }
  for (const module of input.collections) {
    for (const [path, operations] of Object.entries(recordOperations(module))) {
      for (const [method, operation] of Object.entries(operations)) add(path, method, operation);
    }
  }

  for (const route of CORE_ROUTES) add(route.path, route.method, routeOperation(route, route.tag));

  const schemas: Record<string, JsonSchema> = { Error: ERROR_SCHEMA };
  for (const { definition } of input.collections) {
    schemas[schemaName(definition.name, 'Record')] = recordSchema(definition);
    schemas[schemaName(definition.name, 'Create')] = inputSchema(definition, 'create');
    schemas[schemaName(definition.name, 'Update')] = inputSchema(definition, 'update');
  }

  const tags = [
    ...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags))),
  ];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Airgrid API',
      version: input.version,
      description: OVERVIEW,
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    security: [{}, { token: [] }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'A sign-in token or an API key (`agk_…`), raw or after `Bearer `.',
        },
      },
      parameters: LIST_PARAMETERS,
      responses: {
        BadRequest: errorResponse('The request was refused: its message and field errors say why.'),
        Unauthorized: errorResponse('The request needs a signed-in user or an API key.'),
        Forbidden: errorResponse('The requester may not do this.'),
        NotFound: errorResponse('Not found, or not visible to the requester.'),
        Error: errorResponse('An error, in PocketBase’s envelope.'),
      },
      schemas,
    },
  };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'];

/** The document's operations in brief (GET /api/openapi-index.json), in its order. */
export function documentIndex(document: OpenApiDocument): z.output<typeof OPENAPI_INDEX> {
  return {
    version: String(document.info.version),
    operations: Object.entries(document.paths).flatMap(([path, operations]) =>
      METHODS.flatMap((method) => {
        const operation = operations[method];
        if (!operation) return [];
        return [
          {
            id: operation.operationId,
            method: method.toUpperCase(),
            path,
            tag: operation.tags[0] ?? 'Other',
            summary: String(operation.summary ?? ''),
          },
        ];
      }),
    ),
  };
}
