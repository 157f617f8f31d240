// The baseline of bench/startup.ts: a bare Fastify process answering /health, started the same
// way, so the app's start-up is read as a ratio on whatever machine runs the bench.
import Fastify from 'fastify';

const app = Fastify();
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
