import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import {
  addressMessages,
  addressSearch,
  type AddressPrediction,
  type PlaceDetails,
} from '#shared/address/address.contract.ts';
import { api } from '#web/lib/api-client.ts';

export interface BaseAddress {
  address: string;
  lat: number;
  lng: number;
  /** The suggestion it was chosen from (the API of consultants takes it). */
  placeId?: string;
}

const coordinate = (value: number) => (Number.isFinite(value) ? value.toFixed(5) : 'not set');

// A small search-and-choose of its own (the contact form's combobox belongs to that feature):
// the admin searches on demand, then picks one result from a list of buttons. The business's base
// (Settings) and each consultant's (Job Tracking Settings › Consultants) are chosen with it.
async function findAddresses(text: string): Promise<AddressPrediction[]> {
  const params = new URLSearchParams({ q: text });
  const body = await api.get<{ predictions: AddressPrediction[] }>(
    `/api/address/suggest?${params}`,
  );
  return body.predictions;
}

async function lookUp(prediction: AddressPrediction): Promise<BaseAddress> {
  const { place } = await api.get<{ place: PlaceDetails }>(
    `/api/address/place/${encodeURIComponent(prediction.placeId)}`,
  );
  return { address: place.formattedAddress, ...place.location, placeId: place.placeId };
}

/** A base address: search, choose a result, see the chosen address and its coordinates. */
export function BaseAddressField({
  id,
  value,
  onChange,
  error,
  label = 'Find the base address',
  chosenLabel = 'Base address',
  chosenStatus = 'Base address chosen. Save to keep it.',
}: {
  id: string;
  value: BaseAddress;
  onChange: (value: BaseAddress) => void;
  error?: string | undefined;
  label?: string;
  /** What the chosen address is called where it is shown ("Base address"). */
  chosenLabel?: string;
  /** Said (live) once an address is chosen. */
  chosenStatus?: string;
}) {
  const [text, setText] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const chosen = useRef<HTMLDivElement>(null);
  const search = useMutation({ mutationFn: findAddresses });
  const pick = useMutation({
    mutationFn: lookUp,
    onSuccess: (address) => {
      onChange(address);
      search.reset();
      setText('');
      // the result buttons are gone: take focus to what was chosen
      chosen.current?.focus();
    },
  });

  const runSearch = () => {
    const typed = text.trim();
    setTooShort(typed.length < addressSearch.minChars);
    pick.reset();
    if (typed.length >= addressSearch.minChars) search.mutate(typed);
  };
  const searchOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter here searches; it must not save the whole form
    runSearch();
  };

  const results = search.data ?? [];
  let searchStatus = '';
  if (tooShort) searchStatus = `Type at least ${addressSearch.minChars} characters.`;
  else if (search.isPending) searchStatus = addressMessages.loading;
  else if (search.isSuccess)
    searchStatus = results.length ? `${results.length} found. Choose one.` : addressMessages.empty;
  else if (pick.isSuccess) searchStatus = chosenStatus;

  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <p id={helpId} className="mb-2 text-sm text-muted">
          Type a street and suburb, search, then choose one result.
        </p>
        <div className="flex gap-2">
          <input
            id={id}
            type="search"
            autoComplete="off"
            className="field-input"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={searchOnEnter}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${helpId}` : helpId}
          />
          <button
            type="button"
            className="btn-quiet shrink-0"
            disabled={search.isPending}
            onClick={runSearch}
          >
            Search
          </button>
        </div>
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
        <p role="status" className="mt-2 text-sm text-muted">
          {searchStatus}
        </p>
      </div>
      {search.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="font-semibold text-danger">{addressMessages.unavailable}</p>
          <button type="button" className="btn-quiet" onClick={runSearch}>
            {addressMessages.retry}
          </button>
        </div>
      )}
      {results.length > 0 && (
        <ul aria-label="Address results" className="space-y-2">
          {results.map((prediction) => (
            <li key={prediction.placeId}>
              <button
                type="button"
                className="btn-quiet w-full justify-start text-left"
                disabled={pick.isPending}
                onClick={() => pick.mutate(prediction)}
              >
                {prediction.description}
              </button>
            </li>
          ))}
        </ul>
      )}
      {pick.isError && (
        <p role="alert" className="font-semibold text-danger">
          That address could not be looked up. Please choose it again.
        </p>
      )}

      <div ref={chosen} tabIndex={-1} className="rounded-lg bg-canvas p-3">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
          <div className="col-span-2">
            <dt className="text-sm text-muted">{chosenLabel}</dt>
            <dd className="font-semibold">{value.address || 'Not set'}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Latitude</dt>
            <dd>{coordinate(value.lat)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Longitude</dt>
            <dd>{coordinate(value.lng)}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
