import { useId } from 'react';
import type { StyledTool, ToolStyle } from '../pdf/viewer-status.js';
import styles from './editor-page.module.css';

/** What pdf.js starts with, and the sizes that stay readable on a page. */
export const DEFAULT_STYLES: Record<StyledTool, ToolStyle> = {
  highlight: { color: '#ffff98', size: 12 },
  ink: { color: '#000000', size: 2 },
  freetext: { color: '#000000', size: 10 },
};

const SIZES: Record<StyledTool, { label: string; min: number; max: number }> = {
  highlight: { label: 'Thickness', min: 8, max: 24 },
  ink: { label: 'Thickness', min: 1, max: 20 },
  freetext: { label: 'Font size', min: 5, max: 72 },
};

interface AnnotationStyleProps {
  tool: StyledTool;
  style: ToolStyle;
  onChange: (style: ToolStyle) => void;
}

/** Colour and size for the chosen tool's new annotations (and for a selected one of its kind). */
export function AnnotationStyle({ tool, style, onChange }: AnnotationStyleProps) {
  const id = useId();
  const size = SIZES[tool];
  return (
    <div className={styles.group} role="group" aria-label="Annotation style">
      <label className={styles.styleField} htmlFor={`${id}-color`}>
        Colour
        <input
          id={`${id}-color`}
          className={styles.colorInput}
          type="color"
          value={style.color}
          onChange={(event) => onChange({ ...style, color: event.target.value })}
        />
      </label>
      <span className={styles.styleField}>
        <label htmlFor={`${id}-size`}>{size.label}</label>
        <input
          id={`${id}-size`}
          type="range"
          min={size.min}
          max={size.max}
          value={style.size}
          onChange={(event) => onChange({ ...style, size: Number(event.target.value) })}
        />
        <output htmlFor={`${id}-size`} className={styles.muted}>
          {style.size}
        </output>
      </span>
    </div>
  );
}
