// Every POST endpoint of the OpenAPI document, fed malformed bodies as JSON and as form fields:
// nothing a client sends may produce a 500, every refusal is the translated {code, message, data}
// envelope, and no table gains or loses a row.
import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

interface SchemaObject {
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  $ref?: string;
  allOf?: SchemaObject[];
}

interface Operation {
  path: string;
  properties: Record<string, SchemaObject>;
  required: string[];
  multipart: boolean;
}

interface Outcome {
  method: string;
  path: string;
  kind: string;
  encoding: 'json' | 'form' | 'raw';
  status: number;
  body: unknown;
}

// Endpoints that would end the admin's session: run last, with a session of their own.
const SESSION_ENDING = new Set(['/api/admin/login/logout']);
// Tables that legitimately grow whatever the answer: the event log, sessions, the security log.
const GROWING_TABLES = new Set(['domain_event', 'user_session', 'security_event', 'migrations', 'typeorm_metadata']);

const ONE_MB = 'x'.repeat(1024 * 1024);
const SIXTY_KB = 'y'.repeat(60 * 1024);
const BIG_ID = 999_999_999;

const isIdLike = (name: string) => /(^id$|Id$|Ids$|^ids$)/.test(name);
const isNumeric = (schema: SchemaObject) => schema.type === 'integer' || schema.type === 'number';

/** A plausible value of a field: ids unknown (999999999), so that no payload built on it can succeed. */
function plausible(name: string, schema: SchemaObject): unknown {
  if (schema.enum?.length) return schema.enum[0];
  if (isNumeric(schema)) return isIdLike(name) ? BIG_ID : name === 'version' ? 1 : 1;
  if (schema.type === 'boolean') return true;
  if (schema.type === 'array') return [isNumeric(schema.items ?? {}) ? BIG_ID : 'x'];
  if (schema.format === 'date') return '2025-01-01';
  if (schema.format === 'date-time') return '2025-01-01T00:00:00Z';
  if (isIdLike(name)) return String(BIG_ID);
  return 'abuse';
}

/** `a[b][c]…` nested `depth` deep, as a form key. */
const deepFormKey = (depth: number) => `deep${'[x]'.repeat(depth)}`;

/** A JSON text nested `depth` deep (built as text: JSON.stringify would recurse). */
const deepJson = (depth: number, field: string) => `{"${field}":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
const deepArrayJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** The malformed payloads for one operation: name → body (objects are sent as JSON and as form). */
function payloadsOf(operation: Operation): { kind: string; body: Record<string, unknown> | string; formOnly?: boolean; jsonOnly?: boolean }[] {
  const fields = Object.entries(operation.properties).filter(([, schema]) => schema.format !== 'binary');
  const baseline = Object.fromEntries(fields.map(([name, schema]) => [name, plausible(name, schema)]));
  const mapFields = (change: (name: string, schema: SchemaObject, value: unknown) => unknown) =>
    Object.fromEntries(fields.map(([name, schema]) => [name, change(name, schema, baseline[name])]));
  const numeric = fields.filter(([, schema]) => isNumeric(schema) || (schema.type === 'array' && isNumeric(schema.items ?? {})));
  const payloads: { kind: string; body: Record<string, unknown> | string; formOnly?: boolean; jsonOnly?: boolean }[] = [];
  // An empty body is malformed where something is required; an update whose fields are all
  // optional (the settings) or an action without a body (rotate the board key, log out)
  // legitimately accepts it.
  if (operation.required.length || operation.multipart) payloads.push({ kind: 'empty', body: {} });
  if (operation.required.length) {
    payloads.push({ kind: 'missing required', body: Object.fromEntries(Object.entries(baseline).filter(([name]) => !operation.required.includes(name))) });
  }
  if (fields.length) {
    payloads.push(
      // Strings for numbers and booleans, objects for strings (`field[nested]=object` in a form).
      { kind: 'wrong types', body: mapFields((_name, schema) => (isNumeric(schema) ? 'not-a-number' : schema.type === 'boolean' ? 'maybe' : { nested: 'object' })) },
      { kind: 'objects for strings', body: mapFields(() => ({ nested: { deeper: 'x' } })) },
      { kind: '1 MB strings', body: mapFields(() => ONE_MB) },
      { kind: '60 KB strings', body: mapFields((_name, schema) => (isNumeric(schema) ? baseline[_name] : SIXTY_KB)) },
      { kind: 'NUL bytes', body: mapFields((_name, schema, value) => (typeof value === 'string' || schema.type === 'string' ? `a\u0000b` : isNumeric(schema) ? '1\u0000' : value)) },
      { kind: 'arrays for scalars', body: mapFields((_name, _schema, value) => [value, value]) },
    );
  }
  if (fields.some(([name]) => isIdLike(name))) payloads.push({ kind: 'unknown ids', body: baseline });
  if (numeric.length) {
    for (const [kind, number] of [
      ['negative numbers', -1],
      ['huge numbers', 1e20],
      ['int4 overflow', 2_147_483_648],
      ['fractions', 1.5],
    ] as const) {
      payloads.push({ kind, body: { ...baseline, ...Object.fromEntries(numeric.map(([name, schema]) => [name, schema.type === 'array' ? [number] : number])) } });
    }
  }
  // Nested 5,000 deep: in a field, and as the whole body.
  payloads.push({ kind: 'nested 5,000 deep', body: deepJson(5000, fields[0]?.[0] ?? 'field'), jsonOnly: true });
  payloads.push({ kind: 'nested 5,000 deep (array)', body: deepArrayJson(5000), jsonOnly: true });
  payloads.push({ kind: 'nested 5,000 deep', body: `${deepFormKey(5000)}=1`, formOnly: true });
  return payloads;
}

function resolve(document: { components?: { schemas?: Record<string, SchemaObject> } }, schema: SchemaObject | undefined): SchemaObject {
  let current = schema ?? {};
  for (let i = 0; i < 10 && current.$ref; i++) current = document.components?.schemas?.[current.$ref.split('/').pop()!] ?? {};
  if (current.allOf) {
    const merged: SchemaObject = { type: 'object', properties: {}, required: [] };
    for (const part of current.allOf.map((item) => resolve(document, item))) {
      Object.assign(merged.properties!, part.properties ?? {});
      merged.required!.push(...(part.required ?? []));
    }
    return merged;
  }
  return current;
}

describe('abuse: every endpoint of the OpenAPI document, fed malformed bodies and queries', () => {
  let t: TestApp;
  let admin: string;
  let db: DataSource;
  let operations: Operation[];
  let queries: { path: string; parameters: { name: string; schema: SchemaObject }[] }[];

  const rowCounts = async (): Promise<Record<string, number>> => {
    const tables: { name: string }[] = await db.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      if (GROWING_TABLES.has(name)) continue;
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM "${name}"`);
      counts[name] = count;
    }
    return counts;
  };

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    db = t.app.get(DataSource);
    const document = (await t.http.get('/api/docs-json')).body;
    operations = [];
    queries = [];
    type Method = { requestBody?: { content?: Record<string, { schema?: SchemaObject }> }; parameters?: { name: string; in: string; schema?: SchemaObject }[] };
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Method>>)) {
      const get = methods.get;
      if (get && !path.includes('{')) {
        const parameters = (get.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => ({ name: parameter.name, schema: resolve(document, parameter.schema) }));
        queries.push({ path, parameters });
      }
      const post = methods.post;
      if (!post) continue;
      const content = post.requestBody?.content ?? {};
      const [type, media] = Object.entries(content)[0] ?? ['application/json', {}];
      const schema = resolve(document, media?.schema);
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, resolve(document, property)]));
      operations.push({ path, properties, required: schema.required ?? [], multipart: type === 'multipart/form-data' });
    }
  });
  afterAll(() => t.close());

  it('answers no 500, only translated envelopes, and changes no row count', async () => {
    expect(operations.length).toBeGreaterThan(30);
    const before = await rowCounts();
    const outcomes: Outcome[] = [];
    const started = performance.now();

    const send = async (operation: Operation, kind: string, encoding: Outcome['encoding'], body: Record<string, unknown> | string, token: string) => {
      let request = t.http.post(operation.path).set('token', token).set('Accept-Language', outcomes.length % 2 ? 'en' : 'zh-CN');
      if (encoding === 'json') request = request.set('Content-Type', 'application/json').send(typeof body === 'string' ? body : JSON.stringify(body));
      else if (encoding === 'form') request = request.type('form').send(body as never);
      else request = request.set('Content-Type', 'application/x-www-form-urlencoded').send(body as string);
      const response = await request.catch((error: { response?: { status: number; body: unknown } }) => {
        if (error.response) return error.response;
        throw error;
      });
      outcomes.push({ method: 'POST', path: operation.path, kind, encoding, status: response.status, body: response.body });
    };

    const run = async (operation: Operation, token: string) => {
      for (const payload of payloadsOf(operation)) {
        if (typeof payload.body === 'string') {
          await send(operation, payload.kind, payload.formOnly ? 'raw' : 'json', payload.body, token);
          continue;
        }
        if (!payload.formOnly) await send(operation, payload.kind, 'json', payload.body, token);
        if (!payload.jsonOnly) await send(operation, payload.kind, 'form', payload.body, token);
      }
    };

    for (const operation of operations.filter((candidate) => !SESSION_ENDING.has(candidate.path))) await run(operation, admin);
    // The session-ending endpoints last, each with a session of its own.
    for (const operation of operations.filter((candidate) => SESSION_ENDING.has(candidate.path))) await run(operation, await t.login());

    const elapsed = performance.now() - started;
    const after = await rowCounts();

    const offenders = outcomes.filter((outcome) => outcome.status >= 500);
    const badEnvelopes = outcomes.filter((outcome) => {
      if (outcome.status < 400) return false;
      const body = outcome.body as { code?: unknown; message?: unknown; data?: unknown } | null;
      return !body || body.code !== outcome.status || typeof body.message !== 'string' || body.message.trim() === '' || !('data' in body);
    });
    // Every payload here is malformed: none may be accepted.
    const accepted = outcomes.filter((outcome) => outcome.status < 400);
    const summary = (list: Outcome[]) =>
      list.map((outcome) => `${outcome.method} ${outcome.path} [${outcome.kind}, ${outcome.encoding}] → ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`).join('\n');
    const statuses = outcomes.reduce<Record<number, number>>((counts, outcome) => ({ ...counts, [outcome.status]: (counts[outcome.status] ?? 0) + 1 }), {});
    process.stdout.write(
      `abuse: ${outcomes.length} requests to ${operations.length} POST endpoints in ${(elapsed / 1000).toFixed(1)} s; statuses ${JSON.stringify(statuses)}\n` +
        (accepted.length ? `accepted (2xx):\n${summary(accepted)}\n` : ''),
    );

    expect(summary(offenders)).toBe('');
    expect(summary(badEnvelopes)).toBe('');
    expect(summary(accepted)).toBe('');
    expect(after).toEqual(before);
  }, 300_000);

  it('answers no 500 to malformed query strings on any GET endpoint either', async () => {
    const outcomes: Outcome[] = [];
    const variants = (names: string[]): [string, string][] => [
      ['huge numbers', names.map((name) => `${encodeURIComponent(name)}=1e20`).join('&')],
      ['int4 overflow', names.map((name) => `${encodeURIComponent(name)}=2147483648`).join('&')],
      ['negative numbers', names.map((name) => `${encodeURIComponent(name)}=-1`).join('&')],
      ['arrays for scalars', names.map((name) => `${encodeURIComponent(name)}=1&${encodeURIComponent(name)}=2`).join('&')],
      ['prototype keys', names.map((name) => `${encodeURIComponent(name)}=constructor`).join('&')],
      ['2 KB values', names.map((name) => `${encodeURIComponent(name)}=${'z'.repeat(2000)}`).join('&')],
      ['list protocol', 'sortField=__proto__&sortOrder=sideways&page=0&pageSize=1e9&filter.constructor=1&filter.toString=2'],
    ];
    for (const query of queries) {
      const names = query.parameters.length ? query.parameters.map((parameter) => parameter.name) : ['id'];
      for (const [kind, text] of variants(names)) {
        const response = await t.http.get(`${query.path}?${text}`).set('token', admin);
        outcomes.push({ method: 'GET', path: query.path, kind, encoding: 'raw', status: response.status, body: response.body });
      }
    }
    const offenders = outcomes.filter((outcome) => outcome.status >= 500);
    process.stdout.write(`abuse (GET): ${outcomes.length} requests to ${queries.length} GET endpoints\n`);
    expect(offenders.map((outcome) => `${outcome.method} ${outcome.path} [${outcome.kind}] → ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`).join('\n')).toBe('');
  }, 120_000);
});
