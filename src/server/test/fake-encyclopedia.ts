import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeEncyclopedia {
  /** The api.php URL to configure as WIKI_API_URL. */
  apiUrl: string;
  /** Titles asked for, in order. */
  asked: string[];
  close: () => Promise<void>;
}

/**
 * A stand-in for Wikipedia's query API at the network edge (real HTTP, the real JSON shape):
 * "Broken" answers 500, "Slow" stalls for 8 s, "Mercury" is a disambiguation page, "Nothing" is
 * missing, "Blank" has an empty extract, anything else has an intro.
 */
export async function startFakeEncyclopedia(port = 0): Promise<FakeEncyclopedia> {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const title = url.searchParams.get('titles') ?? '';
    asked.push(title);
    const reply = (pages: Record<string, unknown>) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ batchcomplete: '', query: { pages } }));
    };
    if (title === 'Broken') return void res.writeHead(500).end('{"error":"down"}');
    if (title === 'Slow')
      return void setTimeout(() => reply({ '1': { pageid: 1, title, extract: 'late' } }), 8000);
    if (title === 'Mercury')
      return reply({ '2': { pageid: 2, title, extract: 'Mercury may refer to:\nMercury (planet)' } });
    if (title === 'Nothing') return reply({ '-1': { ns: 0, title, missing: '' } });
    if (title === 'Blank') return reply({ '3': { pageid: 3, title, extract: '' } });
    reply({
      '4': { pageid: 4, title, extract: `${title} is a well-documented subject. This is its introduction.` },
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${address.port}/w/api.php`,
    asked,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
