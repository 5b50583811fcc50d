import { Button, ButtonLink } from '../../../components/ui/button.js';
import { cardExportUrl } from '../../../lib/persona-api.js';
import { AI_EDIT_PANEL_ID, type EditPanelState } from './use-edit-panel.js';
import styles from './persona.module.css';

/** The creator's buttons on a persona's profile: Edit bio (opens the panel at the bio) and Edit AI. */
export function PersonaCreatorActions({ panel }: { panel: EditPanelState }) {
  return (
    <>
      <ButtonLink to="?edit=bio" replace variant="secondary">
        Edit bio
      </ButtonLink>
      <Button
        variant="secondary"
        aria-expanded={panel.open}
        aria-controls={panel.open ? AI_EDIT_PANEL_ID : undefined}
        onClick={panel.toggle}
      >
        Edit AI
      </Button>
    </>
  );
}

/** Download links for the persona as a Character Card (the server answers only its creator). */
export function CardExportLinks({ username }: { username: string }) {
  return (
    <p className={styles.exports}>
      <a href={cardExportUrl(username, 'json')} download={`${username}.json`}>
        Export card (JSON)
      </a>
      <a href={cardExportUrl(username, 'png')} download={`${username}.png`}>
        Export card (PNG)
      </a>
    </p>
  );
}
