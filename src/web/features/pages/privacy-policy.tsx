import { USERNAME_HOLD_DAYS } from '../../../contracts/my-data.js';
import { ContactEmail } from './contact-email.js';
import styles from './pages.module.css';

/** The privacy policy section of /tos: what is stored, why, and how to have it deleted. */
export function PrivacyPolicy() {
  return (
    <section className={styles.section} aria-labelledby="privacy">
      <h2 id="privacy">Privacy policy</h2>
      <h3>What we store</h3>
      <ul>
        <li>
          <strong>Account data:</strong> your name, username, email address, bio and profile picture.
        </li>
        <li>
          <strong>What you create:</strong> your messages and conversations, the AI personas you make, and the
          notes, prompts and context you save in the studio.
        </li>
        <li>
          <strong>Your password, only as a hash:</strong> we hash it with argon2id and never store or log it
          in plain text. Nobody, us included, can read it back.
        </li>
        <li>
          <strong>Session cookie:</strong> signing in sets an httpOnly cookie holding a random session token;
          the server keeps only a hash of that token, so a copy of our database cannot be used to sign in as
          you. Logging out ends the session.
        </li>
        <li>
          <strong>In your browser:</strong> your own profile (so you stay signed in across reloads) and your
          theme choice, kept in local storage on your device. Logging out removes the profile.
        </li>
        <li>
          <strong>Notification devices:</strong> if you switch notifications on for a device, its push address
          and keys from your browser. A notification (the sender&apos;s name and the start of the message)
          passes through your browser maker&apos;s push service encrypted for your device only, so that
          service cannot read it. Switching notifications off removes the device.
        </li>
      </ul>
      <h3>How we use it</h3>
      <p>
        Only to run Simplified: to show your profile, deliver your messages, and generate replies from AI
        personas. Messages you send to an AI persona are processed by the AI engine this service runs on to
        write the reply. Technical logs record events such as errors, never your passwords or message text.
      </p>
      <h3>Who sees it</h3>
      <p>
        Other members see your public profile: name, username, bio and picture, never your email address. A
        persona&apos;s prompt and memory are visible only to its creator. We do not sell your data, and we do
        not share it with advertisers or data brokers.
      </p>
      <h3>Taking your data with you</h3>
      <p>
        On your profile edit page, <strong>Download my data</strong> gives you one zip file with everything
        you own or wrote: your profile, your conversations and every message in them, your personas with their
        prompts and memory, your saved notes and prompts, what personas remember of you, your Charioteer
        discussions, the people you blocked, the reports you filed, the devices you turned notifications on
        for, and your pictures. The files are JSON, with a README that says what each holds.
      </p>
      <h3>Keeping and deleting</h3>
      <p>
        We keep your data while your account exists. <strong>Delete my account</strong>, on the same page,
        asks for your password and then, at once, signs you out everywhere and removes your profile, your
        personas, your saved notes and prompts, what personas remember of you, your conversations with
        personas, your Charioteer discussions and your pictures. Messages you already sent to other people
        stay in their conversations, shown as from &ldquo;deleted account&rdquo;. Your username stays reserved
        for {USERNAME_HOLD_DAYS} days so nobody can pass for you, then anyone may choose it. Reports about
        your account and the moderators&apos; record of their actions are kept, so abuse cannot be erased with
        the account. You can also write to <ContactEmail /> to have your account deleted.
      </p>
    </section>
  );
}
