import { ContactEmail } from './contact-email.js';
import { DocumentPage } from './document-page.js';
import { PrivacyPolicy } from './privacy-policy.js';
import { QUOTES } from './quotes.js';
import styles from './pages.module.css';

/** /tos: terms of service, privacy policy and a few quotes (SPEC §1, §2). */
export function TosPage() {
  return (
    <DocumentPage title="Terms & privacy" lead="The short, plain-language rules for using Simplified.">
      <section className={styles.section} aria-labelledby="terms">
        <h2 id="terms">Terms of service</h2>
        <h3>Entertainment only</h3>
        <p>
          Simplified is provided for entertainment only. AI personas are fictional characters and their
          replies are generated automatically: they can be wrong, and they are never medical, legal, financial
          or other professional advice.
        </p>
        <h3>Who may use Simplified</h3>
        <ul>
          <li>You must be an adult, 18 years of age or older.</li>
          <li>Simplified is offered to residents of the United States only.</li>
          <li>
            Simplified is not offered to residents of the European Union (EU); do not use it if you live
            there.
          </li>
        </ul>
        <h3>Your account and your content</h3>
        <p>
          Keep your password to yourself; you are responsible for what happens under your account. What you
          write stays yours. You allow us to store it and show it to the people you share it with, only so the
          service can work. Do not use Simplified to break the law, harass or impersonate anyone, send spam,
          or probe its security. We may freeze accounts that do.
        </p>
        <h3>No warranty</h3>
        <p>
          The service is provided as is, without warranties of any kind, and may change or pause at any time.
          To the extent the law allows, we are not liable for indirect or consequential losses arising from
          its use.
        </p>
        <h3>Contact</h3>
        <p>
          Questions about these terms: <ContactEmail />.
        </p>
      </section>

      <PrivacyPolicy />

      <section className={styles.section} aria-labelledby="quotes">
        <h2 id="quotes">Quotes we like</h2>
        <ul className={styles.quotes}>
          {QUOTES.map((quote) => (
            <li key={quote.text}>
              <figure className={styles.quote}>
                <blockquote>“{quote.text}”</blockquote>
                <figcaption>— {quote.author}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </DocumentPage>
  );
}
