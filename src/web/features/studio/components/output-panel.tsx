import { useId, useState } from 'react';
import { CopyIcon } from '../../../components/ui/icons.js';
import { Tooltip } from '../../../components/ui/tooltip.js';
import { shownWebSource, useStudio } from '../state/studio-store.js';
import type { Busy } from '../hooks/use-studio-requests.js';
import type { Notice, ShowNotice } from '../hooks/notice.js';
import { PRESETS } from '../model/studio-presets.js';
import { ContextChip } from './context-chip.js';
import { StudioNotice } from './studio-notice.js';
import { TipIconButton } from './tip-icon-button.js';
import {
  BoltIcon,
  BookmarkIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ContinueIcon,
  EraserIcon,
} from './studio-icons.js';
import { WebResult } from './web-result.js';
import layoutStyles from '../../../components/ui/layout.module.css';
import styles from './output-panel.module.css';

interface OutputPanelProps {
  busy: Busy | null;
  notice: Notice | null;
  notify: ShowNotice;
  /** Label of the memory button's action: a new note, or the selected item's title. */
  memoryTarget: string | null;
  savePending: boolean;
  onMemory: () => void;
  onMore: () => void;
  onFast: () => void;
  onClearChat: () => void;
}

type ToolButtonProps = {
  label: string;
  tooltip: string;
  kind?: 'main' | 'secondary';
  icon: React.ReactNode;
  children?: React.ReactNode;
} & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'children'>;

function ToolButton({ label, tooltip, kind = 'main', icon, children, ...rest }: ToolButtonProps) {
  return (
    <Tooltip label={tooltip} kind={kind} placement="top">
      <button type="button" className={styles.tool} {...rest}>
        {icon}
        <span>{label}</span>
        {/* Keeps an added count a word apart from the label, so the visible "clear 2" is in the name. */}
        {children ? ' ' : null}
        {children}
      </button>
    </Tooltip>
  );
}

/** A tool that runs an AI preset: its word and its tooltip are the preset's own, as in the shortcuts. */
function PresetToolButton({
  preset,
  ...rest
}: { preset: 'more' | 'fast' } & Omit<ToolButtonProps, 'label' | 'tooltip'>) {
  return <ToolButton label={PRESETS[preset].label} tooltip={PRESETS[preset].hint} {...rest} />;
}

/** The output box with its history steps, its buttons and the loading state (SPEC §2 Studio). */
export function OutputPanel(props: OutputPanelProps) {
  const { busy, notice, notify, memoryTarget, savePending } = props;
  const id = useId();
  const output = useStudio((state) => state.output);
  const history = useStudio((state) => state.history);
  const index = useStudio((state) => state.historyIndex);
  const web = useStudio((state) => (busy ? null : shownWebSource(state)));
  const editOutput = useStudio((state) => state.editOutput);
  const stepHistory = useStudio((state) => state.stepHistory);
  const [copied, setCopied] = useState(false);
  const replies = history.length;

  const copy = async () => {
    if (!output) return;
    try {
      await navigator.clipboard.writeText(output);
      notify(null);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      notify({
        kind: 'error',
        text: 'Copying is blocked in this browser. Select the text and copy it instead.',
      });
    }
  };

  return (
    <section className={`${layoutStyles.card} ${layoutStyles.panel}`} aria-labelledby={`${id}-label`}>
      <div className={styles.header}>
        <label id={`${id}-label`} htmlFor={`${id}-output`} className={styles.label}>
          Output
        </label>
        <div className={styles.history} role="group" aria-label="Output history">
          <TipIconButton
            label="Previous output"
            className={styles.step}
            disabled={busy !== null || index <= 0}
            onClick={() => {
              notify(null);
              stepHistory(-1);
            }}
          >
            <ChevronLeftIcon />
          </TipIconButton>
          <span className={styles.position} aria-live="polite">
            {replies === 0 ? '0 / 0' : `${index + 1} / ${replies}`}
          </span>
          <TipIconButton
            label="Next output"
            className={styles.step}
            disabled={busy !== null || index >= replies - 1}
            onClick={() => {
              notify(null);
              stepHistory(1);
            }}
          >
            <ChevronRightIcon />
          </TipIconButton>
        </div>
        <ContextChip />
      </div>

      <div className={styles.boxWrap}>
        {busy ? <div className={styles.progress} aria-hidden="true" /> : null}
        <textarea
          dir="auto"
          id={`${id}-output`}
          className={styles.output}
          value={output}
          readOnly={busy !== null}
          aria-busy={busy !== null}
          placeholder="Answers appear here. Ask anything above, or open Pro/Max for shortcuts and context."
          spellCheck={false}
          onChange={(event) => editOutput(event.target.value)}
        />
      </div>

      <p className={styles.loading} role="status">
        {busy ? (
          <>
            <span className={styles.dots} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {busy.streaming ? `Writing (${busy.label})…` : `Thinking (${busy.label})…`}
          </>
        ) : copied ? (
          'Copied to the clipboard.'
        ) : null}
      </p>

      <StudioNotice notice={notice} />
      {web ? <WebResult web={web} /> : null}

      <div className={styles.tools}>
        <ToolButton
          label="memory"
          aria-label={memoryTarget ? `Update memory: ${memoryTarget}` : 'Save output to memory'}
          tooltip={memoryTarget ? `Update “${memoryTarget}” with the output` : 'Save the output as a note'}
          icon={<BookmarkIcon />}
          disabled={savePending}
          onClick={props.onMemory}
        />
        <ToolButton
          label="copy"
          aria-label="Copy output"
          tooltip="Copy the output"
          icon={<CopyIcon size={18} />}
          onClick={() => void copy()}
        />
        <PresetToolButton
          preset="more"
          aria-label="More: continue the answer"
          icon={<ContinueIcon />}
          onClick={props.onMore}
        />
        <PresetToolButton
          preset="fast"
          aria-label="Fast: a short quick answer"
          icon={<BoltIcon />}
          onClick={props.onFast}
        />
        <ToolButton
          label="clear"
          aria-label={`Clear ${replies} stored ${replies === 1 ? 'reply' : 'replies'}`}
          tooltip="Clear the input, output and conversation"
          icon={<EraserIcon />}
          onClick={props.onClearChat}
        >
          <span className={styles.count} data-count={replies} aria-hidden="true" />
        </ToolButton>
      </div>
    </section>
  );
}
