import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CHARIOTEER_LIMITS, type Seat } from '../../../../contracts/charioteer.js';
import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { describeError } from '../../../lib/api-client.js';
import { useStartDiscussion } from '../api/use-start-discussion.js';
import { PastDiscussions } from './past-discussions.js';
import { PersonaPicker } from './persona-picker.js';
import { TurnsSelect } from './turns-select.js';
import styles from './charioteer.module.css';

const { personasMin, personasMax, topicMax, turnsPerRunDefault } = CHARIOTEER_LIMITS;

/** /charioteer without a discussion open: seat personas, give a topic, start; or reopen a past one. */
export function SetupView({ username }: { username: string }) {
  const [seats, setSeats] = useState<Seat[]>([]);
  const [topic, setTopic] = useState('');
  const [turns, setTurns] = useState<number>(turnsPerRunDefault);
  const [tried, setTried] = useState(false);
  const start = useStartDiscussion();
  const navigate = useNavigate();
  const topicId = useId();

  const seatsOk = seats.length >= personasMin && seats.length <= personasMax;
  const topicOk = topic.trim() !== '';
  const problem = !seatsOk
    ? `Choose ${personasMin} to ${personasMax} personas first.`
    : !topicOk
      ? 'Give the table a topic first.'
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem || start.isPending) return;
    start.mutate(
      { topic: topic.trim(), personaIds: seats.map((seat) => seat._id), turns },
      { onSuccess: (discussion) => void navigate(`/charioteer?d=${encodeURIComponent(discussion._id)}`) },
    );
  };

  return (
    <div className={styles.setup}>
      <form className={styles.setupForm} onSubmit={submit} noValidate aria-label="New discussion">
        <PersonaPicker username={username} seats={seats} onChange={setSeats} />
        <div className={styles.field}>
          <label htmlFor={topicId} className={styles.label}>
            Topic
          </label>
          <textarea
            dir="auto"
            id={topicId}
            className={styles.textarea}
            rows={3}
            maxLength={topicMax}
            value={topic}
            placeholder="What should they talk about?"
            onChange={(event) => setTopic(event.target.value)}
          />
          <span className={styles.counter} aria-hidden="true">
            {topic.length}/{topicMax}
          </span>
        </div>
        <div className={styles.startRow}>
          <TurnsSelect label="Turns" value={turns} onChange={setTurns} />
          <Button type="submit" busy={start.isPending} aria-disabled={start.isPending || undefined}>
            Start discussion
          </Button>
        </div>
        {tried && problem ? <InlineMessage kind="error">{problem}</InlineMessage> : null}
        {start.isError ? <InlineMessage kind="error">{describeError(start.error)}</InlineMessage> : null}
      </form>
      <PastDiscussions />
    </div>
  );
}
