/** What the encyclopedia knows about a title: its plain-text intro, or nothing usable. */
export interface EncyclopediaEntry {
  title: string;
  extract: string;
  url: string;
}

interface QueryAnswer {
  query?: { pages?: Record<string, { title?: string; extract?: string; missing?: string }> };
}

const TIMEOUT_MS = 5000;

/** The article URL beside a MediaWiki api.php: https://host/w/api.php → https://host/wiki/Title. */
export function articleUrl(apiUrl: string, title: string): string {
  return `${new URL(apiUrl).origin}/wiki/${encodeURIComponent(title.replace(/ /g, '_'))}`;
}

/**
 * Asks a MediaWiki query API (Wikipedia by default) for the plain-text intro of a page.
 * Returns undefined when there is no usable text: a missing page, an empty extract, or a
 * disambiguation page ("may refer to"). Network errors and timeouts throw.
 */
export async function lookUpIntro(
  apiUrl: string,
  phrase: string,
  userAgent: string,
): Promise<EncyclopediaEntry | undefined> {
  const url = new URL(apiUrl);
  const params = {
    action: 'query',
    format: 'json',
    prop: 'extracts',
    exintro: '1',
    explaintext: '1',
    redirects: '1',
    titles: phrase,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const res = await fetch(url, {
    headers: { 'user-agent': userAgent, accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`encyclopedia answered HTTP ${res.status}`);
  const answer = (await res.json()) as QueryAnswer;
  const page = Object.values(answer.query?.pages ?? {})[0];
  const extract = page?.extract?.trim() ?? '';
  if (!page || page.missing !== undefined || !extract || /may refer to/i.test(extract)) return undefined;
  const title = page.title ?? phrase;
  return { title, extract, url: articleUrl(apiUrl, title) };
}
