/**
 * A problem only the operator can fix, laid out for a person reading the console: the problem, then one step
 * per line. The structured log gets the same facts; this is the version people actually read at `npm start`.
 */
export function formatOperatorNotice(problem: string, steps: string[]): string {
  const lines = [
    '',
    `!! ${problem}`,
    ...(steps.length > 0 ? ['   To fix it:'] : []),
    ...steps.map((step) => `   - ${step}`),
    '',
  ];
  return `${lines.join('\n')}\n`;
}
