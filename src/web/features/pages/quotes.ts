/** Quotes shown on the terms page: short, well known, and attributed to their authors. */
export const QUOTES: ReadonlyArray<{ text: string; author: string }> = [
  { text: 'Our life is frittered away by detail. Simplify, simplify.', author: 'Henry David Thoreau' },
  { text: 'The journey of a thousand miles begins with a single step.', author: 'Lao Tzu' },
  { text: 'The unexamined life is not worth living.', author: 'Socrates' },
  { text: 'Well done is better than well said.', author: 'Benjamin Franklin' },
  { text: 'The only thing we have to fear is fear itself.', author: 'Franklin D. Roosevelt' },
  { text: 'I think, therefore I am.', author: 'René Descartes' },
  { text: 'That’s one small step for a man, one giant leap for mankind.', author: 'Neil Armstrong' },
  { text: 'Nothing in life is to be feared, it is only to be understood.', author: 'Marie Curie' },
];
