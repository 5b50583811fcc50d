import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WIDE_SCREEN_QUERY, useMediaQuery } from '../../lib/use-media-query.js';
import { TypedTagline } from './typed-tagline.js';
import styles from './auth-layout.module.css';

export const TAGLINE = 'Your life, simplified.';

/**
 * The frame of the login and signup screens: a hero with the looping tagline beside (or above) the
 * form on wide screens, and a compact single column under 500 px where the tagline is left out.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  return (
    <div className={styles.screen}>
      <div className={styles.columns}>
        <section className={styles.hero} aria-label="Simplified">
          <p className={styles.brand}>
            <span className={styles.mark} aria-hidden="true">
              S
            </span>
            Simplified
          </p>
          {wide ? <TypedTagline text={TAGLINE} /> : null}
          <p className={styles.pitch}>
            Your AI studio, AI personas you create, and real-time messages: one calm place.
          </p>
        </section>
        <section className={styles.panel}>{children}</section>
      </div>
      <footer className={styles.footer}>
        <Link to="/tos">Terms &amp; privacy</Link>
        <span aria-hidden="true">·</span>
        <Link to="/about">About</Link>
      </footer>
    </div>
  );
}
