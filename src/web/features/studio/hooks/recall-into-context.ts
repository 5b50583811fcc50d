import type { Action } from '../../../../contracts/actions.js';
import { normalizeText } from '../../../../contracts/normalize-text.js';
import { formatRecall, recall, searchTerms } from '../model/recall.js';
import { useStudio } from '../state/studio-store.js';
import type { Notice } from './notice.js';

/**
 * Recall (SPEC §5, §9): searches every saved item for the term and puts the excerpts in the context
 * box. The selection is dropped, so save cannot overwrite a saved item with search results. What the
 * box held before is not lost: the context panel offers to undo the replacement.
 */
export function recallIntoContext(items: readonly Action[], term: string): Notice {
  if (searchTerms(term).length === 0) {
    return { kind: 'info', text: 'Those words are too common to search for. Try a more specific word.' };
  }
  // Matched and recalled in the spelling people type, also for notes saved before PDF text was normalised.
  const sources = items.map((item) => ({
    id: item._id,
    title: normalizeText(item.title),
    memory: normalizeText(item.memory),
  }));
  const result = recall(sources, term);
  if (result.excerpts.length === 0) {
    return { kind: 'info', text: `Nothing in your saved items mentions “${term}”.` };
  }
  useStudio.getState().replaceContext(formatRecall(result.excerpts, sources), 'the recalled passages');
  const passages = result.excerpts.length === 1 ? '1 passage' : `${result.excerpts.length} passages`;
  const from = result.itemCount === 1 ? '1 saved item' : `${result.itemCount} saved items`;
  const more = result.truncated ? ' (the first ones; narrow the search to see others)' : '';
  return { kind: 'info', text: `Recalled ${passages} from ${from} into the context${more}.` };
}
