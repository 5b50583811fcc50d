import { useEffect, useId, useState } from 'react';
import { CheckField } from '../../components/ui/check-field.js';
import { InlineMessage } from '../../components/ui/inline-message.js';
import { describeError } from '../../lib/api-client.js';
import { readDevicePush, turnOffDevicePush, turnOnDevicePush, type DevicePushState } from './device-push.js';
import styles from './profile-edit.module.css';

export const DEVICE_PUSH_TEXT: Record<DevicePushState | 'checking', string> = {
  checking: 'Checking this device…',
  on: 'On: this device shows a notification when someone writes to you while no Simplified tab is on screen.',
  off: 'Off: this device shows no notifications.',
  blocked:
    'Blocked by the browser. To allow them, open the site settings (the icon beside the address) and allow notifications for this site, then switch this on.',
  unsupported: 'Not supported in this browser.',
};

/**
 * The profile edit page's "Notifications on this device": the browser asks for permission only when the person
 * switches it on; the state is shown as text, blocked and unsupported included.
 */
export function DeviceNotifications() {
  const headingId = useId();
  const [state, setState] = useState<DevicePushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    readDevicePush().then(
      (read) => live && setState(read),
      (failure: unknown) => {
        if (!live) return;
        setState('off');
        setError(describeError(failure));
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const change = (on: boolean) => {
    setBusy(true);
    setError(null);
    (on ? turnOnDevicePush() : turnOffDevicePush())
      .then(setState, (failure: unknown) => setError(describeError(failure)))
      .finally(() => setBusy(false));
  };

  return (
    <section className={styles.blocked} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Notifications
      </h2>
      <CheckField
        label="Notifications on this device"
        name="deviceNotifications"
        checked={state === 'on'}
        disabled={busy || state === 'checking' || state === 'unsupported'}
        aria-busy={busy}
        hint="A new message, an @mention in a room or a persona’s reply. Muted conversations stay silent."
        onChange={(event) => change(event.target.checked)}
      />
      <p className={styles.sectionHint} aria-live="polite">
        {DEVICE_PUSH_TEXT[state]}
      </p>
      {error ? <InlineMessage kind="error">{error}</InlineMessage> : null}
    </section>
  );
}
