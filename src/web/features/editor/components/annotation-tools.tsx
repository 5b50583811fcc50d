import { useEffect, useState, type RefObject } from 'react';
import { checkStampFile, STAMP_ACCEPT } from '../lib/stamp-types.js';
import type { ViewerController } from '../pdf/viewer-controller.js';
import type { EditorTool, StyledTool, ToolStyle } from '../pdf/viewer-status.js';
import { AnnotationStyle, DEFAULT_STYLES } from './annotation-style.js';
import styles from './editor-page.module.css';
import type { Notice } from './editor-types.js';

const TOOLS: { tool: EditorTool; label: string; hint: string }[] = [
  { tool: 'none', label: 'Select', hint: 'Select text and move around' },
  { tool: 'highlight', label: 'Highlight', hint: 'Select text to highlight it' },
  { tool: 'freetext', label: 'Text', hint: 'Click on a page to type a text box' },
  { tool: 'ink', label: 'Draw', hint: 'Draw with the pointer' },
  { tool: 'stamp', label: 'Stamp', hint: 'Add an image' },
];

interface AnnotationToolsProps {
  controllerRef: RefObject<ViewerController | null>;
  /** Shared with the viewer controller, which opens the picker when pdf.js asks for a stamp. */
  stampInputRef: RefObject<HTMLInputElement | null>;
  activeTool: EditorTool;
  hasDocument: boolean;
  setNotice: (notice: Notice) => void;
}

function isStyled(tool: EditorTool): tool is StyledTool {
  return tool === 'highlight' || tool === 'freetext' || tool === 'ink';
}

/** The annotation tool buttons, the chosen tool's colour and size, and the Stamp tool's image picker. */
export function AnnotationTools({
  controllerRef,
  stampInputRef,
  activeTool,
  hasDocument,
  setNotice,
}: AnnotationToolsProps) {
  const [toolStyles, setToolStyles] = useState(DEFAULT_STYLES);
  // The viewer applies each tool's style when the tool is chosen; it is told every style up front.
  useEffect(() => {
    const controller = controllerRef.current;
    if (!controller) return;
    for (const tool of Object.keys(toolStyles) as StyledTool[]) controller.setStyle(tool, toolStyles[tool]);
  }, [controllerRef, toolStyles, hasDocument]);

  const changeStyle = (tool: StyledTool, style: ToolStyle) =>
    setToolStyles((current) => ({ ...current, [tool]: style }));

  const chooseTool = (tool: EditorTool) => {
    setNotice(null);
    // Stamp starts by picking an image, which is checked here; adding it then switches to the stamp tool.
    if (tool === 'stamp') {
      stampInputRef.current?.click();
      return;
    }
    void controllerRef.current?.setTool(tool);
  };

  const onStampPicked = async (file: File | undefined) => {
    if (!file) return;
    const refusal = checkStampFile(file);
    if (refusal) {
      setNotice({ kind: 'error', text: refusal });
      return;
    }
    setNotice(null);
    await controllerRef.current?.addStamp(file);
  };

  return (
    <>
      <div className={styles.group}>
        {TOOLS.map(({ tool, label, hint }) => (
          <button
            key={tool}
            type="button"
            className={styles.textTool}
            aria-pressed={activeTool === tool}
            title={hint}
            disabled={!hasDocument}
            onClick={() => chooseTool(tool)}
          >
            {label}
          </button>
        ))}
        <input
          ref={stampInputRef}
          type="file"
          accept={STAMP_ACCEPT}
          className="visually-hidden"
          aria-label="Stamp image"
          tabIndex={-1}
          onChange={(event) => {
            void onStampPicked(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {isStyled(activeTool) ? (
        <AnnotationStyle
          tool={activeTool}
          style={toolStyles[activeTool]}
          onChange={(style) => changeStyle(activeTool, style)}
        />
      ) : null}
    </>
  );
}
