// The keywords Twilio itself honours for opting out of and back into texts from a number.
// Surrounding spaces and punctuation are ignored ("Stop." stops): missing an opt-out costs more
// than honouring one too many.
const stopWords = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const startWords = new Set(['START', 'UNSTOP', 'YES']);

/** What an inbound text asks for: 'stop', 'start', or undefined for anything else. */
export function optOutIntent(body: string): 'stop' | 'start' | undefined {
  const word = body.replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '').toUpperCase();
  if (stopWords.has(word)) return 'stop';
  if (startWords.has(word)) return 'start';
  return undefined;
}
