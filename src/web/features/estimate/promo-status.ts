// What the promo code form says about the code in effect (issue 15 item 11): a code refused
// beside one applied earlier must not leave 'applied' next to 'not valid' with no word on which
// code the price uses.

/** The end of 'Promo code TINT50 …' beside Remove: 'applied.', or beside a refusal 'is still in effect.' */
export function appliedTail(refusedBeside: boolean): string {
  return refusedBeside ? 'is still in effect.' : 'applied.';
}

/** The refusal, naming the code it is about when another one is in effect. */
export function refusalStatus(message: string, refusedCode: string | null, applied: string | null) {
  if (!applied || !refusedCode || refusedCode.toUpperCase() === applied.toUpperCase()) {
    return message;
  }
  return `${refusedCode.toUpperCase()}: ${message}`;
}
