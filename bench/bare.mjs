// The ceiling: a bare Fastify server answering the same bytes as Baton from memory (no database,
// no auth, no validation). `node bench/bare.mjs <routes.json>`; prints `listening <url>`.
// routes.json: [{ method, url, contentType, body (base64) }]; the query string is part of the key.
import fs from 'node:fs';
import Fastify from 'fastify';

const routes = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
const byKey = new Map(routes.map((r) => [`${r.method} ${r.url}`, { ...r, bytes: Buffer.from(r.body, 'base64') }]));
const answer = (req, reply) => {
  const r = byKey.get(`${req.method} ${req.url}`);
  if (!r) return reply.code(404).send();
  return reply.header('content-type', r.contentType).send(r.bytes);
};
app.get('/*', answer);
app.post('/*', answer);
const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`listening ${url}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
