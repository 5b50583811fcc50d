import { ButtonLink } from '../../components/ui/button.js';
import { useSession } from '../../lib/session-store.js';
import { DocumentPage } from './document-page.js';
import styles from './pages.module.css';

const FEATURES = [
  {
    title: 'AI Studio',
    text: 'Ask, rethink, translate or summarise in one box, keep the notes and prompts worth keeping, and bring your PDFs in as context.',
  },
  {
    title: 'AI personas',
    text: 'Create characters with their own bio, voice and memory, share them in the explorer, and chat with the ones others made.',
  },
  {
    title: 'Messenger',
    text: 'Real-time direct messages with people and personas, with presence and seen marks, and replies that stream in as they are written.',
  },
  {
    title: 'Star mode',
    text: 'A starry night theme for late sessions, one tap away in the top bar and remembered on your device.',
  },
];

/** /about: what Simplified is (static). */
export function AboutPage() {
  const signedIn = useSession((state) => state.user !== null);
  return (
    <DocumentPage title="About Simplified" lead="Your life, simplified.">
      <p>
        Simplified puts an AI assistant, the AI characters you dream up and your conversations with real
        people in one calm place. No feeds, no noise: open it, get the thing done, or just talk.
      </p>
      <div className={styles.features}>
        {FEATURES.map((feature) => (
          <section key={feature.title} className={styles.feature}>
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </section>
        ))}
      </div>
      <section className={styles.section} aria-labelledby="principles">
        <h2 id="principles">How we build it</h2>
        <ul>
          <li>Private by default: your email is never shown to others, and we never sell your data.</li>
          <li>Honest errors: when something fails, you are told what happened and what to do.</li>
          <li>For adults in the United States, and for entertainment: see the terms for the details.</li>
        </ul>
      </section>
      <div className={styles.actions}>
        <ButtonLink to={signedIn ? '/chat/:ai' : '/auth'}>
          {signedIn ? 'Open the messenger' : 'Get started'}
        </ButtonLink>
        <ButtonLink to="/tos" variant="secondary">
          Terms &amp; privacy
        </ButtonLink>
      </div>
    </DocumentPage>
  );
}
