import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { IconButton } from '../../../components/ui/button.js';
import { SendIcon, StopIcon } from '../../../components/ui/icons.js';
import { Tooltip } from '../../../components/ui/tooltip.js';
import { useStudio } from '../state/studio-store.js';
import type { Busy } from '../hooks/use-studio-requests.js';
import { ASK_INPUT_MAX, askCounterText, askLength } from '../model/ask-limit.js';
import { SparkIcon } from './studio-icons.js';
import styles from './ask-bar.module.css';

/** SPEC §5: this word, in any case, resets instead of asking. */
export const CLEAR_WORD = 'clear';

interface AskBarProps {
  busy: Busy | null;
  onAsk: () => void;
  onClear: () => void;
  onStop: () => void;
}

/** The Ask AI line: Enter asks; "clear" starts over; an empty line does nothing. */
export function AskBar({ busy, onAsk, onClear, onStop }: AskBarProps) {
  const id = useId();
  const input = useStudio((state) => state.input);
  const setInput = useStudio((state) => state.setInput);
  const length = askLength(input);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = useStudio.getState().input.trim();
    if (text.toLowerCase() === CLEAR_WORD) onClear();
    else if (text) onAsk();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter in an IME composition picks a candidate; it must not ask.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <div className={styles.wrap}>
      <form className={styles.bar} onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          Ask AI
        </label>
        <SparkIcon className={styles.leading} size={20} />
        <input
          dir="auto"
          id={id}
          className={styles.input}
          type="text"
          value={input}
          placeholder="Ask AI anything…"
          autoComplete="off"
          enterKeyHint="send"
          aria-describedby={`${id}-counter ${id}-hint`}
          aria-invalid={length === 'over' || undefined}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <span id={`${id}-hint`} className="visually-hidden">
          Press Enter to ask, up to {ASK_INPUT_MAX.toLocaleString('en-US')} characters. Type clear to reset
          the input, the output and the conversation.
        </span>
        {busy ? (
          // Keys keep the two buttons apart: reusing one element would turn the Stop click into a submit.
          <Tooltip key="stop" label="Stop the answer" kind="main">
            <IconButton aria-label="Stop" variant="solid" className={styles.stop} onClick={onStop}>
              <StopIcon size={18} />
            </IconButton>
          </Tooltip>
        ) : (
          <Tooltip key="ask" label="Ask the AI (Enter)" kind="main">
            <IconButton aria-label="Ask" variant="solid" type="submit">
              <SendIcon size={18} />
            </IconButton>
          </Tooltip>
        )}
      </form>
      {/* Not a live region: reading the count at every keystroke would drown out the typing. */}
      <p id={`${id}-counter`} className={styles.counter} data-state={length}>
        {askCounterText(input)}
      </p>
    </div>
  );
}
