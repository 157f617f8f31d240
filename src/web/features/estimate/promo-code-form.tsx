import { useState } from 'react';
import { appliedTail, refusalStatus } from './promo-status';

interface Props {
  applied: string | null;
  /** Resolves with the server's refusal message, or null when the code was applied. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
  /** A remembered code that no longer works: why. */
  refusal: string | null;
}

const emptyCode = 'Please enter a promo code.';

/** Promo code: the server decides, and says why when it refuses one. */
export function PromoCodeForm({ applied, onApply, onRemove, refusal }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The code the current error is about (the one typed), to tell it from the one applied. */
  const [refusedCode, setRefusedCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const message = error ? refusalStatus(error, refusedCode, applied) : refusal;
  const refusedBeside = Boolean(error && applied);

  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy) return;
        const trimmed = code.trim();
        if (!trimmed) {
          setRefusedCode(null);
          return setError(emptyCode);
        }
        setBusy(true);
        const refused = await onApply(trimmed);
        setBusy(false);
        setError(refused);
        setRefusedCode(refused ? trimmed : null);
        if (!refused) setCode('');
      }}
    >
      <label htmlFor="promoCode" className="field-label">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id="promoCode"
          name="promoCode"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'promoCode-error' : undefined}
          className="field-input"
        />
        <button type="submit" className="btn-quiet shrink-0" aria-disabled={busy || undefined}>
          Apply
        </button>
      </div>
      <div aria-live="polite">
        {message && (
          <p id="promoCode-error" className="field-error">
            {message}
          </p>
        )}
        {applied && (
          <p className="mt-2 flex flex-wrap items-center gap-x-3">
            <span>
              Promo code <strong>{applied}</strong> {appliedTail(refusedBeside)}
            </span>
            <button
              type="button"
              className="link min-h-11"
              aria-label={`Remove promo code ${applied}`}
              onClick={() => {
                setError(null);
                onRemove();
              }}
            >
              Remove
            </button>
          </p>
        )}
      </div>
    </form>
  );
}
