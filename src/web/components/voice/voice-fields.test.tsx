import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_VOICE, filterVoiceName, type VoiceSettings } from '../../../contracts/voices.js';
import { must } from '../../test/must.js';
import { installFakeSpeech, removeSpeech } from '../../test/speech.js';
import { DEFAULT_VOICE_LABEL, NO_SPEECH_NOTE, PREVIEW_SAMPLE, VoiceFields } from './voice-fields.js';

const VOICES = [
  { name: 'Alice', lang: 'en-GB' },
  { name: 'Bruno', lang: 'it-IT' },
];

function Harness({ initial = DEFAULT_VOICE }: { initial?: VoiceSettings }) {
  const [voice, setVoice] = useState(initial);
  return (
    <VoiceFields legend="Read-aloud voice" hint="Everyone hears it." value={voice} onChange={setVoice} />
  );
}

const select = () => screen.getByRole('combobox', { name: 'Voice' });
const slider = (name: 'Rate' | 'Pitch') => screen.getByRole('slider', { name });
const preview = () => screen.getByRole('button', { name: 'Preview voice' });

describe('voice fields', () => {
  it('are a described group of labelled controls: voice (browser default first), rate and pitch', () => {
    const { synth } = installFakeSpeech();
    synth.voices = VOICES;
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Read-aloud voice' })).toHaveAccessibleDescription(
      'Everyone hears it.',
    );
    expect(select()).toHaveValue('');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      DEFAULT_VOICE_LABEL,
      'Alice (en-GB)',
      'Bruno (it-IT)',
    ]);
    expect(slider('Rate')).toHaveValue('1');
    expect(slider('Rate')).toHaveAttribute('min', '0.5');
    expect(slider('Rate')).toHaveAttribute('max', '2');
    expect(slider('Pitch')).toHaveValue('0.8');
    expect(slider('Pitch')).toHaveAttribute('min', '0');
    expect(slider('Pitch')).toHaveAttribute('max', '2');
    expect(slider('Pitch')).toHaveAttribute('aria-valuetext', '0.8');
  });

  it('list voices the browser loads later (voiceschanged)', () => {
    const { synth } = installFakeSpeech();
    synth.voices = [];
    render(<Harness />);
    expect(screen.getAllByRole('option')).toHaveLength(1);
    act(() => synth.setVoices(VOICES));
    expect(screen.getByRole('option', { name: 'Bruno (it-IT)' })).toBeInTheDocument();
  });

  it('keep a voice this browser lacks, saying so, rather than replace it unseen', () => {
    installFakeSpeech();
    render(<Harness initial={{ name: 'Zarvox', rate: 1, pitch: 1 }} />);
    expect(select()).toHaveValue('Zarvox');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent(/Zarvox \(not in this browser/);
  });

  it('pick a browser voice whose name holds characters voice names may not keep by its stored (filtered) name', async () => {
    const { synth, spoken } = installFakeSpeech();
    synth.voices = [{ name: 'en-us#female/2', lang: 'en-US' }];
    const picked: VoiceSettings[] = [];
    render(
      <VoiceFields
        legend="Read-aloud voice"
        hint="Everyone hears it."
        value={{ name: filterVoiceName('en-us#female/2'), rate: 1, pitch: 1 }}
        onChange={(next) => picked.push(next)}
      />,
    );
    // The stored name is the filtered one: this browser has that voice, so it is selected, not "missing".
    expect(select()).toHaveValue('en-usfemale2');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('en-us#female/2 (en-US)');
    expect(screen.queryByText(/not in this browser/)).toBeNull();
    await userEvent.click(preview());
    expect(spoken[0]).toMatchObject({ voice: 'en-us#female/2', lang: 'en-US' });
    await userEvent.selectOptions(select(), DEFAULT_VOICE_LABEL);
    await userEvent.selectOptions(select(), 'en-us#female/2 (en-US)');
    expect(picked.at(-1)?.name).toBe('en-usfemale2');
  });

  it('preview speaks a sample in the chosen voice, rate and pitch, and can be stopped', async () => {
    const { spoken, synth } = installFakeSpeech();
    synth.voices = VOICES;
    const user = userEvent.setup();
    render(<Harness />);
    await user.selectOptions(select(), 'Bruno');
    fireEvent.change(slider('Rate'), { target: { value: '1.5' } });
    fireEvent.change(slider('Pitch'), { target: { value: '0.25' } });
    await user.click(preview());
    expect(spoken).toHaveLength(1);
    expect(spoken[0]).toMatchObject({
      text: PREVIEW_SAMPLE,
      voice: 'Bruno',
      lang: 'it-IT',
      rate: 1.5,
      pitch: 0.25,
    });
    await user.click(screen.getByRole('button', { name: 'Stop preview' }));
    expect(synth.cancel).toHaveBeenCalled();
    expect(preview()).toBeEnabled();
  });

  it('while a preview plays, says it again with changed settings once they settle for 500 ms', async () => {
    const { spoken } = installFakeSpeech();
    render(<Harness />);
    await userEvent.click(preview());
    act(() => must(spoken[0]).utterance.fire('start'));
    vi.useFakeTimers();
    fireEvent.change(slider('Pitch'), { target: { value: '1.2' } });
    act(() => void vi.advanceTimersByTime(300));
    fireEvent.change(slider('Pitch'), { target: { value: '1.4' } });
    act(() => void vi.advanceTimersByTime(450));
    expect(spoken).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(50));
    expect(spoken).toHaveLength(2);
    expect(spoken[1]).toMatchObject({ text: PREVIEW_SAMPLE, pitch: 1.4 });

    // Once the sample has ended, a change is silent until the next press.
    act(() => must(spoken[1]).utterance.fire('end'));
    fireEvent.change(slider('Rate'), { target: { value: '2' } });
    act(() => void vi.advanceTimersByTime(1000));
    expect(spoken).toHaveLength(2);
  });

  it('cannot preview in a browser without speech, and say why', () => {
    removeSpeech();
    render(<Harness />);
    expect(preview()).toBeDisabled();
    expect(preview()).toHaveAccessibleDescription(NO_SPEECH_NOTE);
  });
});
