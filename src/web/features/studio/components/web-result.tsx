import type { WebSource } from '../state/studio-store.js';
import layoutStyles from '../../../components/ui/layout.module.css';
import styles from './output-panel.module.css';

/** Only web links leave the app from here; anything else (javascript:, data:) is not a link. */
function safeUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Where the web shortcut's text came from: the encyclopedia page, or the AI's summary and why. */
export function WebResult({ web }: { web: WebSource }) {
  const href = safeUrl(web.url);
  return (
    <aside className={styles.web} aria-label="Web result">
      <p className={styles.webTitle}>{web.title}</p>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className={styles.webLink}>
          Read “{web.title}” on the encyclopedia
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
      {web.note ? <p className={layoutStyles.note}>{web.note}</p> : null}
      {web.source === 'ai' && !web.note ? <p className={layoutStyles.note}>Summarised by the AI.</p> : null}
    </aside>
  );
}
