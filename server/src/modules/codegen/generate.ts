/**
 * The code generator's templates: from a table's column metadata to source TEXT — a TypeBox
 * contracts schema, a Fastify routes + service module and a React page. Pure functions: no
 * database, no file system. The output is shown and downloaded, never written or run.
 */

export interface ColumnMeta {
  name: string;
  dataType: string;
  udtName: string;
  nullable: boolean;
  hasDefault: boolean;
  maxLength: number | null;
  comment: string;
  primaryKey: boolean;
}

export interface TableMeta {
  name: string;
  comment: string;
  columns: ColumnMeta[];
  /** The Drizzle export of the table in `server/src/db/schema`, when there is one. */
  schemaExport: string | null;
  /** Column name → property name in that Drizzle table (camelCase otherwise). */
  props?: Record<string, string>;
}

export interface GeneratedFile {
  path: string;
  language: 'typescript' | 'tsx';
  content: string;
}

const words = (name: string) => name.split(/[_\-\s]+/).filter(Boolean);
export const camel = (name: string) =>
  words(name)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
export const pascal = (name: string) => {
  const c = camel(name);
  return c ? c[0]!.toUpperCase() + c.slice(1) : c;
};
const kebab = (name: string) => words(name).join('-').toLowerCase();

/** Columns the server maintains itself: left out of forms. */
const AUDIT_COLUMNS = new Set(['created_at', 'updated_at', 'deleted_at', 'created_by', 'updated_by', 'version']);
/** Columns that must never travel to a browser. */
const SECRET_COLUMN = /(password|secret|hash|token|salt)/i;

/** Text safe inside a `/** … *\/` comment and a single-quoted string. */
const commentText = (s: string) =>
  s
    .replace(/\*\//g, '* /')
    .replace(/[\r\n]+/g, ' ')
    .trim();
const quoted = (s: string) =>
  `'${s
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/[\r\n]+/g, ' ')}'`;

function baseType(c: ColumnMeta): string {
  const udt = c.udtName.startsWith('_') ? c.udtName.slice(1) : c.udtName;
  let t: string;
  switch (udt) {
    case 'int2':
    case 'int4':
    case 'int8':
      t = 'Type.Integer()';
      break;
    case 'numeric':
    case 'float4':
    case 'float8':
      t = 'Type.Number()';
      break;
    case 'bool':
      t = 'Type.Boolean()';
      break;
    case 'timestamp':
    case 'timestamptz':
      t = "Type.String({ format: 'date-time' })";
      break;
    case 'date':
      t = "Type.String({ format: 'date' })";
      break;
    case 'uuid':
      t = "Type.String({ format: 'uuid' })";
      break;
    case 'json':
    case 'jsonb':
      t = 'Type.Unknown()';
      break;
    case 'bytea':
      t = "Type.String({ description: 'base64' })";
      break;
    default:
      t = c.maxLength ? `Type.String({ maxLength: ${c.maxLength} })` : 'Type.String()';
  }
  return c.udtName.startsWith('_') ? `Type.Array(${t})` : t;
}

const tsType = (c: ColumnMeta): string => {
  const udt = c.udtName.replace(/^_/, '');
  const base = ['int2', 'int4', 'int8', 'numeric', 'float4', 'float8'].includes(udt)
    ? 'number'
    : udt === 'bool'
      ? 'boolean'
      : ['json', 'jsonb'].includes(udt)
        ? 'unknown'
        : 'string';
  const t = c.udtName.startsWith('_') ? `${base}[]` : base;
  return c.nullable ? `${t} | null` : t;
};

/** Set per generation: the property a column has in the Drizzle table (and so in the API). */
let propNames: Record<string, string> = {};
const prop = (c: ColumnMeta) => propNames[c.name] ?? camel(c.name);

const isText = (c: ColumnMeta) => ['varchar', 'text', 'bpchar'].includes(c.udtName);
const isNumber = (c: ColumnMeta) => ['int2', 'int4', 'int8', 'numeric', 'float4', 'float8'].includes(c.udtName);

interface Names {
  table: string;
  entity: string; // SysUser
  variable: string; // sysUser
  slug: string; // sys-user
  perm: string; // sys:user
  url: string; // /api/v1/sys-user
}

function namesOf(table: string): Names {
  const parts = words(table);
  const perm = parts.length > 1 ? `${parts[0]}:${parts.slice(1).join('-')}` : `app:${parts[0]}`;
  return {
    table,
    entity: pascal(table),
    variable: camel(table),
    slug: kebab(table),
    perm: perm.toLowerCase(),
    url: `/api/v1/${kebab(table)}`,
  };
}

function describe(c: ColumnMeta): string {
  const bits = [c.comment && commentText(c.comment), `${c.name} ${c.dataType}`].filter(Boolean);
  return bits.join(' — ');
}

function contracts(meta: TableMeta, n: Names, visible: ColumnMeta[], editable: ColumnMeta[]): string {
  const hasVersion = meta.columns.some((c) => c.name === 'version');
  const vo = visible.map((c) => {
    const t = baseType(c);
    return `  /** ${describe(c)} */\n  ${prop(c)}: ${c.nullable ? `Type.Union([${t}, Type.Null()])` : t},`;
  });
  const body = editable.map((c) => {
    const t = c.nullable ? `Type.Union([${baseType(c)}, Type.Null()])` : baseType(c);
    return `  ${prop(c)}: ${c.nullable || c.hasDefault ? `Type.Optional(${t})` : t},`;
  });
  const hidden = meta.columns.filter((c) => SECRET_COLUMN.test(c.name)).map((c) => c.name);
  return `import { type Static, Type } from 'typebox';
import { PageQuery } from './schemas.js';

/**
 * ${commentText(meta.comment) || n.entity} — contracts for the table \`${n.table}\` (generated preview).${
   hidden.length ? `\n * Left out on purpose (never sent to a browser): ${hidden.join(', ')}.` : ''
 }
 */

export const ${n.entity}PageQuery = Type.Object({
  ...PageQuery.properties,
  keywords: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ${n.entity}PageQuery = Static<typeof ${n.entity}PageQuery>;

export const ${n.entity}VO = Type.Object({
${vo.join('\n')}
});
export type ${n.entity}VO = Static<typeof ${n.entity}VO>;

export const ${n.entity}Body = Type.Object({
${body.join('\n')}
});
export type ${n.entity}Body = Static<typeof ${n.entity}Body>;
${
  hasVersion
    ? `
export const ${n.entity}UpdateBody = Type.Object({ ...${n.entity}Body.properties, version: Type.Integer({ minimum: 1 }) });
export type ${n.entity}UpdateBody = Static<typeof ${n.entity}UpdateBody>;
`
    : `
export const ${n.entity}UpdateBody = ${n.entity}Body;
export type ${n.entity}UpdateBody = ${n.entity}Body;
`
}`;
}

function routes(n: Names, pk: ColumnMeta | undefined): string {
  const idSchema =
    pk && isNumber(pk)
      ? 'Type.Integer({ minimum: 1, maximum: 2_147_483_647 })'
      : 'Type.String({ minLength: 1, maxLength: 64 })';
  return `import {
  ${n.entity}Body,
  ${n.entity}PageQuery,
  ${n.entity}UpdateBody,
  ${n.entity}VO,
  IdList,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { parseIds } from '../../lib/paging.js';
import { note } from '../../plugins/oplog.js';
import { routeKit } from '../../plugins/route-kit.js';
import { create${n.entity}, delete${n.entity}, form${n.entity}, page${n.entity}, update${n.entity} } from './service.js';

const tags = ['${n.slug}'];
const module = '${n.slug}';
const IdParams = Type.Object({ id: ${idSchema} });
const perm = (action: string) => ({ perm: \`${n.perm}:\${action}\` });

/** ${n.url}: paged list, form, create, update, delete — each behind its permission. */
export async function ${n.variable}Routes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.get('${n.url}/page', {
    auth: perm('query'),
    summary: 'Paged list',
    querystring: ${n.entity}PageQuery,
    answer: Page(${n.entity}VO),
    run: (req) => page${n.entity}(db, req.query),
  });

  r.get('${n.url}/:id/form', {
    auth: perm('query'),
    summary: 'One row for its edit form',
    params: IdParams,
    answer: ${n.entity}VO,
    run: (req) => form${n.entity}(db, req.params.id),
  });

  r.post('${n.url}', {
    auth: perm('add'),
    summary: 'Create',
    body: ${n.entity}Body,
    answer: Type.Unknown(),
    run: async (req) => {
      const id = await create${n.entity}(db, req.body);
      note(req, { module, action: 'create', target: String(id) });
      return id;
    },
  });

  r.put('${n.url}/:id', {
    auth: perm('edit'),
    summary: 'Update',
    params: IdParams,
    body: ${n.entity}UpdateBody,
    answer: Type.Null(),
    run: async (req) => {
      await update${n.entity}(db, req.params.id, req.body);
      note(req, { module, action: 'update', target: String(req.params.id) });
      return null;
    },
  });

  r.delete('${n.url}/:ids', {
    auth: perm('delete'),
    summary: 'Delete (several ids)',
    params: Type.Object({ ids: IdList }),
    answer: Type.Null(),
    run: async (req) => {
      await delete${n.entity}(db, parseIds(req.params.ids));
      note(req, { module, action: 'delete', target: req.params.ids });
      return null;
    },
  });
}
`;
}

function service(meta: TableMeta, n: Names, visible: ColumnMeta[], pk: ColumnMeta | undefined): string {
  const t = meta.schemaExport ?? n.variable;
  const pkProp = pk ? prop(pk) : 'id';
  const search = visible.find((c) => isText(c) && !c.primaryKey);
  const pkCount = meta.columns.filter((c) => c.primaryKey).length;
  const select = visible.map((c) => `  ${prop(c)}: ${t}.${prop(c)},`).join('\n');
  const hasVersion = meta.columns.some((c) => c.name === 'version');
  return `import type { ${n.entity}Body, ${n.entity}PageQuery, ${n.entity}UpdateBody, ${n.entity}VO } from '@baton/contracts';
import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ${t} } from '../../db/schema/index.js';${
    meta.schemaExport
      ? ''
      : `\n// TODO: \`${n.table}\` has no Drizzle definition in db/schema yet — declare it there as \`${t}\`.`
  }
import { notFound } from '../../lib/errors.js';
import { limitOffset } from '../../lib/paging.js';
${pkCount > 1 ? `\n// NOTE: ${n.table} has a composite primary key; adapt the id handling below.\n` : ''}
/** The columns a browser may see (secrets such as password hashes are left out). */
const columns = {
${select}
};

export async function page${n.entity}(db: Db, q: ${n.entity}PageQuery): Promise<{ list: ${n.entity}VO[]; total: number }> {
  const where = and(${search ? `q.keywords ? ilike(${t}.${prop(search)}, \`%\${q.keywords}%\`) : undefined` : 'undefined'});
  const { limit, offset } = limitOffset(q);
  const [list, [total]] = await Promise.all([
    db.select(columns).from(${t}).where(where).orderBy(desc(${t}.${pkProp})).limit(limit).offset(offset),
    db.select({ n: count() }).from(${t}).where(where),
  ]);
  return { list: list as ${n.entity}VO[], total: total?.n ?? 0 };
}

export async function form${n.entity}(db: Db, id: ${pk && isNumber(pk) ? 'number' : 'string'}): Promise<${n.entity}VO> {
  const [row] = await db.select(columns).from(${t}).where(eq(${t}.${pkProp}, id));
  if (!row) throw notFound();
  return row as ${n.entity}VO;
}

export async function create${n.entity}(db: Db, body: ${n.entity}Body) {
  const [row] = await db.insert(${t}).values(body).returning({ id: ${t}.${pkProp} });
  return row!.id;
}

export async function update${n.entity}(db: Db, id: ${pk && isNumber(pk) ? 'number' : 'string'}, body: ${n.entity}UpdateBody) {
${
  hasVersion
    ? `  const { version, ...values } = body;
  const done = await db
    .update(${t})
    .set({ ...values, version: version + 1 })
    .where(and(eq(${t}.${pkProp}, id), eq(${t}.version, version)))
    .returning({ id: ${t}.${pkProp} });
  // Someone else saved first (or the row is gone): optimistic locking.
  if (!done.length) throw notFound();`
    : `  const done = await db.update(${t}).set(body).where(eq(${t}.${pkProp}, id)).returning({ id: ${t}.${pkProp} });
  if (!done.length) throw notFound();`
}
}

export async function delete${n.entity}(db: Db, ids: ${pk && isNumber(pk) ? 'number' : 'string'}[]) {
  await db.transaction(async (tx) => {
    const gone = await tx.delete(${t}).where(inArray(${t}.${pkProp}, ids)).returning({ id: ${t}.${pkProp} });
    // All or nothing: every id must have existed.
    if (gone.length !== ids.length) throw notFound();
  });
}
`;
}

function formControl(c: ColumnMeta): string {
  const udt = c.udtName;
  if (udt === 'bool') return '<Switch />';
  if (isNumber(c)) return "<InputNumber style={{ width: '100%' }} />";
  if (udt === 'text' && !c.maxLength) return '<Input.TextArea rows={3} />';
  if (['timestamp', 'timestamptz', 'date'].includes(udt)) return '<Input placeholder="YYYY-MM-DD" />';
  return `<Input${c.maxLength ? ` maxLength={${c.maxLength}}` : ''} />`;
}

function page(meta: TableMeta, n: Names, visible: ColumnMeta[], editable: ColumnMeta[], pk: ColumnMeta | undefined) {
  const pkProp = pk ? prop(pk) : 'id';
  const label = (c: ColumnMeta) => quoted(commentText(c.comment) || c.name);
  const cols = visible
    .slice(0, 8)
    .map((c) => `    { title: ${label(c)}, dataIndex: '${prop(c)}', ellipsis: true },`)
    .join('\n');
  const items = editable
    .map(
      (c) =>
        `          <Form.Item name="${prop(c)}" label={${label(c)}}${
          !c.nullable && !c.hasDefault ? ' rules={[{ required: true }]}' : ''
        }${c.udtName === 'bool' ? ' valuePropName="checked"' : ''}>
            ${formControl(c)}
          </Form.Item>`,
    )
    .join('\n');
  const rowType = visible.map((c) => `  ${prop(c)}: ${tsType(c)};`).join('\n');
  return `import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../api/request';
import { Perm } from '../../components/Perm';

/** ${commentText(meta.comment) || n.entity}: the row as the server sends it. */
interface ${n.entity}Row {
${rowType}
}

const BASE = '${n.url}';

export default function ${n.entity}Page() {
  const [query, setQuery] = useState({ pageNum: 1, pageSize: 10, keywords: '' });
  const [data, setData] = useState<{ list: ${n.entity}Row[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<${n.entity}Row | null | undefined>(undefined);
  const [form] = Form.useForm();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await request({ url: \`\${BASE}/page\`, method: 'get', params: query }));
    } finally {
      setLoading(false);
    }
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    const values = await form.validateFields();
    if (editing) await request({ url: \`\${BASE}/\${editing.${pkProp}}\`, method: 'put', data: { ...editing, ...values } });
    else await request({ url: BASE, method: 'post', data: values });
    setEditing(undefined);
    void load();
  };

  const remove = async (row: ${n.entity}Row) => {
    await request({ url: \`\${BASE}/\${row.${pkProp}}\`, method: 'delete' });
    void load();
  };

  const columns: ColumnsType<${n.entity}Row> = [
${cols}
    {
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space>
          <Perm value="${n.perm}:edit">
            <Button type="link" onClick={() => { form.setFieldsValue(row); setEditing(row); }}>Edit</Button>
          </Perm>
          <Perm value="${n.perm}:delete">
            <Popconfirm title="Delete?" onConfirm={() => remove(row)}>
              <Button type="link" danger>Delete</Button>
            </Popconfirm>
          </Perm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="${n.entity}"
      extra={
        <Space>
          <Input.Search allowClear placeholder="Search" onSearch={(keywords) => setQuery({ ...query, pageNum: 1, keywords })} />
          <Perm value="${n.perm}:add">
            <Button type="primary" onClick={() => { form.resetFields(); setEditing(null); }}>Add</Button>
          </Perm>
        </Space>
      }
    >
      <Table<${n.entity}Row>
        rowKey="${pkProp}"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: data.total,
          onChange: (pageNum, pageSize) => setQuery({ ...query, pageNum, pageSize }),
        }}
      />
      <Modal open={editing !== undefined} title={editing ? 'Edit' : 'Add'} onOk={save} onCancel={() => setEditing(undefined)} destroyOnHidden>
        <Form form={form} layout="vertical">
${items}
        </Form>
      </Modal>
    </Card>
  );
}
`;
}

/** The files previewed for one table. */
export function generateFiles(meta: TableMeta): GeneratedFile[] {
  const n = namesOf(meta.name);
  propNames = meta.props ?? {};
  const visible = meta.columns.filter((c) => !SECRET_COLUMN.test(c.name));
  const editable = visible.filter((c) => !c.primaryKey && !AUDIT_COLUMNS.has(c.name));
  const pk = meta.columns.find((c) => c.primaryKey);
  return [
    {
      path: `packages/contracts/src/${n.slug}.ts`,
      language: 'typescript',
      content: contracts(meta, n, visible, editable),
    },
    { path: `server/src/modules/${n.slug}/routes.ts`, language: 'typescript', content: routes(n, pk) },
    { path: `server/src/modules/${n.slug}/service.ts`, language: 'typescript', content: service(meta, n, visible, pk) },
    { path: `web/src/pages/${n.slug}/index.tsx`, language: 'tsx', content: page(meta, n, visible, editable, pk) },
  ];
}
