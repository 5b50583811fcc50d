import type { Action } from '../../../../contracts/actions.js';
import { PRESETS, STUDIO_SHORTCUTS, type StudioShortcut } from '../model/studio-presets.js';
import { Tooltip } from '../../../components/ui/tooltip.js';
import type { StudioRequest } from '../hooks/use-studio-requests.js';
import { PinIcon } from './studio-icons.js';
import layoutStyles from '../../../components/ui/layout.module.css';
import styles from './side-panel.module.css';

const LOOKUP_HINTS: Record<'recall' | 'web', string> = {
  recall: 'Search your saved items for the Ask AI words',
  web: 'Look the Ask AI phrase up on the web',
};

function hint(shortcut: StudioShortcut): string {
  return shortcut === 'recall' || shortcut === 'web' ? LOOKUP_HINTS[shortcut] : PRESETS[shortcut].hint;
}

function request(shortcut: StudioShortcut): StudioRequest {
  if (shortcut === 'recall' || shortcut === 'web') return { kind: shortcut };
  return { kind: 'preset', id: shortcut };
}

/** The Pro/Max shortcuts (SPEC §2) and the user's pinned prompts as one-click buttons. */
export function ShortcutGrid({
  pinned,
  disabled,
  onRun,
}: {
  pinned: readonly Action[];
  disabled: boolean;
  onRun: (request: StudioRequest) => void;
}) {
  return (
    <section className={`${layoutStyles.card} ${layoutStyles.panel}`} aria-labelledby="studio-shortcuts">
      <h2 id="studio-shortcuts" className={styles.heading}>
        Shortcuts
      </h2>
      <p className={layoutStyles.note}>
        They work on what you typed in Ask AI, your last answer, or the context.
      </p>
      <div className={styles.shortcuts}>
        {STUDIO_SHORTCUTS.map((shortcut) => (
          <Tooltip key={shortcut} label={hint(shortcut)} kind="secondary" placement="top">
            <button
              type="button"
              className={styles.shortcut}
              aria-disabled={disabled || undefined}
              onClick={() => onRun(request(shortcut))}
            >
              {shortcut}
            </button>
          </Tooltip>
        ))}
      </div>
      {pinned.length > 0 ? (
        <>
          <h3 className={styles.subheading}>Pinned prompts</h3>
          <div className={styles.pinned}>
            {pinned.map((action) => (
              <Tooltip key={action._id} label="Run this saved prompt" kind="secondary" placement="top">
                <button
                  type="button"
                  className={`${styles.shortcut} ${styles.pinnedButton}`}
                  aria-label={`Run saved prompt: ${action.title}`}
                  aria-disabled={disabled || undefined}
                  onClick={() => onRun({ kind: 'prompt', action })}
                >
                  <PinIcon size={14} />
                  <span className={styles.pinnedTitle}>{action.title || 'Untitled prompt'}</span>
                </button>
              </Tooltip>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
