import { useId, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHARIOTEER_LIMITS, type Discussion } from '../../../../contracts/charioteer.js';
import type { SelfUser } from '../../../../contracts/users.js';
import { Button, ButtonLink } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { describeError } from '../../../lib/api-client.js';
import { useOneTimeParam } from '../../../lib/use-one-time-param.js';
import { useControlDiscussion } from '../api/use-control-discussion.js';
import { useDiscussion } from '../api/use-discussion.js';
import { useExportDiscussion } from '../api/use-export-discussion.js';
import { useInterject } from '../api/use-interject.js';
import { usePickSpeaker } from '../api/use-pick-speaker.js';
import { useLiveTurn } from '../hooks/use-charioteer-events.js';
import { Seats } from './seats.js';
import { StatusBadge } from './status-badge.js';
import { Transcript } from './transcript.js';
import { TurnsSelect } from './turns-select.js';
import styles from './charioteer.module.css';
import { PageTitle } from '../../../components/ui/page-title.js';

function turnsLeftText({ turnsLeft }: Discussion): string {
  return `${turnsLeft} ${turnsLeft === 1 ? 'turn' : 'turns'} left`;
}

function JoinIn({ discussionId }: { discussionId: string }) {
  const [text, setText] = useState('');
  const interject = useInterject(discussionId);
  const id = useId();
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '' || interject.isPending) return;
    interject.mutate(trimmed, { onSuccess: () => setText('') });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };
  return (
    <form className={styles.joinIn} onSubmit={send}>
      <label htmlFor={id} className={styles.label}>
        Join in
      </label>
      <div className={styles.joinRow}>
        <textarea
          dir="auto"
          id={id}
          className={styles.textarea}
          rows={2}
          maxLength={CHARIOTEER_LIMITS.interjectionMax}
          value={text}
          placeholder="Say something to the table…"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" busy={interject.isPending} disabled={text.trim() === ''}>
          Send
        </Button>
      </div>
      {interject.isError ? (
        <InlineMessage kind="error">{describeError(interject.error)}</InlineMessage>
      ) : null}
    </form>
  );
}

function Table({ discussionId, me }: { discussionId: string; me: SelfUser }) {
  const query = useDiscussion(discussionId);
  const live = useLiveTurn(discussionId);
  const control = useControlDiscussion(discussionId);
  const pick = usePickSpeaker(discussionId);
  const exporter = useExportDiscussion(discussionId);
  const [moreTurns, setMoreTurns] = useState<number>(CHARIOTEER_LIMITS.turnsPerRunDefault);
  // &turn=<id>: a search result opened here. Forgotten once shown, so Back and reloads do not jump again.
  const [jumpToId, forgetJump] = useOneTimeParam('turn');
  const jumpTo = useMemo(() => ({ turnId: jumpToId, onShown: forgetJump }), [jumpToId, forgetJump]);

  if (query.isPending) {
    return (
      <p role="status" className={styles.muted}>
        Loading the discussion...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.tableView}>
        <InlineMessage kind="error">{describeError(query.error)}</InlineMessage>
        <ButtonLink to="/charioteer" variant="secondary">
          Back to Charioteer
        </ButtonLink>
      </div>
    );
  }

  const { discussion, turns } = query.data;
  const { status } = discussion;
  const running = status === 'running';
  const busy = control.isPending;
  const speakingId = live?.speakerId ?? null;
  const nextSeat = discussion.seats.find((seat) => seat._id === discussion.nextSpeakerId);
  const actionError = control.error ?? pick.error;

  return (
    <div className={styles.tableView}>
      <PageTitle>{`${discussion.topic} · Charioteer · Simplified`}</PageTitle>
      <div className={styles.tableHeader}>
        <ButtonLink to="/charioteer" variant="ghost" className={styles.back}>
          ← New discussion
        </ButtonLink>
        <h1 className={styles.topic}>{discussion.topic}</h1>
        <p role="status" className={styles.statusLine} data-testid="discussion-status">
          <StatusBadge status={status} />
          <span>{turnsLeftText(discussion)}</span>
        </p>
        {status === 'failed' ? (
          <InlineMessage kind="error">
            {discussion.error || 'The discussion stopped because of an error.'}
          </InlineMessage>
        ) : null}
      </div>

      <div className={styles.tableLayout}>
        <section className={styles.tablePanel} aria-label="Table">
          <Seats
            seats={discussion.seats}
            speakingId={speakingId}
            nextSpeakerId={discussion.nextSpeakerId}
            canPick={!pick.isPending}
            onPick={(seat) => pick.mutate(seat._id)}
          />
          <p className={styles.nextLine}>
            Next speaker: <strong>{nextSeat ? `@${nextSeat.username}` : 'in seat order'}</strong>
            <span className={styles.muted}> · click a seat to choose</span>
          </p>
          <div className={styles.controls} role="group" aria-label="Discussion controls">
            <Button
              variant="secondary"
              disabled={!running || busy}
              onClick={() => control.mutate({ action: 'pause' })}
            >
              Pause
            </Button>
            <Button
              variant="secondary"
              disabled={!(running || status === 'paused') || busy}
              onClick={() => control.mutate({ action: 'stop' })}
            >
              Stop
            </Button>
            <span className={styles.resumeGroup}>
              <TurnsSelect label="More turns" value={moreTurns} onChange={setMoreTurns} compact />
              <Button
                disabled={running || busy}
                onClick={() => control.mutate({ action: 'resume', turns: moreTurns })}
              >
                Resume
              </Button>
            </span>
          </div>
          <div className={styles.exportRow}>
            <Button
              variant="secondary"
              busy={exporter.isPending}
              disabled={turns.length === 0 || exporter.isPending}
              onClick={() => exporter.mutate()}
            >
              Export as note
            </Button>
          </div>
          {exporter.isSuccess ? (
            <InlineMessage kind="success">Saved as a note: “{exporter.data.title}”.</InlineMessage>
          ) : null}
          {exporter.isError ? (
            <InlineMessage kind="error">{describeError(exporter.error)}</InlineMessage>
          ) : null}
          {actionError ? <InlineMessage kind="error">{describeError(actionError)}</InlineMessage> : null}
        </section>

        <section className={styles.transcriptPanel} aria-label="Discussion">
          <Transcript turns={turns} seats={discussion.seats} me={me} live={live} jumpTo={jumpTo} />
          <JoinIn discussionId={discussionId} />
        </section>
      </div>
    </div>
  );
}

/** /charioteer?d=:id: the personas around the table, the transcript and the controls. */
export function TableView({ discussionId, me }: { discussionId: string; me: SelfUser }) {
  return <Table key={discussionId} discussionId={discussionId} me={me} />;
}
