/** The editing tools the toolbar offers (pdf.js's AnnotationEditorType values). */
export type EditorTool = 'none' | 'highlight' | 'freetext' | 'ink' | 'stamp';

/** The tools whose colour and size can be chosen. */
export type StyledTool = 'highlight' | 'freetext' | 'ink';

/** A styled tool's colour (#rrggbb) and size: thickness for strokes, font size for text. */
export interface ToolStyle {
  color: string;
  size: number;
}

export interface ViewerStatus {
  page: number;
  pages: number;
  /** The zoom as a percentage. */
  zoom: number;
  tool: EditorTool;
  /** The search's current match and total, null before a search. */
  matches: { current: number; total: number } | null;
  searchState: 'idle' | 'found' | 'not-found' | 'pending';
}

export const INITIAL_STATUS: ViewerStatus = {
  page: 0,
  pages: 0,
  zoom: 100,
  tool: 'none',
  matches: null,
  searchState: 'idle',
};
