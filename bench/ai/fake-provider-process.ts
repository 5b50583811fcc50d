/** The fake OpenAI-compatible provider as its own process, so the benchmark client does not slow it down. */
import { startFakeOpenAi } from '../../src/server/test/fake-openai.js';

const words = Number(process.env.FAKE_WORDS ?? 60);
const chunkDelayMs = Number(process.env.FAKE_CHUNK_DELAY_MS ?? 20);
const text = Array.from({ length: words }, (_, i) => `token${i}`).join(' ');
const fake = await startFakeOpenAi({ text, chunkDelayMs }, { port: Number(process.env.PORT ?? 0) });
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
