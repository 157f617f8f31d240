import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import type { AddressPrediction, PlaceDetails } from '#shared/address/address.contract.ts';
import type { InputBinding } from '#web/components/ui/text-field.tsx';
import { api } from '#web/lib/api-client.ts';
import { chosenFromPlace } from './address-state';
import type { ChosenAddress } from './contact-storage';
import type { ContactForm } from './contact-form-types';
import { useAddressSearch } from './use-address-search';

// On a phone the list opens under the field, where an on-screen keyboard covers it: when the
// field gets focus there, it is scrolled to the top of the page, just under the sticky header
// (issue 15 item 12). A page too short for that gets room below it while the form is shown
// (taking it away on blur would move the page under a tap on Continue). Desktop pages are left
// where the person put them.
const smallScreen = '(max-width: 767px), (max-height: 599px)';

function bringToTop(input: HTMLInputElement) {
  if (!window.matchMedia(smallScreen).matches) return;
  const field = input.labels?.[0] ?? input;
  const header = document.querySelector('header');
  const covered = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  const distance = field.getBoundingClientRect().top - covered - 8;
  const { scrollHeight } = document.documentElement;
  const room = scrollHeight - window.innerHeight - window.scrollY;
  if (distance > room) document.body.style.paddingBottom = `${Math.ceil(distance - room)}px`;
  window.scrollBy({ top: distance });
}

const releaseRoom = () => {
  document.body.style.paddingBottom = '';
};

interface Options {
  form: ContactForm;
  /** The person typed: whatever was picked no longer counts. */
  onTyped: () => void;
  onChosen: (chosen: ChosenAddress) => void;
}

/** State and keyboard of the Property Address combobox (arrows, Enter, Escape). */
export function useAddressCombobox({ form, onTyped, onChosen }: Options) {
  const text = useWatch({ control: form.control, name: 'address' }) ?? '';
  const [searching, setSearching] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [details, setDetails] = useState<'idle' | 'loading' | 'failed'>('idle');
  const pickCount = useRef(0);
  // the place lookup of the latest pick: a submit waits for it (the pick is not valid before)
  const pendingPick = useRef<Promise<void>>(Promise.resolve());
  const lastPick = useRef<() => void>(() => {});
  const search = useAddressSearch(text, searching);
  useEffect(() => releaseRoom, []); // the room made for the list goes with the form
  const { predictions } = search;
  const expanded = open && predictions.length > 0;
  const activeIndex = active < predictions.length ? active : -1;

  /** The text changed by typing (also when the first-paint form handed typed text over). */
  const typed = (focused: boolean) => {
    onTyped();
    pickCount.current += 1; // a details answer still on its way no longer applies
    setDetails('idle');
    setSearching(true);
    setOpen(focused);
    setActive(-1);
  };

  const choose = (prediction: AddressPrediction) => {
    const ticket = ++pickCount.current;
    lastPick.current = () => choose(prediction);
    setSearching(false);
    setOpen(false);
    setActive(-1);
    setDetails('loading');
    form.setValue('address', prediction.description, { shouldDirty: true });
    pendingPick.current = api
      .get<{ place: PlaceDetails }>(
        `/api/address/place/${encodeURIComponent(prediction.placeId)}?${new URLSearchParams({ sessionToken: search.sessionToken })}`,
      )
      .then(({ place }) => {
        if (ticket !== pickCount.current) return;
        setDetails('idle');
        search.renewToken();
        onChosen(chosenFromPlace(place, prediction.description));
      })
      .catch(() => {
        if (ticket === pickCount.current) setDetails('failed');
      });
  };
  const pick = (index: number) => {
    const prediction = predictions[index];
    if (prediction) choose(prediction);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = predictions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      setOpen(true);
      setSearching(true);
      setActive(
        !expanded || activeIndex < 0
          ? down
            ? 0
            : count - 1
          : (activeIndex + (down ? 1 : -1) + count) % count,
      );
    } else if (event.key === 'Enter' && expanded && activeIndex >= 0) {
      event.preventDefault(); // picks the suggestion; the form is not submitted
      pick(activeIndex);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const registration = form.register('address');
  const input: InputBinding = {
    ...registration,
    onChange: (event) => {
      void registration.onChange(event);
      typed(true);
    },
    onBlur: (event) => {
      void registration.onBlur(event);
      setOpen(false);
    },
    onFocus: (event) => {
      // open stays open: the first-paint form's text handed over (typed) opened it in this batch
      setOpen((wasOpen) => wasOpen || searching);
      bringToTop(event.currentTarget);
    },
    onKeyDown,
  };

  const status =
    details === 'loading' ? 'loading' : details === 'failed' ? 'unavailable' : search.status;
  const retry = () => {
    if (details === 'failed') lastPick.current();
    else {
      search.retry();
      setOpen(true);
    }
    document.getElementById('address')?.focus();
  };

  /** Resolves once the latest pick's details have come back (or failed). */
  const settled = () => pendingPick.current;

  return { text, input, predictions, expanded, activeIndex, pick, typed, status, retry, settled };
}
