import { useEffect, useState } from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../lib/use-media-query.js';
import styles from './typed-tagline.module.css';

/** Typewriter rhythm: type, rest on the full line, delete faster, breathe, repeat. */
export const TYPING = { typeMs: 85, deleteMs: 40, holdFullMs: 2200, holdEmptyMs: 600 } as const;

/**
 * A looping typed line. Screen readers get the full text once (the animation is aria-hidden), and
 * people who prefer reduced motion see it static.
 */
export function TypedTagline({ text, className }: { text: string; className?: string }) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [shown, setShown] = useState(0);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (reducedMotion) return;
    let delay: number;
    let step: () => void;
    if (!deleting && shown < text.length) {
      delay = TYPING.typeMs;
      step = () => setShown(shown + 1);
    } else if (!deleting) {
      delay = TYPING.holdFullMs;
      step = () => setDeleting(true);
    } else if (shown > 0) {
      delay = TYPING.deleteMs;
      step = () => setShown(shown - 1);
    } else {
      delay = TYPING.holdEmptyMs;
      step = () => setDeleting(false);
    }
    const timer = setTimeout(step, delay);
    return () => clearTimeout(timer);
  }, [shown, deleting, reducedMotion, text.length]);

  const visible = reducedMotion ? text : text.slice(0, shown);
  return (
    <p className={[styles.tagline, className ?? ''].filter(Boolean).join(' ')}>
      <span className="visually-hidden">{text}</span>
      <span aria-hidden="true" data-testid="typed-text">
        {visible}
        {reducedMotion ? null : <span className={styles.caret} />}
      </span>
    </p>
  );
}
