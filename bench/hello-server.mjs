// The ceiling: a bare Fastify hello-world, run as its own process on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
// Every path ('/' included): the lookups' own ceiling sends their requests (paths and headers) here.
app.get('/*', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
