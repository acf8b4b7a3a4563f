// @vitest-environment node
import { createLogger, createServer, type Logger } from 'vite';
import { describe, expect, it } from 'vitest';

describe('content warnings', () => {
  it('print once per run, however many dev servers load the content (one per test project)', async () => {
    const printed: string[] = [];
    const base = createLogger('silent');
    const customLogger: Logger = { ...base, warn: (message) => printed.push(message), warnOnce: (message) => printed.push(message) };
    for (let run = 0; run < 3; run++) {
      const server = await createServer({ configFile: 'vite.config.ts', customLogger, server: { middlewareMode: true, ws: false } });
      await server.pluginContainer.buildStart({});
      await server.close();
    }
    const valuation = printed.filter((message) => message.includes("the stated total's low end"));
    expect(valuation).toHaveLength(1);
  }, 60_000);
});
